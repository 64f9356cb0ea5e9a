// Invitations: invite_user (admin only, French messages, hashed 244-bit token, 7 days), list_invitations,
// validate_invitation (anon, reveals only the email) and the sign-up trigger on auth.users.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/types';
import { asUser, createInvitation, createUserWithProfile, ctxFor, freshDatabase, resetDatabase, testKind } from './fixtures';

let db: Database;
let admin: string;
let user: string;
beforeAll(async () => { db = await freshDatabase(); });
beforeEach(async () => {
  await resetDatabase(db);
  admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
  user = await createUserWithProfile(db, 'user@example.org', 'user');
});
afterAll(async () => { await db?.close(); });

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const invite = async (caller: string | null, email: string) =>
  (await asUser<{ r: { success: boolean; message: string; invitationUrl?: string } }>(db, caller, 'select public.invite_user($1) as r', [email]))[0].r;
const validate = async (token: string) => (await asUser<{ email: string | null }>(db, null, 'select public.validate_invitation($1) as email', [token]))[0].email;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
const signUp = (email: string, meta: Record<string, unknown>, app: Record<string, unknown> = { provider: 'email' }) =>
  db.admin.query('insert into auth.users (id, email, encrypted_password, raw_app_meta_data, raw_user_meta_data) values ($1, $2, $3, $4, $5) returning id',
    [randomUUID(), email, 'x', JSON.stringify(app), JSON.stringify(meta)]);

