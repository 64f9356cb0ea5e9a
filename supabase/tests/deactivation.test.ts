// Access an admin takes back: set_user_active() rules (admin only, never oneself, never the last
// active admin, also under concurrency), what a deactivated member can still do (nothing), their sessions
// revoked, the pre-request refusal; and invitation revocation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { asUser, createInvitation, createUserWithProfile, ctxFor, freshDatabase, resetDatabase, testKind } from './fixtures';

const LAST_ADMIN = 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.';
const DISABLED = 'Votre accès a été désactivé. Contactez un administrateur.';

let db: Database;
beforeAll(async () => { db = await freshDatabase(); });
beforeEach(async () => { await resetDatabase(db); });
afterAll(async () => { await db?.close(); });

const setActive = async (caller: string, id: string, active: boolean) =>
  (await asUser<{ ok: boolean }>(db, caller, 'select public.set_user_active($1, $2) as ok', [id, active]))[0].ok;
const activeOf = async (id: string) => (await db.admin.query<{ active: boolean }>('select active from public.profiles where id = $1', [id])).rows[0].active;
const activeAdmins = async () => (await db.admin.query<{ n: number }>("select count(*)::int as n from public.profiles where role = 'admin' and active")).rows[0].n;

async function openSession(userId: string): Promise<string> {
  const session = randomUUID();
  await db.admin.query('insert into auth.sessions (id, user_id) values ($1, $2)', [session, userId]);
  await db.admin.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [randomUUID(), userId, session]);
  return session;
}

