// Exact row counts of every table the application owns (schemas public, auth, storage, supabase_migrations), for the backup
// manifest and the clean-shutdown record compared at the next start.
import type { Queryable } from '../db/types';

export type RowCounts = Record<string, number>;
const SCHEMAS = ['public', 'auth', 'storage', 'supabase_migrations'];

export async function countRows(q: Queryable): Promise<RowCounts> {
  const tables = await q.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
     where schemaname = any($1::text[]) order by 1`, [SCHEMAS]);
  if (!tables.rows.length) return {};
  const sql = tables.rows.map((t, i) => `select ${i} as i, count(*)::bigint::text as n from ${t.name}`).join(' union all ');
  const counts = await q.query<{ i: number; n: string }>(sql);
  const out: RowCounts = {};
  for (const r of counts.rows) out[tables.rows[r.i].name] = Number(r.n);
  return out;
}

/** Tables with fewer rows in `now` than in `before` (missing tables count as 0). */
export function missingRows(before: RowCounts, now: RowCounts): { table: string; before: number; now: number }[] {
  return Object.entries(before).filter(([t, n]) => (now[t] ?? 0) < n).map(([table, n]) => ({ table, before: n, now: now[table] ?? 0 }));
}
