// The dashboard feed under bulk changes (20261127100000_dashboard_feed_set_based.sql): the update
// entries of a batch go through set-based statements, and only a point named twice in one statement or older than the
// log goes row by row. Whatever path a change took, private.point_states and private.point_day_counts must hold
// exactly what private.rebuild_point_states() rebuilds from the whole log. Here: 600 points reported, bulk changes by
// a member (status + team, then two groups: resolved / danger), an admin's SQL update moving 50 points to another line
// and PK, a point older than the log changed in the batch, a statement logging two changes of one point, bulk
// deletions; then the states and day counts are compared with the rebuild (rows of day counts that net to zero are
// left out: they count nothing), and so are the pre-aggregated open counts (private.point_open_ages, point_open_kms,
// point_open_days (20261129160000, the last 130 days of reports): equal to a grouping of the current open states,
// before and after the rebuild), and so is the resolution histogram
// (private.team_resolution_bands and _band_days, 20261129150000: equal to a grouping of the resolutions among the states) after a
// reassignment of resolved points and a reopening then resolving again. Also: audit entries of a bulk change are per row as before; a point's id stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/types';
import { ctxFor, makeWorld, testKind, tryAs, type World } from './fixtures';

let w: World;
let line2: string;

/** Runs fn as a request of userId and commits. */
const as = <T>(userId: string, fn: (tx: Queryable) => Promise<T>) => w.db.asRequest(ctxFor(userId), fn);
const bulk = (userId: string, groups: { set: Record<string, unknown>; ids: string[] }[]) =>
  as(userId, async (tx) => {
    const versions = async (ids: string[]) => (await tx.query<{ v: string }>(
      'select p.updated_at::text as v from unnest($1::uuid[]) with ordinality u(id, o) join public.points p on p.id = u.id order by u.o', [ids])).rows.map((r) => r.v);
    const body = [];
    for (const g of groups) body.push({ ...g, versions: await versions(g.ids) });
    return (await tx.query<{ r: { updated: unknown[]; conflicts: unknown[]; missing: unknown[] } }>('select public.bulk_update_points($1) as r', [JSON.stringify(body)])).rows[0].r;
  });

async function snapshot() {
  const states = (await w.db.admin.query(
    `select point_id, line_id, status, criticality, team_id, km_value::text as km, reported_at, prev_status, valid_from, valid_to
       from private.point_states order by point_id, valid_from, valid_to nulls last`)).rows;
  const days = (await w.db.admin.query(
    `select day::text, line_id, team_id, status, criticality, open_delta, reported, resolved from private.point_day_counts
      where (open_delta, reported, resolved) <> (0, 0, 0)
      order by day, line_id nulls first, team_id nulls first, status, criticality`)).rows;
  return { states, days };
}

/** The pre-aggregated open counts (20261128110000_dashboard_open_counts.sql) and the same grouped from the states. */
async function openCounts() {
  const q = async (sql: string) => (await w.db.admin.query(sql)).rows;
  const order = 'order by 1 nulls first, 2 nulls first, 3, 4, 5 nulls first';
  return {
    ages: await q(`select line_id, team_id, status, criticality, month::text, n from private.point_open_ages where n <> 0 ${order}`),
    agesOfStates: await q(`select line_id, team_id, status, criticality, private.report_month(reported_at)::text as month, count(*)::integer as n
      from private.point_states where valid_to is null and status in ('signale', 'pris_en_charge') group by 1, 2, 3, 4, 5 ${order}`),
    days: await q(`select line_id, team_id, status, criticality, day::text, n from private.point_open_days where n <> 0 ${order}`),
    daysOfStates: await q(`select line_id, team_id, status, criticality, private.report_day(reported_at)::text as day, count(*)::integer as n
      from private.point_states where valid_to is null and status in ('signale', 'pris_en_charge')
        and reported_at >= now() - interval '130 days' group by 1, 2, 3, 4, 5 ${order}`),
    kms: await q(`select line_id, team_id, status, criticality, km, n from private.point_open_kms where n <> 0 ${order}`),
    kmsOfStates: await q(`select line_id, team_id, status, criticality, floor(km_value)::integer as km, count(*)::integer as n
      from private.point_states where valid_to is null and status in ('signale', 'pris_en_charge') group by 1, 2, 3, 4, 5 ${order}`),
    bands: await q('select team_id, month::text, band, n from private.team_resolution_bands where n <> 0 order by 1 nulls first, 2, 3'),
    bandsOfStates: await q(`select team_id, date_trunc('month', private.paris_day(valid_from))::date::text as month,
             private.resolution_band(extract(epoch from (valid_from - reported_at))::double precision) as band, count(*)::integer as n
        from private.point_states where status = 'resolu' and prev_status is distinct from 'resolu' group by 1, 2, 3 order by 1 nulls first, 2, 3`),
    bandDays: await q('select day::text, team_id, band, n from private.team_resolution_band_days where n <> 0 order by 1, 2 nulls first, 3'),
    bandDaysOfStates: await q(`select private.paris_day(valid_from)::text as day, team_id,
             private.resolution_band(extract(epoch from (valid_from - reported_at))::double precision) as band, count(*)::integer as n
        from private.point_states where status = 'resolu' and prev_status is distinct from 'resolu' group by 1, 2, 3 order by 1, 2 nulls first, 3`),
  };
}
const ids = async (sql: string, params: unknown[] = []) => (await w.db.admin.query<{ id: string }>(sql, params)).rows.map((r) => r.id);