describe(`set_user_active (${testKind()})`, () => {
  it('admin only; never oneself; never the last active admin; reactivation works', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    expect(await setActive(u, admin, false)).toBe(false); // not an admin
    expect(await activeOf(admin)).toBe(true);
    await expect(setActive(admin, admin, false)).rejects.toMatchObject({ code: 'P0001', hint: 'self_deactivation' });
    await expect(asUser(db, null, 'select public.set_user_active($1, false)', [u])).rejects.toMatchObject({ code: '42501' });
    expect(await setActive(admin, randomUUID(), false)).toBe(false); // unknown user
    expect(await setActive(admin, u, false)).toBe(true);
    expect(await activeOf(u)).toBe(false);
    expect(await setActive(admin, u, true)).toBe(true);
    expect(await activeOf(u)).toBe(true);
  });

  it('a deactivated admin is no admin: cannot act, and does not count as the remaining admin', async () => {
    const a = await createUserWithProfile(db, 'a@example.org', 'admin');
    const b = await createUserWithProfile(db, 'b@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    expect(await setActive(a, b, false)).toBe(true);
    expect(await setActive(b, u, false)).toBe(false);
    expect(await asUser(db, b, 'select public.change_user_role($1, $2) as ok', [u, 'admin'])).toEqual([{ ok: false }]);
    await expect(asUser(db, a, 'select public.change_user_role($1, $2)', [a, 'user'])).rejects.toMatchObject({ message: LAST_ADMIN });
    await expect(asUser(db, a, 'delete from public.profiles where id = $1', [a])).rejects.toMatchObject({ message: LAST_ADMIN });
  });

  it('revokes every refresh token and session of the member at once, and no one else\'s', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    await openSession(u); await openSession(u);
    const adminSession = await openSession(admin);
    expect(await setActive(admin, u, false)).toBe(true);
    const left = await db.admin.query<{ user_id: string; id: string }>('select user_id, id from auth.sessions');
    expect(left.rows).toEqual([{ user_id: admin, id: adminSession }]);
    const tokens = await db.admin.query<{ user_id: string; revoked: boolean }>('select user_id, revoked from auth.refresh_tokens');
    expect(tokens.rows).toEqual([{ user_id: admin, revoked: false }]);
  });

  it('a deactivated member reads nothing, writes nothing, and every request is refused with the message', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    const p = await asUser<{ id: string }>(db, u, `insert into public.points (name, "position") values ('P', '{"x":1,"y":1}') returning id`);
    await setActive(admin, u, false);
    for (const t of ['points', 'zones', 'teams', 'criticality_levels', 'kilometer_markers', 'app_settings', 'audit_log']) {
      expect(await asUser(db, u, `select 1 from public.${t}`), t).toEqual([]);
    }
    await expect(asUser(db, u, `insert into public.points (name, "position") values ('Q', '{"x":1,"y":1}')`)).rejects.toMatchObject({ code: '42501' });
    expect(await asUser(db, u, 'update public.points set name = $2 where id = $1 returning id', [p[0].id, 'Z'])).toEqual([]);
    expect(await asUser(db, u, 'delete from public.points where id = $1 returning id', [p[0].id])).toEqual([]);
    // their own profile stays readable (the app says why), nobody else's
    expect(await asUser(db, u, 'select id, active from public.profiles')).toEqual([{ id: u, active: false }]);
    // the pre-request function PostgREST runs before each request (configured on the authenticator role)
    const cfg = await db.admin.query<{ cfg: string }>(
      "select unnest(setconfig) as cfg from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'authenticator'");
    expect(cfg.rows.map((r) => r.cfg)).toContain('pgrst.db_pre_request=private.check_request');
    await expect(asUser(db, u, 'select private.check_request()')).rejects.toMatchObject({ code: 'PT403', message: DISABLED, hint: 'account_disabled' });
    expect(await asUser(db, admin, 'select private.check_request() as r')).toEqual([{ r: '' }]);
    expect(await asUser(db, null, 'select private.check_request() as r')).toEqual([{ r: '' }]);
    // back in once reactivated
    await setActive(admin, u, true);
    expect(await asUser(db, u, 'select id from public.points')).toHaveLength(1);
  });

  it('an account without a profile reads and writes no point', async () => {
    const { createUser } = await import('./fixtures');
    await createUserWithProfile(db, 'admin@example.org', 'admin');
    const ghost = await createUser(db, 'ghost@example.org');
    await expect(asUser(db, ghost, `insert into public.points (name, "position") values ('Q', '{"x":1,"y":1}')`)).rejects.toMatchObject({ code: '42501' });
    expect(await asUser(db, ghost, 'select 1 from public.points')).toEqual([]);
  });

  it('keeps one active admin when two admins deactivate each other at the same moment', async () => {
    const a = await createUserWithProfile(db, 'a@example.org', 'admin');
    const b = await createUserWithProfile(db, 'b@example.org', 'admin');
    const results = await Promise.allSettled([setActive(a, b, false), setActive(b, a, false)]);
    expect(await activeAdmins()).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(1);
    const other = results.find((r) => !(r.status === 'fulfilled' && r.value === true))!;
    if (other.status === 'rejected') expect(other.reason.message).toBe(LAST_ADMIN);
    else expect(other.value).toBe(false);
  });

  it.runIf(testKind() === 'postgres')('two overlapping transactions on two connections: the second waits, then is refused', async () => {
    const a = await createUserWithProfile(db, 'a@example.org', 'admin');
    const b = await createUserWithProfile(db, 'b@example.org', 'admin');
    const c = await createUserWithProfile(db, 'c@example.org', 'user');
    await asUser(db, a, 'select public.change_user_role($1, $2)', [c, 'admin']);
    // B is deactivated, so A and C are the only active admins; A deactivates C (transaction held open) while C
    // deactivates A: C's call waits on the roles lock, then finds it is no longer an active admin.
    await asUser(db, a, 'select public.set_user_active($1, false)', [b]);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const first = db.asRequest(ctxFor(a), async (tx) => {
      const r = (await tx.query<{ ok: boolean }>('select public.set_user_active($1, false) as ok', [c])).rows[0].ok;
      await held;
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = db.asRequest(ctxFor(c), async (tx) =>
      (await tx.query<{ ok: boolean }>('select public.set_user_active($1, false) as ok', [a])).rows[0].ok);
    let waiting = 0;
    for (let i = 0; i < 100 && waiting === 0; i++) {
      waiting = (await db.admin.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted")).rows[0].n;
      if (waiting === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(waiting).toBe(1);
    release();
    expect(await first).toBe(true);
    expect(await second).toBe(false); // C was deactivated before its call could run
    expect([await activeOf(a), await activeOf(c)]).toEqual([true, false]);
    expect(await activeAdmins()).toBe(1);
  });
});

describe(`invitation revocation (${testKind()})`, () => {
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
  const idOf = async (email: string) => (await db.admin.query<{ id: string }>('select id from public.invitations where email = $1 order by created_at desc limit 1', [email])).rows[0].id;
  const signUp = (email: string, token: string) => db.admin.query(
    `insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, jsonb_build_object('invitation_token', $3::text))`, [randomUUID(), email, token]);

  it('admins revoke an unused invitation; the link then validates to nothing and cannot be redeemed', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const u = await createUserWithProfile(db, 'u@example.org', 'user');
    const inv = (await asUser<{ r: { invitationUrl: string } }>(db, admin, 'select public.invite_user($1) as r', ['new@example.org']))[0].r;
    const token = tokenOf(inv.invitationUrl);
    const id = await idOf('new@example.org');
    await expect(asUser(db, u, 'select public.revoke_invitation($1)', [id])).rejects.toMatchObject({ code: '42501' });
    await expect(asUser(db, null, 'select public.revoke_invitation($1)', [id])).rejects.toMatchObject({ code: '42501' });
    expect(await asUser(db, null, 'select public.validate_invitation($1) as e', [token])).toEqual([{ e: 'new@example.org' }]);
    expect(await asUser(db, admin, 'select public.revoke_invitation($1) as ok', [id])).toEqual([{ ok: true }]);
    expect(await asUser(db, admin, 'select public.revoke_invitation($1) as ok', [id])).toEqual([{ ok: false }]); // already
    expect(await asUser(db, null, 'select public.validate_invitation($1) as e', [token])).toEqual([{ e: null }]);
    await expect(signUp('new@example.org', token)).rejects.toMatchObject({ message: 'Cette invitation a été révoquée' });
    const listed = await asUser<{ id: string; revoked_at: Date | null }>(db, admin, 'select id, revoked_at from public.list_invitations() where id = $1', [id]);
    expect(listed[0].revoked_at).not.toBeNull();
    // a new invitation to the same address can be made at once
    expect((await asUser<{ r: { success: boolean } }>(db, admin, 'select public.invite_user($1) as r', ['new@example.org']))[0].r.success).toBe(true);
  });

  it('a used invitation cannot be revoked', async () => {
    const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
    const token = await createInvitation(db, 'used@example.org');
    await signUp('used@example.org', token);
    expect(await asUser(db, admin, 'select public.revoke_invitation($1) as ok', [await idOf('used@example.org')])).toEqual([{ ok: false }]);
  });
});
