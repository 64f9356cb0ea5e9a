// What the per-day open counts (20261129160000_dashboard_open_days.sql) cost the writes: the same UPDATE
// of FEED_STATES current open states of private.point_states (status flipped signale <-> pris_en_charge: every state
// leaves its keys and joins others) with the statement trigger private.point_open_counts_apply() as
// 20261129150000_dashboard_resolution_bands.sql left it (before) and as 20261129160000 makes it (after), each in a
// transaction rolled back, alternated RUNS times in the same process (which goes first alternates too): the ratio after / before is the new table's
// cost. Two sets of states: any open states (mostly reported long ago: outside the 130 days the table keeps) and
// states reported in the last 120 days (all written: the worst case).
// Needs a seeded database migrated up to 20261129160000 (bench/dashboard.bench.ts leaves one):
// `DATABASE_URL=postgres://… RUNS=5 npm run bench dashboardOpenDays`. JSON in bench/results/dashboardOpenDays.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../server/db/open';
import { MIGRATIONS_DIR } from '../server/db/migrate';
import { machineLoad, median, printTable, round, writeResults } from './lib/stats';

const RUNS = Number(process.env.RUNS ?? 5);
const STATES = Number(process.env.FEED_STATES ?? 10_000);

/** The body of private.point_open_counts_apply() as a migration file defines it. */
function triggerBody(file: string): string {
  const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
  const start = sql.indexOf('create or replace function private.point_open_counts_apply()');
  const end = sql.indexOf('comment on function private.point_open_counts_apply()', start);
  if (start < 0 || end < 0) throw new Error(`no trigger body in ${file}`);
  return sql.slice(start, end);
}
const bodies = { before: triggerBody('20261129150000_dashboard_resolution_bands.sql'), after: triggerBody('20261129160000_dashboard_open_days.sql') };
const ROLLBACK = new Error('rollback');

async function run(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl });
  try {
    const rows: Record<string, unknown>[] = [];
    for (const [set, where] of [['any open', ''], ['reported < 120 days', "and reported_at > now() - interval '120 days'"]] as const) {
      const ms: Record<'before' | 'after', number[]> = { before: [], after: [] };
      for (let r = 0; r <= RUNS; r++) {
        for (const kind of r % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
          await db.admin.transaction(async (tx) => {
            await tx.query(bodies[kind]);
            const t = performance.now();
            await tx.query(`update private.point_states s set status = case s.status when 'signale' then 'pris_en_charge' else 'signale' end
              where s.valid_to is null and s.point_id in (select point_id from private.point_states
                where valid_to is null and status in ('signale', 'pris_en_charge') ${where} order by point_id limit ${STATES})`);
            if (r > 0) ms[kind].push(performance.now() - t);
            throw ROLLBACK;
          }).catch((e: unknown) => { if (e !== ROLLBACK) throw e; });
        }
      }
      const before = median(ms.before);
      const after = median(ms.after);
      rows.push({ states: set, before_ms: round(before, 1), after_ms: round(after, 1), ratio_after_to_before: round(after / before, 2) });
    }
    const { load1, cores } = machineLoad();
    printTable(`UPDATE of ${STATES} open states, trigger before/after point_open_days, medians of ${RUNS}; load ${load1} on ${cores} cores`, rows);
    writeResults('dashboardOpenDays', { states: STATES, runs: RUNS, load1, cores, rows });
  } finally {
    await db.close();
  }
}

if (process.env.DATABASE_URL) await run(process.env.DATABASE_URL);
else console.log('dashboardOpenDays skipped: DATABASE_URL must name a seeded database (see bench/dashboard.bench.ts)');
