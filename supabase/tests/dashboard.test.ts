// Dashboard statistics (20261125130000_dashboard_history.sql, 20261125130100_dashboard_stats.sql) on a
// hand-built history of audit entries dated in the past (numbers worked out by hand below), then the same tables fed by
// real writes of a member, the rebuild from the log, and who may call them.
//
// History on line L1 (days ago, each event at 11:00 UTC; period 30 days = days -29..0):
//   A  -40 reported attention signalé T1 PK 12.3; -10 → danger; -5 → pris en charge.        open now (danger)
//   B  -20 reported danger signalé T2 PK 12.8; -8 → résolu (12 days).
//   C  -15 reported attention signalé, no team, PK 3.5; -3 deleted.
//   E -100 reported attention T1 PK 12.9; -95 → résolu (before the period).
//   F  -60 reported danger pris en charge T2 PK 7.2; -25 → résolu (35 days); -24 → signalé.   open now (danger)
// and on line L2: D -2 reported attention signalé T1 PK 12.1. The fixture's own point (L1) is reported and deleted today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, makeWorld, testKind, tryAs, type World } from './fixtures';

const ID = { A: 'a0000000-0000-4000-8000-000000000001', B: 'a0000000-0000-4000-8000-000000000002', C: 'a0000000-0000-4000-8000-000000000003',
  D: 'a0000000-0000-4000-8000-000000000004', E: 'a0000000-0000-4000-8000-000000000005', F: 'a0000000-0000-4000-8000-000000000006' };
const NO_TEAM = '00000000-0000-0000-0000-000000000000';

let w: World;
let L1: string; let L2: string; let T1: string; let T2: string; let today: string;

/** One audit entry of point `id`, `daysAgo` Paris days ago at 11:00 UTC. */
async function ev(id: string, daysAgo: number, action: 'insert' | 'update' | 'delete', changes: Record<string, unknown>) {
  await w.db.admin.query(
    `insert into public.audit_log (at, table_name, row_id, action, changes)
     values (((private.paris_day(now()) - $1::int)::timestamp + interval '11 hours') at time zone 'UTC', 'points', $2, $3, $4::jsonb)`,
    [daysAgo, id, action, JSON.stringify(changes)]);
}
const created = (daysAgo: number) => new Date(Date.parse(`${today}T11:00:00Z`) - daysAgo * 86_400_000).toISOString();
const report = (id: string, daysAgo: number, line: string, crit: string, status: string, team: string | null, km: number) =>
  ev(id, daysAgo, 'insert', { line_id: { new: line }, criticality: { new: crit }, status: { new: status }, team_id: { new: team },
    km_value: { new: km }, created_at: { new: created(daysAgo) }, name: { new: `Point ${id.slice(-1)}` } });
const change = (id: string, daysAgo: number, col: string, from: unknown, to: unknown) => ev(id, daysAgo, 'update', { [col]: { old: from, new: to } });

interface Stats {
  first_day: string;
  open_by_day: { day: string; criticality: string; open: number }[];
  flow_by_week: { week: string; reported: number; resolved: number }[];
  ages: { criticality: string; bucket: string; n: number }[];
  teams: { team_id: string | null; open: number; in_progress: number; resolved: number; median_days: number | null }[];
  stretches: { line_id: string; km: number; open: number; score: number; worst_criticality: string }[];
}
async function stats(line: string | null, days = 30, statuses: string[] | null = null, teams: string[] | null = null): Promise<Stats> {
  return (await asUser<{ s: Stats }>(w.db, w.userA, 'select public.dashboard_stats($1, $2, $3, $4) as s', [line, days, statuses, teams]))[0].s;
}
/** Values per day offset -29..0 from ranges [from, to, value] (days ago). */
function series(ranges: [number, number, number][]): number[] {
  const out: number[] = [];
  for (let ago = 29; ago >= 0; ago--) out.push(ranges.find(([a, b]) => ago <= a && ago >= b)?.[2] ?? 0);
  return out;
}
const perCrit = (s: Stats, crit: string) => s.open_by_day.filter((r) => r.criticality === crit).map((r) => r.open);
/** The Monday (ISO date) of the week of the day `daysAgo` days before today. */
function mondayOf(daysAgo: number): string {
  const d = new Date(Date.parse(`${today}T00:00:00Z`) - daysAgo * 86_400_000);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  w = await makeWorld();
  const q = async (sql: string) => (await w.db.admin.query<{ v: string }>(sql)).rows[0].v;
  // The world's own point (line L1) is reported and deleted today: it only adds one report this week.
  await w.db.admin.query('delete from public.points');
  L1 = await q("select id::text as v from public.lines order by sort, created_at limit 1");
  L2 = await q("insert into public.lines (code, name, sort) values ('L2', 'Ligne 2', 5) returning id::text as v");
  T1 = w.team; T2 = w.freeTeam;
  today = await q("select private.paris_day(now())::text as v");
  await report(ID.E, 100, L1, 'attention', 'signale', T1, 12.9);
  await change(ID.E, 95, 'status', 'signale', 'resolu');
  await report(ID.F, 60, L1, 'danger', 'pris_en_charge', T2, 7.2);
  await report(ID.A, 40, L1, 'attention', 'signale', T1, 12.3);
  await change(ID.F, 25, 'status', 'pris_en_charge', 'resolu');
  await change(ID.F, 24, 'status', 'resolu', 'signale');
  await report(ID.B, 20, L1, 'danger', 'signale', T2, 12.8);
  await report(ID.C, 15, L1, 'attention', 'signale', null, 3.5);
  await change(ID.A, 10, 'criticality', 'attention', 'danger');
  await change(ID.B, 8, 'status', 'signale', 'resolu');
  await change(ID.A, 5, 'status', 'signale', 'pris_en_charge');
  await ev(ID.C, 3, 'delete', { status: { old: 'signale' }, criticality: { old: 'attention' } });
  await report(ID.D, 2, L2, 'attention', 'signale', T1, 12.1);
  await change(ID.A, 1, 'description', 'a', 'b'); // changes nothing counted
});
afterAll(async () => { await w?.db.close(); });

