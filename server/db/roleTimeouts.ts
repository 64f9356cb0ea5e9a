// The API roles' own statement_timeout (`alter role … set`, as Supabase configures anon 3 s and authenticated 8 s;
// server/db/bootstrap.sql): a role switched with set_config does not load its settings, so each request applies them
// as PostgREST does — by set_config on PostgreSQL, by the worker's deadline on PGlite (pgliteDeadline.mjs).
import type { Row } from './types';

type Reader = { query<T = Row>(sql: string): Promise<{ rows: T[] }> };

/** Role name → its statement_timeout as PostgreSQL prints it ('8s'). */
export async function readRoleTimeouts(db: Reader): Promise<Map<string, string>> {
  const r = await db.query<{ role: string; value: string }>(
    `select r.rolname as role, split_part(c, '=', 2) as value
       from pg_catalog.pg_db_role_setting s join pg_catalog.pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
      where r.rolname in ('anon', 'authenticated', 'service_role') and c like 'statement_timeout=%'
        and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
      order by s.setdatabase`);
  return new Map(r.rows.map((x) => [x.role, x.value]));
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** A statement_timeout setting ('8s', '3000', '1min') in milliseconds; 0 (no limit) when unset or unreadable. */
export function timeoutMs(value: string | undefined): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value ?? '');
  return m ? Math.round(Number(m[1]) * UNIT_MS[m[2] ?? 'ms']) : 0;
}
