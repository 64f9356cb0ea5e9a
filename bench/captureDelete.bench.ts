// The embedded server's realtime capture in a 10,000-point delete: the same delete of CAPTURE_POINTS
// (default 10,000) points, each time inside a transaction that is rolled back, with (a) the capture as installed
// (one statement trigger: server/db/realtimeQueue.sql), (b) the former per-row trigger put back for that transaction
// only (one insert + one pg_notify per row), (c) no realtime capture (the floor: audit, feed, tombstones only).
// Alternated, median of CAPTURE_RUNS (default 3) each; ratios against (b) in the same run. A throwaway PostgreSQL
// (CAPTURE_DB=pglite: PGlite in memory). JSON in bench/results/captureDelete.json.
import { openDatabase } from '../server/db/open';
import { migrate } from '../server/db/migrate';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { addExtraPoints } from '../supabase/seed/demo';
import type { Queryable } from '../server/db/types';
import { machineLoad, median, printTable, round, writeResults } from './lib/stats';

const N = Number(process.env.CAPTURE_POINTS ?? 10_000);
const RUNS = Number(process.env.CAPTURE_RUNS ?? 3);
const KIND = process.env.CAPTURE_DB === 'pglite' ? 'pglite' : 'postgres';

const variants: Record<string, string> = {
  'per statement (installed)': '',
  'per row (former)': `drop trigger realtime_capture_delete on public.points;
    create trigger realtime_capture after delete on public.points for each row execute function realtime.capture_change()`,
  'no capture (floor)': 'drop trigger realtime_capture_delete on public.points',
};

let pg: TempPostgres | null = null;
if (KIND === 'postgres') pg = await startTempPostgres();
const db = await openDatabase(pg ? { databaseUrl: pg.url } : { memory: true });
try {
  await migrate(db);
  await db.admin.exec("insert into public.lines (code, name) select 'L1', 'Ligne' where not exists (select 1 from public.lines)");
  await addExtraPoints(db, N);
  await db.admin.exec('analyze public.points');
  const ids = (await db.admin.query<{ id: string }>('select id from public.points order by id limit $1', [N])).rows.map((r) => r.id);
  const ms: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const ROLLBACK = new Error('rollback');
  for (let run = 0; run < RUNS; run++) {
    for (const [name, setup] of Object.entries(variants)) {
      await db.admin.transaction(async (tx: Queryable) => {
        for (const stmt of setup.split(';').map((x) => x.trim()).filter(Boolean)) await tx.query(stmt);
        const t0 = performance.now();
        const r = await tx.query('delete from public.points where id = any ($1::uuid[])', [ids]);
        ms[name].push(performance.now() - t0);
        if (r.affectedRows !== N) throw new Error(`deleted ${r.affectedRows}, expected ${N}`);
        throw ROLLBACK;
      }).catch((e) => { if (e !== ROLLBACK) throw e; });
    }
  }
  const base = median(ms['per row (former)']);
  const rows = Object.entries(ms).map(([name, m]) => ({
    variant: name, 'median ms': round(median(m), 0), runs: m.map((x) => Math.round(x)).join(' / '), 'vs per row': round(median(m) / base, 2),
  }));
  const load = machineLoad();
  printTable(`delete of ${N} points (${KIND}), load ${load.load1.toFixed(1)} on ${load.cores} cores`, rows);
  writeResults('captureDelete', { points: N, kind: KIND, load, ms });
} finally {
  await db.close();
  pg?.stop();
}