describe(`dashboard statistics on a hand-built history (${testKind()})`, () => {
  it('open per criticality per day: a criticality change and a deletion leave past days exact', async () => {
    const s = await stats(L1);
    expect(s.open_by_day.filter((r) => r.criticality === 'danger').map((r) => r.day)[0]).toBe(s.first_day);
    expect(perCrit(s, 'attention')).toEqual(series([[29, 16, 1], [15, 11, 2], [10, 4, 1]]));
    expect(perCrit(s, 'danger')).toEqual(series([[29, 26, 1], [24, 21, 1], [20, 11, 2], [10, 9, 3], [8, 0, 2]]));
  });

  it('every line adds line 2; the status and team filters narrow the open points', async () => {
    const all = await stats(null);
    expect(perCrit(all, 'attention')).toEqual(series([[29, 16, 1], [15, 11, 2], [10, 4, 1], [2, 0, 1]]));
    const signale = await stats(L1, 30, ['signale']);
    expect(perCrit(signale, 'danger')).toEqual(series([[24, 21, 1], [20, 11, 2], [10, 9, 3], [8, 6, 2], [5, 0, 1]]));
    const t2 = await stats(L1, 30, null, [T2]);
    expect(perCrit(t2, 'danger')).toEqual(series([[29, 26, 1], [24, 21, 1], [20, 9, 2], [8, 0, 1]]));
    expect(perCrit(t2, 'attention')).toEqual([]);
    const noTeam = await stats(L1, 30, null, [NO_TEAM]);
    expect(perCrit(noTeam, 'attention')).toEqual(series([[15, 4, 1]]));
  });

  it('reported and resolved per week', async () => {
    const s = await stats(L1);
    const expected = new Map<string, { reported: number; resolved: number }>();
    const add = (ago: number, k: 'reported' | 'resolved') => {
      const e = expected.get(mondayOf(ago)) ?? { reported: 0, resolved: 0 };
      e[k] += 1; expected.set(mondayOf(ago), e);
    };
    add(20, 'reported'); add(15, 'reported'); add(0, 'reported'); add(25, 'resolved'); add(8, 'resolved');
    expect(s.flow_by_week[0].week).toBe(mondayOf(29));
    expect(s.flow_by_week.at(-1)!.week).toBe(mondayOf(0));
    for (const r of s.flow_by_week) expect({ reported: r.reported, resolved: r.resolved }).toEqual(expected.get(r.week) ?? { reported: 0, resolved: 0 });
    expect(s.flow_by_week.reduce((n, r) => n + r.reported, 0)).toBe(3);
  });

  it('age buckets of the open points per criticality', async () => {
    expect((await stats(L1)).ages).toEqual([{ criticality: 'danger', bucket: '30-90', n: 2 }]);
    expect((await stats(null)).ages).toEqual([{ criticality: 'attention', bucket: 'lt7', n: 1 }, { criticality: 'danger', bucket: '30-90', n: 2 }]);
  });

  it('per team: open, in progress, resolved in the period and median days to resolve', async () => {
    const rows = (await stats(L1)).teams;
    expect(rows).toEqual(expect.arrayContaining([
      { team_id: T1, open: 0, in_progress: 1, resolved: 0, median_days: null },
      { team_id: T2, open: 1, in_progress: 0, resolved: 2, median_days: 23.5 },
    ]));
    expect(rows).toHaveLength(2);
    // Over 365 days E's resolution (T1, 5 days after its report) counts too.
    const year = (await stats(L1, 365)).teams;
    expect(year.find((r) => r.team_id === T1)).toEqual({ team_id: T1, open: 0, in_progress: 1, resolved: 1, median_days: 5 });
  });

  it('the stretches of 1 km weighted by criticality', async () => {
    expect((await stats(L1)).stretches).toEqual([
      { line_id: L1, km: 7, open: 1, score: 2, worst_criticality: 'danger' },
      { line_id: L1, km: 12, open: 1, score: 2, worst_criticality: 'danger' },
    ]);
    expect((await stats(null)).stretches.at(-1)).toEqual({ line_id: L2, km: 12, open: 1, score: 1, worst_criticality: 'attention' });
  });

  it('the rebuild from the whole log gives the same answers', async () => {
    const before = await stats(null, 365);
    await w.db.admin.query('select private.rebuild_point_states()');
    expect(await stats(null, 365)).toEqual(before);
  });

  it('a point logged after its created_at (a backdated demo point) is open from that day, also after a rebuild', async () => {
    // 20261126130100_dashboard_reported_from_created.sql: before it, the point counted only from the day it was logged.
    const L3 = (await w.db.admin.query<{ v: string }>("insert into public.lines (code, name, sort) values ('L3', 'Ligne 3', 6) returning id::text as v")).rows[0].v;
    await ev('a0000000-0000-4000-8000-000000000007', 0, 'insert', { line_id: { new: L3 }, criticality: { new: 'danger' },
      status: { new: 'signale' }, team_id: { new: null }, km_value: { new: 5 }, created_at: { new: created(10) }, name: { new: 'Point G' } });
    const expected = [...Array<number>(19).fill(0), ...Array<number>(11).fill(1)]; // days -29..-11: none; -10..0: open
    expect(perCrit(await stats(L3, 30), 'danger')).toEqual(expected);
    expect((await stats(L3, 30)).flow_by_week.find((x) => x.week === mondayOf(10))?.reported).toBe(1);
    await w.db.admin.query('select private.rebuild_point_states()');
    expect(perCrit(await stats(L3, 30), 'danger')).toEqual(expected);
  });
});

