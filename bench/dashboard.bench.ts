// Dashboard statistics at scale: a generated history of SEED_POINTS points (default 1,000,000) on 20 lines,
// each logged as reported then changed AUDIT_PER_POINT - 1 times (default 5 entries a point: 5,000,000 audit rows; taken
// in charge, criticality changed, 75 % resolved, team changed), written into public.audit_log over the last three years
// and fed to the history tables by private.rebuild_point_states() (the migration's backfill path). Then each private
// dashboard function, as an active member, per line and for every line, over 30/90/365 days: median of RUNS runs,
// against a baseline measured in the same run (count of the current states of all points: one pass over every point).
// Target: ≤ 300 ms each. PostgreSQL: DATABASE_URL, else a throwaway server from Debian's binaries. JSON in
// bench/results/dashboard.json. public.points itself stays empty: the statistics read only the history tables.
// DASHBOARD_REUSE=1 with DATABASE_URL: a database already seeded by an earlier run is timed again as it is (after
// migrating it, so a new migration's functions are the ones timed), without generating the history again;
// DASHBOARD_MIGRATE=0 times the functions the database holds (say, before a new migration). A call cancelled by the
// role's statement_timeout is reported as such (its time is the timeout).
import { openDatabase } from '../server/db/open';
import { migrate } from '../server/db/migrate';
import { startTempPostgres } from '../server/db/tempPostgres';
import { createUserWithProfile, ctxFor } from '../test/server/testDatabase';
import { machineLoad, median, printTable, round, writeResults } from './lib/stats';

const N = Number(process.env.SEED_POINTS ?? 1_000_000);
const PER_POINT = Number(process.env.AUDIT_PER_POINT ?? 5);
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 300;

