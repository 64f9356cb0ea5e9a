// The supervisor's view (public.supervisor_stats, docs/product.md#supervisor-view) on the migrated database (PGlite,
// or PostgreSQL with TEST_DATABASE_URL): open and late per assignee and per team, the median hours to the first
// intervention and to resolution over the period, the team and line filters, archived lines never counted for a
// member (an admin counts them), and no answer for someone who is not an active member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createUserWithProfile, makeWorld, testKind, tryAs, type World } from './fixtures';

let w: World;
let lead: string; // a member of w.team
let other: string; // a member of w.freeTeam
let archivedLine: string;
let mainLine: string;

type Row = { group_kind: string; group_id: string | null; label: string | null; open: number; late: number; interventions: number;
  first_intervention_hours: string | null; resolved: number; resolution_hours: string | null };

const q1 = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows[0];

/** A point reported `daysAgo` days ago (created and observed then). */
async function point(o: { team: string | null; assignee: string | null; level: string; daysAgo: number; line?: string }): Promise<string> {
  return (await q1<{ id: string }>(
    `insert into public.points (name, "position", team_id, assignee_id, criticality, created_at, observed_at, line_id)
     values ('Rail fissuré', '{"x":1,"y":1}', $1, $2, $3, now() - $4 * interval '1 day', now() - $4 * interval '1 day', $5) returning id`,
    [o.team, o.assignee, o.level, o.daysAgo, o.line ?? mainLine])).id;
}
/** An intervention done `hours` after the point's report. */
const intervention = (p: string, hours: number) => w.db.admin.query(
  `insert into public.point_events (point_id, kind, body, done_at)
   select id, 'intervention', 'Rail meulé', created_at + $2 * interval '1 hour' from public.points where id = $1`, [p, hours]);
/** Resolves the point, then dates the resolution `hours` after the report in the dashboard history. */
async function resolve(p: string, hours: number): Promise<void> {
  await w.db.admin.query("update public.points set status = 'resolu' where id = $1", [p]);
  await w.db.admin.query(
    `update private.point_states set valid_from = reported_at + $2 * interval '1 hour'
      where point_id = $1 and status = 'resolu' and valid_to is null`, [p, hours]);
}

const stats = async (user: string, days = 30, teams: string[] | null = null, line: string | null = null) =>
  (await asUser<Row>(w.db, user, 'select * from public.supervisor_stats($1, $2, $3)', [line, days, teams]))
    .map((r) => ({ ...r, open: Number(r.open), late: Number(r.late), interventions: Number(r.interventions), resolved: Number(r.resolved),
      first_intervention_hours: r.first_intervention_hours === null ? null : String(Number(r.first_intervention_hours)),
      resolution_hours: r.resolution_hours === null ? null : String(Number(r.resolution_hours)) }));
const row = (rows: Row[], kind: string, id: string | null) => rows.find((r) => r.group_kind === kind && r.group_id === id);

beforeAll(async () => {
  w = await makeWorld();
  lead = await createUserWithProfile(w.db, 'lea@example.org', 'user', w.team);
  other = await createUserWithProfile(w.db, 'omar@example.org', 'user', w.freeTeam);
  mainLine = (await q1<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).id;
  archivedLine = (await q1<{ id: string }>("insert into public.lines (code, name, sort) values ('L9', 'Ancienne ligne', 9) returning id")).id;
  // lead, team A: one late danger, one attention on time (two interventions: the first after 1 h), two resolved (10 h, 20 h).
  const late = await point({ team: w.team, assignee: lead, level: 'danger', daysAgo: 5 });
  await intervention(late, 5);
  const onTime = await point({ team: w.team, assignee: lead, level: 'attention', daysAgo: 2 });
  await intervention(onTime, 3);
  await intervention(onTime, 1);
  await resolve(await point({ team: w.team, assignee: lead, level: 'danger', daysAgo: 6 }), 10);
  await resolve(await point({ team: w.team, assignee: lead, level: 'danger', daysAgo: 6 }), 20);
  // Resolved before the 30-day period: counted only over 90 days.
  await resolve(await point({ team: w.team, assignee: lead, level: 'danger', daysAgo: 60 }), 24);
  // other, free team: one late danger.
  await point({ team: w.freeTeam, assignee: other, level: 'danger', daysAgo: 10 });
  // A late danger on a line archived afterwards: hidden from members.
  await point({ team: w.team, assignee: lead, level: 'danger', daysAgo: 4, line: archivedLine });
  await w.db.admin.query('update public.lines set archived = true where id = $1', [archivedLine]);
}, 180_000);
afterAll(async () => { await w?.db.close(); });

describe(`supervisor view (${testKind()})`, () => {
  it('counts open and late per assignee and per team, with the medians of the period', async () => {
    const rows = await stats(w.userA);
    expect(row(rows, 'assignee', lead)).toEqual({ group_kind: 'assignee', group_id: lead, label: 'lea@example.org', open: 2, late: 1,
      interventions: 2, first_intervention_hours: '3', resolved: 2, resolution_hours: '15' });
    expect(row(rows, 'assignee', other)).toMatchObject({ label: 'omar@example.org', open: 1, late: 1, interventions: 0,
      first_intervention_hours: null, resolved: 0, resolution_hours: null });
    // The fixture's point of team A has nobody assigned.
    expect(row(rows, 'assignee', null)).toMatchObject({ label: null, open: 1, late: 0 });
    expect(row(rows, 'team', w.team)).toMatchObject({ open: 3, late: 1, interventions: 2, resolved: 2, resolution_hours: '15' });
    expect(row(rows, 'team', w.freeTeam)).toMatchObject({ open: 1, late: 1 });
    expect(rows.filter((r) => r.group_kind === 'assignee').map((r) => r.group_id)).toEqual([lead, other, null]);
  });

  it('takes the period: a resolution 60 days ago counts over 90 days', async () => {
    expect(row(await stats(w.userA, 90), 'assignee', lead)).toMatchObject({ resolved: 3, resolution_hours: '20' });
  });

  it('never counts points of an archived line for a member; an admin counts them', async () => {
    expect(row(await stats(lead), 'assignee', lead)).toMatchObject({ open: 2, late: 1 });
    expect(row(await stats(w.admin), 'assignee', lead)).toMatchObject({ open: 3, late: 2 });
    expect(row(await stats(w.admin, 30, null, mainLine), 'assignee', lead)).toMatchObject({ open: 2, late: 1 });
    expect(await stats(w.userA, 30, null, archivedLine)).toEqual([]);
  });

  it('keeps the teams asked for (no team as the zero uuid)', async () => {
    const rows = await stats(w.userA, 30, [w.freeTeam]);
    expect(rows.map((r) => [r.group_kind, r.group_id])).toEqual([['assignee', other], ['team', w.freeTeam]]);
    const none = await stats(w.userA, 30, ['00000000-0000-0000-0000-000000000000']);
    expect(none).toEqual([]);
  });

  it('answers active members only, and a period of 1 to 400 days', async () => {
    const inactive = await tryAs(w.db, w.inactive, (tx) => tx.query('select * from public.supervisor_stats(null, 30, null)'));
    expect(inactive.ok).toBe(false);
    if (!inactive.ok) expect(inactive.error.code).toBe('42501');
    const anon = await tryAs(w.db, null, (tx) => tx.query('select * from public.supervisor_stats(null, 30, null)'));
    expect(anon.ok).toBe(false);
    const long = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.supervisor_stats(null, 401, null)'));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error.code).toBe('22023');
  });
});
