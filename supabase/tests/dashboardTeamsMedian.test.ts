// The teams statistic over every line (20261129150000_dashboard_resolution_bands.sql): its count and median
// days to resolve come from the resolution histogram (whole months) + the partial first month + the band holding each
// middle rank read in duration order. They must equal percentile_cont(0.5) over the period's resolutions exactly, for
// every period length (a period starting on the 1st of a month or not), with even and odd counts, durations from 0 and
// negative (a report dated after its resolution) to ~1 year, two teams and no team, and with a team filter; before and
// after private.rebuild_point_states().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, makeWorld, testKind, type World } from './fixtures';

const NO_TEAM = '00000000-0000-0000-0000-000000000000';
let w: World;

type Row = { team_id: string | null; resolved: number; median_days: string | null };

/** The statistic as a member sees it (teams with resolutions only). */
async function teams(days: number, teamIds: string[] | null): Promise<Row[]> {
  const rows = await asUser<Row>(w.db, w.userA,
    'select team_id, resolved, median_days::text from private.dashboard_teams(null, $1, $2) where resolved > 0 order by 1 nulls last', [days, teamIds]);
  return rows.map((r) => ({ ...r, resolved: Number(r.resolved) }));
}

/** The same from every resolution of the period, sorted in full (the definition). */
async function reference(days: number, teamIds: string[] | null): Promise<Row[]> {
  return (await w.db.admin.query<Row>(
    `select team_id, count(*)::integer as resolved,
            round((percentile_cont(0.5) within group (order by extract(epoch from valid_from - reported_at)))::numeric / 86400, 1)::text as median_days
       from private.point_states
      where status = 'resolu' and prev_status is distinct from 'resolu'
        and valid_from >= (private.paris_day(now()) - ($1::integer - 1))::timestamp at time zone 'Europe/Paris'
        and ($2::uuid[] is null or coalesce(team_id, '${NO_TEAM}'::uuid) = any ($2))
      group by 1 order by 1 nulls last`, [days, teamIds])).rows.map((r) => ({ ...r, resolved: Number(r.resolved) }));
}

beforeAll(async () => {
  w = await makeWorld();
  // 700 points on the first line, reported over the last 420 days, resolved after 0 s to ~1 year (never in the future).
  await w.db.admin.query(
    `create temp table gen as
       select i, ('b0000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid as id,
              now() - (i * 7 % 420) * interval '1 day' - (i * 13 % 1440) * interval '1 minute' as at,
              case i % 3 when 0 then $1::uuid when 1 then $2::uuid end as team,
              case when i % 50 = 7 then interval '0'
                   when i % 5 = 0 then ((i * 37 % 1000) ^ 2) * 30 * interval '1 second'
                   else ((i * 37 % 1000) ^ 2) * interval '1 second' end as took
         from generate_series(1, 700) i`, [w.team, w.freeTeam]);
  await w.db.admin.query(
    `insert into public.audit_log (at, table_name, row_id, action, changes)
     select g.at, 'points', g.id::text, 'insert', jsonb_build_object(
              'line_id', jsonb_build_object('new', (select id from public.lines order by sort limit 1)),
              'status', jsonb_build_object('new', 'signale'), 'criticality', jsonb_build_object('new', 'attention'),
              'team_id', jsonb_build_object('new', g.team), 'name', jsonb_build_object('new', 'median ' || g.i),
              -- every 50th report is dated two days after it was logged: resolved before it was reported
              'created_at', jsonb_build_object('new', g.at + case when g.i % 50 = 9 then interval '2 days' else interval '0' end))
       from gen g order by g.at`);
  await w.db.admin.query(
    `insert into public.audit_log (at, table_name, row_id, action, changes)
     select g.at + case when g.i % 50 = 9 then interval '1 day' else g.took end, 'points', g.id::text, 'update',
            '{"status": {"old": "signale", "new": "resolu"}}'::jsonb
       from gen g where g.at + case when g.i % 50 = 9 then interval '1 day' else g.took end < now()
      order by 1`);
}, 120_000);
afterAll(async () => { await w?.db.close(); });

describe(`teams median over every line (${testKind()})`, () => {
  const cases: [number, string[] | null][] = [[1, null], [7, null], [30, null], [31, null], [90, null], [200, null], [365, null], [400, null],
    [90, null], [365, [NO_TEAM]], [200, ['team', NO_TEAM]]];
  const ids = (t: string[] | null) => t && t.map((x) => (x === 'team' ? w.team : x));

  it('equals percentile_cont over the period, fed by the log', async () => {
    const year = await reference(400, null);
    expect(year).toHaveLength(3);
    expect(year.reduce((a, r) => a + r.resolved, 0)).toBeGreaterThan(400);
    let odd = 0; let even = 0;
    for (const [days, t] of cases) {
      const want = await reference(days, ids(t));
      for (const r of want) { if (r.resolved % 2) odd++; else even++; }
      expect({ days, t, rows: await teams(days, ids(t)) }).toEqual({ days, t, rows: want });
    }
    expect(odd).toBeGreaterThan(2);
    expect(even).toBeGreaterThan(2);
  });

  it('equals it after the rebuild from the log', async () => {
    await w.db.admin.query('select private.rebuild_point_states()');
    for (const [days, t] of cases) expect({ days, t, rows: await teams(days, ids(t)) }).toEqual({ days, t, rows: await reference(days, ids(t)) });
  });
});
