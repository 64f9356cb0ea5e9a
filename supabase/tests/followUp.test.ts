// Follow-up rules in SQL (docs/product.md#follow-up) on the migrated database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): who may assign and who may be assigned, due times from the level (after a level change, frozen
// once resolved), comments and interventions (who writes, the author's 15-minute edit window), photo limits and the
// files queued when a point goes, the timeline, bulk assignment, the orphaned assignments of deactivated members.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/types';
import { createUserWithProfile, makeWorld, tryAs, type World } from './fixtures';

let w: World;
let lead: string; // a member of w.team
let other: string; // a member of w.freeTeam

beforeAll(async () => {
  w = await makeWorld();
  lead = await createUserWithProfile(w.db, 'lea@example.org', 'user', w.team);
  other = await createUserWithProfile(w.db, 'omar@example.org', 'user', w.freeTeam);
}, 180_000);
afterAll(async () => { await w?.db.close(); });

const q1 = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows[0];
const newPoint = async (over: { team?: string | null; level?: string; observed?: string; status?: string } = {}) =>
  (await q1<{ id: string }>(
    `insert into public.points (name, "position", team_id, criticality, observed_at, status, created_by)
     values ('Rail fissuré', '{"x":1,"y":1}', $1, $2, coalesce($3::timestamptz, now()), $4, $5) returning id`,
    [over.team === undefined ? w.team : over.team, over.level ?? 'danger', over.observed ?? null, over.status ?? 'signale', w.userA])).id;
/** A member's update of a point, stating its current version as the app does. */
const update = (tx: Queryable, id: string, set: string, params: unknown[] = []) =>
  tx.query(`update public.points set ${set}, updated_at = updated_at where id = $1 returning *`, [id, ...params]);

describe('assignee', () => {
  it('admins and members of the point\'s team assign; others are refused in SQL', async () => {
    const p = await newPoint();
    const byLead = await tryAs(w.db, lead, (tx) => update(tx, p, 'assignee_id = $2', [lead]));
    expect(byLead.ok).toBe(true);
    const byOutsider = await tryAs(w.db, w.userA, (tx) => update(tx, p, 'assignee_id = $2', [lead]));
    expect(byOutsider.ok).toBe(false);
    if (!byOutsider.ok) expect(byOutsider.error.code).toBe('42501');
    const byOtherTeam = await tryAs(w.db, other, (tx) => update(tx, p, 'assignee_id = $2', [lead]));
    expect(byOtherTeam.ok).toBe(false);
    const byAdmin = await tryAs(w.db, w.admin, (tx) => update(tx, p, 'assignee_id = $2', [lead]));
    expect(byAdmin.ok).toBe(true);
    // A point without team: admins only.
    const free = await newPoint({ team: null });
    expect((await tryAs(w.db, lead, (tx) => update(tx, free, 'assignee_id = $2', [lead]))).ok).toBe(false);
    expect((await tryAs(w.db, w.admin, (tx) => update(tx, free, 'assignee_id = $2', [w.userB]))).ok).toBe(true);
  });

  it('the assignee is an active member of the point\'s team; a team change drops an assignee from another team', async () => {
    const p = await newPoint();
    const outsider = await tryAs(w.db, w.admin, (tx) => update(tx, p, 'assignee_id = $2', [other]));
    expect(outsider.ok).toBe(false);
    if (!outsider.ok) expect(outsider.error.code).toBe('23514');
    const inactive = await tryAs(w.db, w.admin, (tx) => update(tx, p, 'team_id = null, assignee_id = $2', [w.inactive]));
    expect(inactive.ok).toBe(false);
    if (!inactive.ok) expect(inactive.error.message).toContain('membre actif');

    await w.db.admin.query('update public.points set assignee_id = $2 where id = $1', [p, lead]);
    // Any member may move the point to another team (alice is in none): the assignee goes with the change.
    const moved = await tryAs(w.db, w.userA, async (tx) => (await update(tx, p, 'team_id = $2', [w.freeTeam])).rows[0]);
    expect(moved.ok && moved.value.assignee_id).toBeNull();
    // The assignment is in the point's history like any other field.
    const hist = await q1<{ n: number }>(
      "select count(*)::int as n from public.audit_log where table_name = 'points' and row_id = $1 and action = 'update' and changes ? 'assignee_id'", [p]);
    expect(hist.n).toBe(1);
  });

  it('bulk_update_points sets the assignee under the same rules', async () => {
    const a = await newPoint(); const b = await newPoint();
    const versions = (await w.db.admin.query<{ v: string }>('select updated_at::text as v from public.points where id = any($1) order by array_position($1, id)', [[a, b]])).rows.map((r) => r.v);
    const req = JSON.stringify([{ set: { assignee_id: lead }, ids: [a, b], versions }]);
    const refused = await tryAs(w.db, other, (tx) => tx.query('select public.bulk_update_points($1::jsonb) as r', [req]));
    expect(refused.ok).toBe(false);
    const done = await tryAs(w.db, lead, async (tx) => (await tx.query<{ r: { updated: unknown[] } }>('select public.bulk_update_points($1::jsonb) as r', [req])).rows[0].r);
    expect(done.ok && done.value.updated.length).toBe(2);
  });

  it('a deactivated member\'s open assignments are listed for admins only; team sizes come from profiles', async () => {
    const p = await newPoint();
    const gone = await createUserWithProfile(w.db, 'gaston@example.org', 'user', w.team);
    await w.db.admin.query('update public.points set assignee_id = $2 where id = $1', [p, gone]);
    await w.db.admin.query('update public.profiles set active = false where id = $1', [gone]);
    const list = await tryAs(w.db, w.admin, async (tx) => (await tx.query<{ point_id: string; assignee_email: string }>('select * from public.deactivated_assignments()')).rows);
    expect(list.ok && list.value.map((r) => [r.point_id, r.assignee_email])).toEqual([[p, 'gaston@example.org']]);
    expect((await tryAs(w.db, lead, (tx) => tx.query('select * from public.deactivated_assignments()'))).ok).toBe(false);
    const counts = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ team_id: string; members: number }>('select * from public.team_member_counts()')).rows);
    expect(counts.ok && counts.value.find((c) => c.team_id === w.team)?.members).toBe(1); // lea (gaston is deactivated)
    const pick = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ email: string }>('select email from public.assignable_members($1)', [w.team])).rows);
    expect(pick.ok && pick.value.map((r) => r.email)).toEqual(['lea@example.org']);
  });
});

