// Roles: create_profile never grants more than the rule (first profile admin, else user), nobody changes their
// own role or team directly, change_user_role refuses to demote the last admin, even under concurrency.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { asUser, createUser, createUserWithProfile, ctxFor, freshDatabase, resetDatabase, testKind, tryAs } from './fixtures';

const LAST_ADMIN = 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.';
// One database per file (opening PGlite is the slow part); emptied before each test.
let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
beforeEach(async () => { await resetDatabase(db); });
afterAll(async () => { await db?.close(); });

const roleOf = async (db: Database, id: string) =>
  (await db.admin.query<{ role: string }>('select role from public.profiles where id = $1', [id])).rows[0]?.role;
const createProfile = (db: Database, caller: string, id: string, role: string) =>
  asUser<{ id: string; role: string }>(db, caller, 'select * from public.create_profile($1, $2, $3)', [id, 'x@example.org', role]);

describe(`create_profile (${testKind()})`, () => {
  it('makes the very first profile admin and every later one user, whatever the argument says', async () => {
    const first = await createUser(db, 'first@example.org');
    const second = await createUser(db, 'second@example.org');
    expect((await createProfile(db, first, first, 'user'))[0].role).toBe('admin');
    expect((await createProfile(db, second, second, 'admin'))[0].role).toBe('user');
    // the email comes from auth.users, not from the argument
    expect((await db.admin.query('select email from public.profiles where id = $1', [second])).rows[0].email).toBe('second@example.org');
    // calling again changes nothing
    expect((await createProfile(db, second, second, 'admin'))[0].role).toBe('user');
  });

  it('refuses to create someone else\'s profile, and anon cannot call it', async () => {
    const a = await createUser(db, 'a@example.org');
    const b = await createUser(db, 'b@example.org');
    await expect(createProfile(db, a, b, 'user')).rejects.toMatchObject({ code: '42501' });
    await expect(asUser(db, null, 'select * from public.create_profile($1, $2, $3)', [b, 'b@example.org', 'user'])).rejects.toMatchObject({ code: '42501' });
    expect(await roleOf(db, b)).toBeUndefined();
  });

  it('gives admin to exactly one of several users creating their profiles at the same moment', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map((i) => createUser(db, `u${i}@example.org`)));
    const rows = await Promise.all(ids.map((id) => createProfile(db, id, id, 'admin')));
    expect(rows.map((r) => r[0].role).filter((r) => r === 'admin')).toHaveLength(1);
  });

  it('a direct insert of one\'s own profile gets the rule\'s role too (the app\'s fallback path)', async () => {
    await createUserWithProfile(db, 'boss@example.org', 'admin');
    const u = await createUser(db, 'u@example.org');
    await asUser(db, u, "insert into public.profiles (id, email, role) values ($1, 'u@example.org', 'admin')", [u]);
    expect(await roleOf(db, u)).toBe('user');
  });
});

describe(`direct profile updates (${testKind()})`, () => {
  it('a user cannot change their own role or team; an admin sets anyone\'s team, and a role only under the last-admin rule', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    const team = (await db.admin.query<{ id: string }>("insert into public.teams (name) values ('T') returning id")).rows[0].id;

    // a plain user's update of their own profile matches no row (admins only), so nothing changes
    expect(await asUser(db, u, "update public.profiles set role = 'admin' where id = $1 returning id", [u])).toEqual([]);
    expect(await asUser(db, u, 'update public.profiles set team_id = $2 where id = $1 returning id', [u, team])).toEqual([]);
    expect(await asUser(db, u, 'update public.profiles set active = false where id = $1 returning id', [admin])).toEqual([]);
    expect((await db.admin.query('select role, team_id, active from public.profiles where id = $1', [u])).rows[0]).toEqual({ role: 'user', team_id: null, active: true });
    // email and created_at stay out of reach, admins included
    await expect(asUser(db, admin, "update public.profiles set email = 'x@example.org' where id = $1", [u])).rejects.toMatchObject({ code: '42501' });

    await asUser(db, admin, 'update public.profiles set team_id = $2 where id = $1', [u, team]);
    await asUser(db, admin, 'update public.profiles set team_id = $2 where id = $1', [admin, team]);
    await expect(asUser(db, admin, "update public.profiles set role = 'user' where id = $1", [admin])).rejects.toMatchObject({ message: LAST_ADMIN });
    const rows = (await db.admin.query('select id, role, team_id from public.profiles order by email')).rows;
    expect(rows).toEqual([{ id: admin, role: 'admin', team_id: team }, { id: u, role: 'user', team_id: team }]);
  });

  it('the last admin\'s profile cannot be deleted through the API', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    await expect(asUser(db, admin, 'delete from public.profiles where id = $1', [admin])).rejects.toMatchObject({ message: LAST_ADMIN });
  });
});