describe(`dashboard fed by real writes, and who may read it (${testKind()})`, () => {
  it("a member's report, change of criticality and deletion move today's counts", async () => {
    const todayDanger = async () => (await stats(L2)).open_by_day.filter((r) => r.criticality === 'danger').at(-1)?.open ?? 0;
    const todayAttention = async () => (await stats(L2)).open_by_day.filter((r) => r.criticality === 'attention').at(-1)?.open ?? 0;
    const id = (await asUser<{ id: string }>(w.db, w.userA,
      `insert into public.points (name, "position", line_id, km_value) values ('Rail cassé', '{"x":1,"y":1}', $1, 40.2) returning id`, [L2]))[0].id;
    expect(await todayAttention()).toBe(2);
    await asUser(w.db, w.userA, "update public.points set criticality = 'danger', updated_at = updated_at where id = $1", [id]);
    expect([await todayAttention(), await todayDanger()]).toEqual([1, 1]);
    expect((await stats(L2)).stretches[0]).toEqual({ line_id: L2, km: 40, open: 1, score: 2, worst_criticality: 'danger' });
    await asUser(w.db, w.userA, 'delete from public.points where id = $1', [id]);
    expect([await todayAttention(), await todayDanger()]).toEqual([1, 0]);
    const flow = (await stats(L2)).flow_by_week.at(-1)!;
    expect(flow.reported).toBeGreaterThanOrEqual(1);
  });

  it('refuses a deactivated member, anon and a bad period; nobody reads the private tables', async () => {
    const call = (user: string | null, days = 30) => tryAs(w.db, user, (tx) => tx.query('select public.dashboard_stats(null, $1)', [days]));
    expect(await call(w.inactive)).toMatchObject({ ok: false, error: { code: '42501' } });
    expect(await call(null)).toMatchObject({ ok: false, error: { code: '42501' } });
    expect(await call(w.userB, 0)).toMatchObject({ ok: false, error: { code: '22023' } });
    expect(await tryAs(w.db, w.userB, (tx) => tx.query('select * from private.point_states'))).toMatchObject({ ok: false, error: { code: '42501' } });
    const ok = await call(w.userB);
    expect(ok.ok ? 'ok' : ok.error).toBe('ok');
  });
});
