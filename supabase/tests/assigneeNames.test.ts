// The assignees' names of the route report (public.assignee_names, docs/product.md#report-view) on the migrated
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the e-mail of a member who is the assignee of a point the
// caller reads, none for a member who assigns nothing readable (a point of an archived line is not read by
// members), none for someone who is not an active member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createUserWithProfile, makeWorld, testKind, tryAs, type World } from './fixtures';

let w: World;
let lead: string; // assignee of a point of the main line
let hidden: string; // assignee of a point of an archived line only
let idle: string; // assignee of nothing

const names = async (user: string, ids: string[]) =>
  (await asUser<{ id: string; email: string }>(w.db, user, 'select id, email from public.assignee_names($1) order by email', [ids]));

beforeAll(async () => {
  w = await makeWorld();
  lead = await createUserWithProfile(w.db, 'lea@example.org', 'user', w.team);
  hidden = await createUserWithProfile(w.db, 'hugo@example.org', 'user', w.team);
  idle = await createUserWithProfile(w.db, 'ivan@example.org', 'user', w.team);
  await w.db.admin.query('update public.points set assignee_id = $1 where id = $2', [lead, w.point]);
  const archived = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name, sort) values ('L9', 'Ancienne ligne', 9) returning id")).rows[0].id;
  await w.db.admin.query(`insert into public.points (name, "position", team_id, assignee_id, line_id) values ('Éclisse', '{"x":1,"y":1}', $1, $2, $3)`,
    [w.team, hidden, archived]);
  await w.db.admin.query('update public.lines set archived = true where id = $1', [archived]);
}, 180_000);
afterAll(async () => { await w?.db.close(); });

describe(`assignee names (${testKind()})`, () => {
  it('names the assignees of the points a member reads, and nobody else', async () => {
    // userB is of no team: the point's team does not matter, only that the point is read.
    expect(await names(w.userB, [lead, idle, hidden, w.admin])).toEqual([{ id: lead, email: 'lea@example.org' }]);
  });

  it('names the assignee of an archived line\'s point for an admin, who reads it', async () => {
    expect((await names(w.admin, [lead, hidden])).map((r) => r.email)).toEqual(['hugo@example.org', 'lea@example.org']);
  });

  it('answers nothing to a deactivated member or to anon', async () => {
    expect(await names(w.inactive, [lead])).toEqual([]);
    const anon = await tryAs(w.db, null, (tx) => tx.query('select * from public.assignee_names($1)', [[lead]]));
    expect(anon.ok).toBe(false);
  });
});