describe(`invite_user (${testKind()})`, () => {
  it('creates a 7-day invitation whose token is returned once and stored only as its SHA-256', async () => {
    const r = await invite(admin, '  New.Person@Example.org ');
    expect(r).toMatchObject({ success: true, message: 'Invitation créée pour new.person@example.org' });
    expect(r.invitationUrl).toMatch(/^\/invitation\?token=[0-9a-f]{64}$/);
    const token = tokenOf(r.invitationUrl!);
    const row = (await db.admin.query('select * from public.invitations where email = $1', ['new.person@example.org'])).rows[0];
    expect(row.token_hash).toBe(sha(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.created_by).toBe(admin);
    const days = ((row.expires_at as Date).getTime() - (row.created_at as Date).getTime()) / 86400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it('builds the URL on app_settings site_url', async () => {
    await db.admin.query("insert into public.app_settings (key, value) values ('site_url', 'https://rail.example.org/')");
    const r = await invite(admin, 'a@example.org');
    expect(r.invitationUrl).toMatch(/^https:\/\/rail\.example\.org\/invitation\?token=[0-9a-f]{64}$/);
  });

  it('falls back on the Origin request header (request.headers), as PostgREST exposes it', async () => {
    const ctx = { ...ctxFor(admin), headers: { origin: 'https://app.example.org' } };
    const r = await db.asRequest(ctx, async (tx) => (await tx.query<{ r: { invitationUrl: string } }>('select public.invite_user($1) as r', ['o@example.org'])).rows[0].r);
    expect(r.invitationUrl).toMatch(/^https:\/\/app\.example\.org\/invitation\?token=[0-9a-f]{64}$/);
  });

  it('answers in French for existing users, pending invitations, non-admins and bad emails', async () => {
    expect(await invite(admin, 'USER@example.org')).toEqual({ success: false, message: 'Un utilisateur avec cette adresse email existe déjà' });
    await invite(admin, 'b@example.org');
    await expect(invite(admin, 'b@example.org')).rejects.toMatchObject({ code: '23505', message: 'Une invitation a déjà été envoyée à cette adresse email' });
    expect(await invite(user, 'c@example.org')).toEqual({ success: false, message: 'Seuls les administrateurs peuvent inviter des utilisateurs' });
    expect(await invite(admin, 'pas-un-email')).toEqual({ success: false, message: 'Veuillez entrer une adresse email valide.' });
    await expect(invite(null, 'c@example.org')).rejects.toMatchObject({ code: '42501' });
    expect((await db.admin.query('select email from public.invitations where redeemed_at is null order by email')).rows).toEqual([{ email: 'b@example.org' }]);
  });

  it('allows a new invitation once the previous one expired', async () => {
    await createInvitation(db, 'late@example.org', { expiresAt: new Date(Date.now() - 1000) });
    expect((await invite(admin, 'late@example.org')).success).toBe(true);
  });
});

describe(`list_invitations and validate_invitation (${testKind()})`, () => {
  it('lists invitations for admins only, without any token', async () => {
    await invite(admin, 'a@example.org');
    const rows = await asUser<{ email: string; redeemed_at: Date | null }>(db, admin, 'select * from public.list_invitations()');
    // the two fixture users were invited too (redeemed)
    expect(rows.map((r) => [r.email, r.redeemed_at === null]).sort()).toEqual([['a@example.org', true], ['admin@example.org', false], ['user@example.org', false]]);
    expect(Object.keys(rows[0]).sort()).toEqual(['created_at', 'created_by', 'email', 'expires_at', 'id', 'redeemed_at', 'redeemed_by', 'revoked_at']);
    await expect(asUser(db, user, 'select * from public.list_invitations()')).rejects.toMatchObject({ code: '42501' });
    await expect(asUser(db, null, 'select * from public.list_invitations()')).rejects.toMatchObject({ code: '42501' });
  });

  it('returns the invited email to anyone holding a valid token, else null', async () => {
    const token = tokenOf((await invite(admin, 'a@example.org')).invitationUrl!);
    expect(await validate(token)).toBe('a@example.org');
    expect(await validate(token.slice(0, -1) + (token.endsWith('0') ? '1' : '0'))).toBeNull();
    expect(await validate('')).toBeNull();
    const expired = await createInvitation(db, 'old@example.org', { expiresAt: new Date(Date.now() - 1000) });
    expect(await validate(expired)).toBeNull();
    await signUp('a@example.org', { invitation_token: token });
    expect(await validate(token)).toBeNull(); // used
  });
});

describe(`sign-up requires an invitation (${testKind()})`, () => {
  it('refuses without, with a wrong, another email\'s, an expired or a used token', async () => {
    const token = await createInvitation(db, 'new@example.org');
    const expired = await createInvitation(db, 'exp@example.org', { expiresAt: new Date(Date.now() - 1000) });
    await expect(signUp('new@example.org', {})).rejects.toMatchObject({ message: 'Token d\'invitation manquant' });
    await expect(signUp('new@example.org', { invitation_token: 'f'.repeat(64) })).rejects.toMatchObject({ message: 'Token d\'invitation introuvable ou déjà utilisé' });
    await expect(signUp('intrus@example.org', { invitation_token: token })).rejects.toMatchObject({ message: 'Token d\'invitation invalide ou expiré' });
    await expect(signUp('exp@example.org', { invitation_token: expired })).rejects.toMatchObject({ message: 'Cette invitation a expiré' });
    expect((await db.admin.query("select count(*)::int as n from auth.users where email in ('new@example.org', 'intrus@example.org', 'exp@example.org')")).rows[0].n).toBe(0);

    const id = (await signUp('New@Example.org'.toLowerCase(), { invitation_token: token, full_name: 'N' })).rows[0].id;
    const inv = (await db.admin.query("select redeemed_at, redeemed_by from public.invitations where email = 'new@example.org'")).rows[0];
    expect(inv.redeemed_by).toBe(id);
    expect(inv.redeemed_at).toBeInstanceOf(Date);
    const meta = (await db.admin.query('select raw_user_meta_data from auth.users where id = $1', [id])).rows[0].raw_user_meta_data;
    expect(meta).toEqual({ full_name: 'N' }); // the token is not kept in the user's metadata

    await expect(signUp('new2@example.org', { invitation_token: token })).rejects.toMatchObject({ message: 'Token d\'invitation introuvable ou déjà utilisé' });
  });

  it('admits single-sign-on identities without invitation', async () => {
    await signUp('sso.user@corp.example', {}, { provider: 'sso:3f1c2a8e-0000-4000-8000-000000000000', providers: ['sso:3f1c'] });
    expect((await db.admin.query("select count(*)::int as n from auth.users where email = 'sso.user@corp.example'")).rows[0].n).toBe(1);
  });

  it('rolls the redemption back with the failed sign-up', async () => {
    const token = await createInvitation(db, 'dup@example.org');
    await signUp('dup@example.org', { invitation_token: token });
    const again = await createInvitation(db, 'dup@example.org');
    await expect(signUp('dup@example.org', { invitation_token: again })).rejects.toMatchObject({ code: '23505' }); // email taken
    expect(await validate(again)).toBe('dup@example.org'); // still usable: nothing was marked
  });
});