beforeAll(async () => {
  w = await makeWorld();
  line2 = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('L2', 'Ligne 2') returning id")).rows[0].id;
}, 120_000);
afterAll(async () => { await w?.db.close(); });

describe(`dashboard feed of bulk changes (${testKind()})`, () => {
  it('bulk changes, a point older than the log and a point changed twice in one statement give what the rebuild gives', async () => {
    await w.db.admin.query(
      `insert into public.points (name, description, "position", km_value, criticality, status, team_id, created_by, created_at)
       select 'feed ' || i, 'd', jsonb_build_object('x', i, 'y', 10), (i % 90) + 0.5,
              (array['attention', 'danger', 'faible'])[1 + i % 3], (array['signale', 'signale', 'pris_en_charge', 'resolu'])[1 + i % 4],
              case when i % 5 = 0 then null else $2::uuid end, $1, now() - (i % 40) * interval '1 day'
         from generate_series(1, 600) i`, [w.userA, w.team]);
    // A point older than the log: written with no trigger at all (no insert entry, no state).
    await w.db.admin.transaction(async (tx) => {
      await tx.query("select set_config('session_replication_role', 'replica', true)");
      await tx.query(`insert into public.points (name, description, "position", status, line_id, created_by, created_at, observed_at)
                      select 'feed legacy', 'd', '{"x": 1, "y": 1}', 'signale', l.id, $1, now() - interval '400 days', now() - interval '400 days'
                        from public.lines l where l.code = 'L1'`, [w.userA]);
    });
    const all = await ids("select id from public.points where name like 'feed %' order by created_at desc, name");
    const legacy = (await ids("select id from public.points where name = 'feed legacy'"))[0];
    expect(all).toHaveLength(601);

    // A member's batch of 500 (the legacy point among them), then a batch of two groups.
    const first = await bulk(w.userA, [{ set: { status: 'pris_en_charge', team_id: w.freeTeam }, ids: [...all.slice(0, 499), legacy] }]);
    expect(first.updated.length).toBeGreaterThan(300);
    const second = await bulk(w.userA, [{ set: { status: 'resolu' }, ids: all.slice(100, 300) }, { set: { criticality: 'danger' }, ids: all.slice(300, 400) }]);
    expect(second.conflicts).toEqual([]);
    // An admin's SQL update: 50 points to line 2 at a new PK (one statement, actor null).
    await w.db.admin.query('update public.points set line_id = $1, km_value = km_value + 100 where id = any ($2::uuid[])', [line2, all.slice(450, 500)]);
    // One statement logging two changes of one point and one change of another (a replay, an import).
    const [twice, once] = await ids(
      "select id from public.points where id = any ($1::uuid[]) and status = 'signale' and criticality = 'attention' order by id limit 2", [all.slice(500, 590)]);
    await w.db.admin.query(
      `insert into public.audit_log (table_name, row_id, action, changes) values
         ('points', $1, 'update', '{"status": {"old": "signale", "new": "pris_en_charge"}}'),
         ('points', $2, 'update', '{"criticality": {"old": "attention", "new": "danger"}}'),
         ('points', $1, 'update', '{"status": {"old": "pris_en_charge", "new": "resolu"}, "km_value": {"old": 1, "new": 2}}')`, [twice, once]);
    // Bulk deletions by an admin.
    const del = await as(w.admin, async (tx) => {
      const rows = (await tx.query<{ id: string; v: string }>('select id, updated_at::text as v from public.points where id = any ($1::uuid[])', [all.slice(590, 600)])).rows;
      return (await tx.query<{ r: { deleted: unknown[] } }>('select public.bulk_delete_points($1) as r',
        [JSON.stringify({ ids: rows.map((r) => r.id), versions: rows.map((r) => r.v) })])).rows[0].r;
    });
    expect(del.deleted).toHaveLength(10);
    // Resolved points reassigned to another team, then some reopened and resolved again (a second resolution each).
    const resolved = await ids("select id from public.points where name like 'feed %' and status = 'resolu' order by id limit 60");
    await bulk(w.userA, [{ set: { team_id: w.team }, ids: resolved.slice(0, 30) }]);
    await bulk(w.userA, [{ set: { status: 'signale' }, ids: resolved.slice(20, 60) }]);
    await bulk(w.userA, [{ set: { status: 'resolu', team_id: w.freeTeam }, ids: resolved.slice(40, 60) }]);

    const fed = await snapshot();
    // The point changed twice: three states in a row; the legacy point: its state before the batch, then the batch's.
    const of = (id: string) => fed.states.filter((s) => s.point_id === id).map((s) => [s.prev_status, s.status]);
    expect(of(twice).slice(-3)).toEqual([[null, 'signale'], ['signale', 'pris_en_charge'], ['pris_en_charge', 'resolu']]);
    expect(of(legacy)).toEqual([[null, 'signale'], ['signale', 'pris_en_charge']]);
    // The day counts add up to the current open states, per line.
    const open = await w.db.admin.query<{ line_id: string; n: string; sum: string }>(
      `select s.line_id, count(*)::text as n,
              (select sum(d.open_delta)::text from private.point_day_counts d where d.line_id is not distinct from s.line_id) as sum
         from private.point_states s where s.valid_to is null and s.status in ('signale', 'pris_en_charge') group by s.line_id`);
    expect(open.rows.length).toBe(2);
    for (const r of open.rows) expect(r.sum).toBe(r.n);

    // The open counts kept by the feed: a grouping of the current open states, before and after the rebuild.
    const fedCounts = await openCounts();
    expect(fedCounts.ages.length).toBeGreaterThan(10);
    expect(fedCounts.ages).toEqual(fedCounts.agesOfStates);
    expect(fedCounts.kms).toEqual(fedCounts.kmsOfStates);
    expect(fedCounts.days.length).toBeGreaterThan(40);
    expect(fedCounts.days).toEqual(fedCounts.daysOfStates);
    expect(fedCounts.bands.length).toBeGreaterThan(2);
    expect(fedCounts.bands).toEqual(fedCounts.bandsOfStates);
    expect(fedCounts.bandDays).toEqual(fedCounts.bandDaysOfStates);

    await w.db.admin.query('select private.rebuild_point_states()');
    const rebuilt = await snapshot();
    expect(fed.states.length).toBe(rebuilt.states.length);
    expect(fed.states).toEqual(rebuilt.states);
    expect(fed.days).toEqual(rebuilt.days);
    const rebuiltCounts = await openCounts();
    expect(rebuiltCounts.ages).toEqual(fedCounts.ages);
    expect(rebuiltCounts.kms).toEqual(fedCounts.kms);
    expect(rebuiltCounts.days).toEqual(fedCounts.days);
    expect(rebuiltCounts.days).toEqual(rebuiltCounts.daysOfStates);
    expect(rebuiltCounts.kms).toEqual(rebuiltCounts.kmsOfStates);
    expect(rebuiltCounts.bands).toEqual(fedCounts.bands);
    expect(rebuiltCounts.bandDays).toEqual(fedCounts.bandDays);
  }, 120_000);

  it('a bulk change logs one entry per changed row, with the changed columns as a single update would', async () => {
    const [a, b] = await ids("insert into public.points (name, description, \"position\", created_by) values ('audit a', 'd', '{\"x\": 1, \"y\": 1}', $1), ('audit b', 'd', '{\"x\": 2, \"y\": 1}', $1) returning id", [w.userA]);
    const r = await bulk(w.userA, [{ set: { status: 'resolu', team_id: w.team }, ids: [a, b] }]);
    expect(r.updated).toHaveLength(2);
    const entries = (await w.db.admin.query<{ row_id: string; actor: string; changes: unknown }>(
      "select row_id, actor, changes from public.audit_log where action = 'update' and row_id = any ($1::text[]) order by row_id", [[a, b]])).rows;
    expect(entries).toEqual([a, b].sort().map((id) => ({ row_id: id, actor: w.userA,
      changes: { status: { old: 'signale', new: 'resolu' }, team_id: { old: null, new: w.team } } })));
  });

  it("a point's id cannot change (the audit pairs old and new rows by id)", async () => {
    const r = await tryAs(w.db, w.userA, (tx) => tx.query("update public.points set id = gen_random_uuid(), updated_at = updated_at where id = $1", [w.point]));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('22023');
  });
});