describe('due time', () => {
  it('observation time + the level\'s delay; recomputed on a level change; frozen once resolved; never a client\'s value', async () => {
    const observed = '2026-12-01T08:00:00Z';
    const p = await newPoint({ level: 'danger', observed });
    const due = async () => (await q1<{ d: string | null }>('select due_at::text as d from public.points where id = $1', [p])).d;
    const at = async () => Date.parse((await q1<{ d: Date }>('select due_at as d from public.points where id = $1', [p])).d.toString());
    expect(await at()).toBe(Date.parse(observed) + 48 * 3600_000);
    expect((await tryAs(w.db, w.userA, (tx) => update(tx, p, "criticality = 'attention'"))).ok).toBe(true); // members change the level
    await w.db.admin.query("update public.points set criticality = 'attention' where id = $1", [p]);
    expect(await at()).toBe(Date.parse(observed) + 720 * 3600_000);
    await w.db.admin.query("update public.points set due_at = '2030-01-01' where id = $1", [p]);
    expect(await at()).toBe(Date.parse(observed) + 720 * 3600_000);
    await w.db.admin.query("update public.points set status = 'resolu' where id = $1", [p]);
    const frozen = await due();
    await w.db.admin.query("update public.criticality_levels set delay_hours = 1 where id = 'danger'");
    await w.db.admin.query("update public.points set criticality = 'danger' where id = $1", [p]);
    expect(await due()).toBe(frozen);
    // Reopened: follows its level again.
    await w.db.admin.query("update public.points set status = 'signale' where id = $1", [p]);
    expect(await at()).toBe(Date.parse(observed) + 1 * 3600_000);
    await w.db.admin.query("update public.criticality_levels set delay_hours = 48 where id = 'danger'");
    // A level without delay: no due time.
    await w.db.admin.query('update public.points set criticality = $2 where id = $1', [p, w.level]);
    expect(await due()).toBeNull();
  });
});