const temp = process.env.DATABASE_URL ? null : await startTempPostgres();
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? temp!.url });
try {
  let t = performance.now();
  if (process.env.DASHBOARD_MIGRATE !== '0') await migrate(db);
  console.log(`migrated in ${round((performance.now() - t) / 1000, 1)} s`);
  const member = await createUserWithProfile(db, `bench-dashboard-${Date.now()}@example.org`, 'user');
  const reuse = process.env.DASHBOARD_REUSE === '1'
    && Number((await db.admin.query<{ n: string }>('select count(*) as n from private.point_states')).rows[0].n) > 0;
  t = performance.now();
  if (!reuse) await db.admin.exec(`
    insert into public.lines (code, name, sort) select 'B' || g, 'Ligne ' || g, g from generate_series(1, 19) g;
    insert into public.teams (name) select 'Équipe ' || g from generate_series(1, 8) g;
    insert into public.criticality_levels (id, name, color, "order") values ('surveillance', 'Surveillance', '#22c55e', -1);
    alter table public.audit_log disable trigger feed_point_states;
    create temp table gen as
      select g as i, md5('p' || g)::uuid as id, now() - (random() * 1095) * interval '1 day' as created,
             (select array_agg(id order by sort) from public.lines) as lines, (select array_agg(id) from public.teams) as teams
        from generate_series(1, ${N}) g;`);
  if (!reuse) await db.admin.exec(`
    insert into public.audit_log (at, table_name, row_id, action, changes)
    select at, 'points', id::text, action, changes from (
      select g.created as at, g.id, 'insert' as action, jsonb_build_object(
               'line_id', jsonb_build_object('new', g.lines[1 + g.i % 20]),
               'status', jsonb_build_object('new', 'signale'),
               'criticality', jsonb_build_object('new', (array['surveillance', 'attention', 'attention', 'danger'])[1 + g.i % 4]),
               'team_id', jsonb_build_object('new', case when g.i % 10 = 0 then null else g.teams[1 + g.i % 8] end),
               'km_value', jsonb_build_object('new', round((random() * 120)::numeric, 2)),
               'created_at', jsonb_build_object('new', g.created), 'name', jsonb_build_object('new', 'Point ' || g.i)) as changes
        from gen g
      union all
      select g.created + (now() - g.created) * (k / ${PER_POINT}.0) * (0.5 + random() / 2), g.id, 'update',
             case k % 4
               when 1 then '{"status": {"old": "signale", "new": "pris_en_charge"}}'::jsonb
               when 2 then jsonb_build_object('criticality', jsonb_build_object('old', 'attention', 'new', (array['attention', 'danger'])[1 + (g.i + k) % 2]))
               when 3 then case when g.i % 4 = 0 then '{"description": {"old": "a", "new": "b"}}'::jsonb
                                else '{"status": {"old": "pris_en_charge", "new": "resolu"}}'::jsonb end
               else jsonb_build_object('team_id', jsonb_build_object('old', null, 'new', g.teams[1 + (g.i + k) % 8])) end
        from gen g cross join generate_series(1, ${PER_POINT - 1}) k
    ) x order by at;
    alter table public.audit_log enable trigger feed_point_states;`);
  const loadMs = performance.now() - t;
  t = performance.now();
  if (!reuse) await db.admin.exec('select private.rebuild_point_states()');
  for (const table of ['private.point_states', 'private.point_day_counts']) await db.admin.exec(`vacuum analyze ${table}`);
  const rebuildMs = performance.now() - t;
  const count = async (sql: string) => Number((await db.admin.query<{ n: string }>(sql)).rows[0].n);
  const audit = await count('select count(*) as n from public.audit_log');
  const states = await count('select count(*) as n from private.point_states');
  const days = await count('select count(*) as n from private.point_day_counts');
  const open = await count("select count(*) as n from private.point_states where valid_to is null and status in ('signale', 'pris_en_charge')");
  console.log(`${N} points, ${audit} audit rows written in ${round(loadMs / 1000, 1)} s; rebuilt in ${round(rebuildMs / 1000, 1)} s: ` +
    `${states} states, ${days} day rows, ${open} open now`);

  const line = (await db.admin.query<{ id: string }>("select id from public.lines where code = 'B7'")).rows[0].id;
  const time = async (sql: string, params: unknown[]) => {
    const ms: number[] = [];
    for (let r = 0; r <= RUNS; r++) {
      const s = performance.now();
      try {
        await db.asRequest(ctxFor(member), (tx) => tx.query(sql, params));
      } catch (e) {
        if (!/statement timeout/.test(String(e))) throw e;
        return { ms: performance.now() - s, timeout: true };
      }
      if (r > 0) ms.push(performance.now() - s); // the first run warms the cache
    }
    return { ms: median(ms), timeout: false };
  };
  const baselineRuns: number[] = [];
  for (let r = 0; r <= RUNS; r++) {
    const s = performance.now();
    await db.admin.query('select count(*) from private.point_states where valid_to is null');
    if (r > 0) baselineRuns.push(performance.now() - s);
  }
  const baseline = median(baselineRuns);
  const cases: [string, string, (l: string | null, d: number) => unknown[]][] = [
    ['open_by_day', 'select count(*) from private.dashboard_open_by_day($1, $2, null, null)', (l, d) => [l, d]],
    ['flow_by_week', 'select count(*) from private.dashboard_flow_by_week($1, $2, null)', (l, d) => [l, d]],
    ['ages', 'select count(*) from private.dashboard_ages($1, null, null)', (l) => [l]],
    ['teams', 'select count(*) from private.dashboard_teams($1, $2, null)', (l, d) => [l, d]],
    ['stretches', 'select count(*) from private.dashboard_stretches($1, null, null)', (l) => [l]],
    ['dashboard_stats (all five)', 'select public.dashboard_stats($1, $2)', (l, d) => [l, d]],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [name, sql, args] of cases) {
    for (const l of [line, null]) {
      for (const d of name === 'ages' || name === 'stretches' ? [30] : [30, 90, 365]) {
        const { ms, timeout } = await time(sql, args(l, d));
        rows.push({ query: name, line: l ? 'one' : 'all', days: d, median_ms: timeout ? `timeout ${round(ms, 0)}` : round(ms, 1),
          ratio_to_baseline: round(ms / baseline, 2),
          within_target: name.startsWith('dashboard_stats') ? '' : !timeout && ms <= TARGET_MS ? 'yes' : 'NO' });
        console.log(JSON.stringify(rows.at(-1)));
      }
    }
  }
  const { load1, cores } = machineLoad();
  printTable(`Dashboard at ${N} points / ${audit} audit rows; baseline (count of current states) ${round(baseline, 1)} ms; load ${load1} on ${cores} cores`, rows);
  writeResults('dashboard', { points: N, audit, states, days, open, loadMs, rebuildMs, baselineMs: baseline, load1, cores, rows });
} finally {
  await db.close();
  temp?.stop();
}