describe(`change_user_role (${testKind()})`, () => {
  const change = (db: Database, caller: string, id: string, role: string) =>
    asUser<{ ok: boolean }>(db, caller, 'select public.change_user_role($1, $2) as ok', [id, role]).then((r) => r[0].ok);

  it('is admin only, promotes and demotes, and refuses to demote the last admin', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    expect(await change(db, u, u, 'admin')).toBe(false);
    expect(await roleOf(db, u)).toBe('user');
    await expect(change(db, admin, admin, 'user')).rejects.toMatchObject({ code: 'P0001', message: LAST_ADMIN });
    await expect(change(db, admin, u, 'superuser')).rejects.toMatchObject({ code: '22023' });
    expect(await change(db, admin, u, 'admin')).toBe(true);
    expect(await change(db, u, admin, 'user')).toBe(true);
    expect([await roleOf(db, admin), await roleOf(db, u)]).toEqual(['user', 'admin']);
    await expect(change(db, u, u, 'user')).rejects.toMatchObject({ message: LAST_ADMIN });
    expect(await change(db, admin, u, 'user')).toBe(false); // no longer an admin
  });

  it('keeps one admin when two admins demote each other at the same moment', async () => {
    const a = await createUserWithProfile(db, 'a@example.org', 'admin');
    const b = await createUserWithProfile(db, 'b@example.org', 'admin');
    const d = db;
    const results = await Promise.allSettled([change(d, a, b, 'user'), change(d, b, a, 'user')]);
    const admins = (await d.admin.query<{ n: number }>("select count(*)::int as n from public.profiles where role = 'admin'")).rows[0].n;
    expect(admins).toBe(1);
    const ok = results.filter((r) => r.status === 'fulfilled' && r.value === true);
    expect(ok).toHaveLength(1);
    const other = results.find((r) => !(r.status === 'fulfilled' && r.value === true))!;
    // The loser either hits the last-admin rule or finds it is no longer an admin (false).
    if (other.status === 'rejected') expect(other.reason.message).toBe(LAST_ADMIN);
    else expect(other.value).toBe(false);
  });

  it('keeps one admin when two admins demote themselves at the same moment', async () => {
    const a = await createUserWithProfile(db, 'a@example.org', 'admin');
    const b = await createUserWithProfile(db, 'b@example.org', 'admin');
    const d = db;
    const results = await Promise.allSettled([change(d, a, a, 'user'), change(d, b, b, 'user')]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.message).toBe(LAST_ADMIN);
    expect((await d.admin.query<{ n: number }>("select count(*)::int as n from public.profiles where role = 'admin'")).rows[0].n).toBe(1);
  });

  it.runIf(testKind() === 'postgres')('two overlapping transactions on two connections: the second waits and is refused', async () => {
    const d = db;
    const a = await createUserWithProfile(d, 'a@example.org', 'admin');
    const b = await createUserWithProfile(d, 'b@example.org', 'admin');
    let releaseFirst!: () => void;
    const held = new Promise<void>((r) => { releaseFirst = r; });
    // A demotes B and keeps its transaction open until B's demotion of A is blocked on the lock.
    const first = d.asRequest(ctxFor(a), async (tx) => {
      const r = (await tx.query<{ ok: boolean }>('select public.change_user_role($1, $2) as ok', [b, 'user'])).rows[0].ok;
      await held;
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = d.asRequest(ctxFor(b), async (tx) =>
      (await tx.query<{ ok: boolean }>('select public.change_user_role($1, $2) as ok', [a, 'user'])).rows[0].ok);
    for (let i = 0; i < 100; i++) {
      const waiting = await d.admin.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted");
      if (waiting.rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const waiting = await d.admin.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted");
    expect(waiting.rows[0].n).toBe(1);
    releaseFirst();
    expect(await first).toBe(true);
    expect(await second).toBe(false); // B was demoted before its call could run
    expect([await roleOf(d, a), await roleOf(d, b)]).toEqual(['admin', 'user']);
  });
});

describe(`tryAs helper (${testKind()})`, () => {
  it('reports errors instead of throwing', async () => {
    const r = await tryAs(db, null, (tx) => tx.query('select * from public.points'));
    expect(r.ok).toBe(false);
  });
});