describe('comments and interventions', () => {
  it('members who read the point write; the database stamps author, arrival and line and keeps the observation time', async () => {
    const p = await newPoint();
    const observed = new Date(Date.now() - 3600_000).toISOString();
    const ok = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ author_id: string; observed_at: Date; created_at: Date; line_id: string }>(
      "insert into public.point_events (point_id, kind, body, observed_at, created_at) values ($1, 'comment', 'Rail meulé, à revoir dans 3 mois', $2, '2020-01-01') returning *",
      [p, observed])).rows[0]);
    expect(ok.ok).toBe(true);
    if (ok.ok) {
      expect(ok.value.author_id).toBe(w.userB);
      expect(new Date(ok.value.observed_at).toISOString()).toBe(observed);
      expect(Date.now() - new Date(ok.value.created_at).getTime()).toBeLessThan(600_000);
      expect(ok.value.line_id).toBeTruthy();
    }
    // The author is always the caller: a stated one is replaced.
    const forOther = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ author_id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'comment', 'x', $2) returning author_id", [p, w.userA])).rows[0]);
    expect(forOther.ok && forOther.value.author_id).toBe(w.userB);
    for (const who of [w.inactive, w.noProfile, null]) {
      const r = await tryAs(w.db, who, (tx) => tx.query("insert into public.point_events (point_id, kind, body) values ($1, 'comment', 'x')", [p]));
      expect(r.ok).toBe(false);
    }
    const tooLong = await tryAs(w.db, w.userB, (tx) => tx.query("insert into public.point_events (point_id, kind, body) values ($1, 'comment', $2)", [p, 'x'.repeat(4001)]));
    expect(tooLong.ok).toBe(false);
  });

  it('editable by the author only, within 15 minutes of its arrival, never after; never deleted but with the point', async () => {
    const p = await newPoint();
    const id = (await q1<{ id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'intervention', 'Meulage', $2) returning id", [p, w.userA])).id;
    const edit = (who: string) => tryAs(w.db, who, async (tx) => (await tx.query("update public.point_events set body = 'Meulage et soudure' where id = $1 returning id", [id])).rows.length);
    const byOther = await edit(w.userB);
    expect(byOther.ok && byOther.value).toBe(0);
    const mine = await edit(w.userA);
    expect(mine.ok && mine.value).toBe(1);
    await w.db.admin.query("update public.point_events set created_at = now() - interval '15 minutes 1 second' where id = $1", [id]);
    const late = await edit(w.userA);
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('42501');
    const del = await tryAs(w.db, w.userA, (tx) => tx.query('delete from public.point_events where id = $1', [id]));
    expect(del.ok).toBe(false);
    await w.db.admin.query('delete from public.points where id = $1', [p]);
    expect((await q1<{ n: number }>('select count(*)::int as n from public.point_events where id = $1', [id])).n).toBe(0);
  });

  it('photos: 4 \'après\' per intervention, 8 per point; a deleted point queues its files for removal', async () => {
    const p = await newPoint();
    const ev = (await q1<{ id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'intervention', 'Remplacement', $2) returning id", [p, w.userA])).id;
    const add = (i: number, event: string | null) => tryAs(w.db, w.userA, (tx) => tx.query(
      `insert into public.point_photos (point_id, event_id, storage_path, kind, "position") values ($1, $2, $3, $4, $5)`,
      [p, event, `points/${p}-${i}.jpg`, event ? 'apres' : 'constat', i % 8]));
    expect((await add(0, ev)).ok).toBe(true);
    // Committed (tryAs rolls back): 4 'après', then a fifth is refused; 4 'constat' more, then a ninth is refused.
    const commit = (i: number, event: string | null) => w.db.admin.query(
      'insert into public.point_photos (point_id, event_id, storage_path, kind, created_by) values ($1, $2, $3, $4, $5)',
      [p, event, `points/${p}-${i}.jpg`, event ? 'apres' : 'constat', w.userA]);
    for (let i = 0; i < 4; i++) await commit(i, ev);
    const fifth = await add(4, ev);
    expect(fifth.ok).toBe(false);
    if (!fifth.ok) expect(fifth.error.message).toContain('4 photos');
    for (let i = 4; i < 8; i++) await commit(i, null);
    const ninth = await add(9, null);
    expect(ninth.ok).toBe(false);
    if (!ninth.ok) expect(ninth.error.message).toContain('8 photos');
    await w.db.admin.query('delete from public.points where id = $1', [p]);
    const queued = (await w.db.admin.query<{ name: string }>('select name from private.storage_removals where name like $1 order by name', [`points/${p}-%`])).rows;
    expect(queued.map((r) => r.name)).toEqual([...Array(8).keys()].map((i) => `points/${p}-${i}.jpg`));
  });

  it('point_timeline: events and status / assignee / team / criticality / due entries, in order', async () => {
    const p = await newPoint({ observed: new Date(Date.now() - 7200_000).toISOString() });
    await w.db.admin.query("insert into public.point_events (point_id, kind, body, author_id, observed_at) values ($1, 'comment', 'Vu en tournée', $2, now() - interval '1 hour')", [p, w.userB]);
    await w.db.admin.query("update public.points set status = 'pris_en_charge', assignee_id = $2 where id = $1", [p, lead]);
    await w.db.admin.query("update public.points set description = 'texte seul' where id = $1", [p]);
    await w.db.admin.query("insert into public.point_events (point_id, kind, body, author_id, done_by) values ($1, 'intervention', 'Éclisse posée', $2, 'Équipe voie')", [p, lead]);
    const rows = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ source: string; kind: string; body: string | null; changes: Record<string, unknown> | null }>(
      'select * from public.point_timeline($1)', [p])).rows);
    expect(rows.ok).toBe(true);
    if (!rows.ok) return;
    expect(rows.value.map((r) => r.kind)).toEqual(['comment', 'created', 'changed', 'intervention']);
    expect(Object.keys(rows.value[2].changes!).sort()).toEqual(['assignee_id', 'status']);
  });
});
