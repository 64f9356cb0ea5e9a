// Autovacuum's job on PGlite, which has none (one process, no background workers): rows deleted or updated stay as
// dead tuples that every scan of their table reads past, and the planner's statistics go stale. Every `intervalMs`
// the embedded server reads the tables' counters (pg_stat_user_tables, flushed first) and vacuums or analyses, one
// table per statement so requests interleave, those past PostgreSQL's default autovacuum thresholds. On PostgreSQL
// (Supabase included) autovacuum does this and nothing here runs.
import type { Database, Queryable } from './types';

/** PostgreSQL's defaults: autovacuum_vacuum_threshold/scale_factor and autovacuum_analyze_threshold/scale_factor. */
export const VACUUM_BASE = 50;
export const VACUUM_SCALE = 0.2;
export const ANALYZE_BASE = 50;
export const ANALYZE_SCALE = 0.1;

export interface TableCounters { schema: string; table: string; live: number; dead: number; modifiedSinceAnalyze: number }
export interface TableDue { schema: string; table: string; vacuum: boolean }

/** The tables past a threshold: vacuumed (and analysed) when their dead rows are, else analysed only. */
export function tablesDue(counters: readonly TableCounters[]): TableDue[] {
  const due: TableDue[] = [];
  for (const c of counters) {
    const vacuum = c.dead > VACUUM_BASE + VACUUM_SCALE * c.live;
    if (vacuum || c.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * c.live) due.push({ schema: c.schema, table: c.table, vacuum });
  }
  return due;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One pass: the counters flushed and read, then each table due vacuumed or analysed; returns what was done. */
export async function vacuumDueTables(q: Queryable): Promise<TableDue[]> {
  await q.query('select pg_stat_force_next_flush()');
  const { rows } = await q.query<{ schema: string; table: string; live: string; dead: string; mod: string }>(
    `select schemaname as schema, relname as "table", n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as mod
       from pg_stat_user_tables`);
  const due = tablesDue(rows.map((r) => ({ schema: r.schema, table: r.table, live: Number(r.live), dead: Number(r.dead), modifiedSinceAnalyze: Number(r.mod) })));
  for (const t of due) await q.query(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${quoted(t.schema)}.${quoted(t.table)}`);
  return due;
}

/** Runs vacuumDueTables every `intervalMs` on PGlite (a pass at a time; a failed pass is tried again at the next tick). */
export function startPgliteVacuum(db: Database, o: { intervalMs?: number } = {}): { stop(): Promise<void> } {
  if (db.kind !== 'pglite') return { stop: async () => undefined };
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = vacuumDueTables(db.admin).catch(() => undefined).finally(() => { running = null; });
  };
  const timer = setInterval(tick, o.intervalMs ?? 15_000);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
