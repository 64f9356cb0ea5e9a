// Contract tests of /auth/v1 with the real supabase-js client against the embedded server (PGlite in memory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import type { RunningServer } from './main';
import { createInvitation } from '../test/server/testDatabase';
import { client, startTestServer, TEST_JWT_SECRET } from '../test/server/testServer';

let s: RunningServer;
// Generous limits here: the rate-limit test below starts its own server with tiny ones.
beforeAll(async () => { s = await startTestServer({ rateLimits: { signup: { perWindow: 1000, windowS: 60, burst: 1000 } } }); });
afterAll(async () => { await s?.close(); });

/** Signs up an invited user and returns their client (signed in) and password. */
async function invitedUser(email: string, password = 'secret-123') {
  const token = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password, options: { data: { invitation_token: token } } });
  expect(error).toBeNull();
  return { c, data, password };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/auth/v1${path}`, { method: 'POST', headers: { apikey: s.anonKey, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('signup', () => {
  it('creates an auto-confirmed user and returns a session when the email is invited', async () => {
    const { data } = await invitedUser('alice@example.com');
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(3600);
    expect(data.user?.email).toBe('alice@example.com');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).not.toHaveProperty('invitation_token');
    const row = await s.db.admin.query<{ encrypted_password: string }>(`select encrypted_password from auth.users where email = 'alice@example.com'`);
    expect(row.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
  });

  it('refuses a signup without an invitation with a 4xx and writes no user', async () => {
    const { data, error } = await client(s).auth.signUp({ email: 'intruder@example.com', password: 'secret-123' });
    expect(data.session).toBeNull();
    expect(error?.status).toBeGreaterThanOrEqual(400);
    expect(error?.status).toBeLessThan(500);
    expect(error?.code).toBe('signup_disabled');
    expect(error?.message).toBe("Token d'invitation manquant"); // raised by the auth.users trigger
    const row = await s.db.admin.query(`select 1 from auth.users where email = 'intruder@example.com'`);
    expect(row.rows).toHaveLength(0);
  });

  it('answers 422 user_already_exists for a registered email', async () => {
    await invitedUser('bob@example.com');
    const { error } = await client(s).auth.signUp({ email: 'bob@example.com', password: 'another-1' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('user_already_exists');
    expect(error?.message).toBe('User already registered');
  });

  it('refuses passwords under 6 characters (weak_password) and over 72 bytes', async () => {
    const short = await client(s).auth.signUp({ email: 'short@example.com', password: '12345' });
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.status).toBe(422);
    const long = await post('/signup', { email: 'long@example.com', password: 'é'.repeat(37) });
    expect(long.status).toBe(422);
    expect(long.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });
});

describe('password sign-in', () => {
  it('returns a session whose access token carries the Supabase claims', async () => {
    await invitedUser('carol@example.com', 'pass-carol');
    const { data, error } = await client(s).auth.signInWithPassword({ email: 'Carol@Example.com', password: 'pass-carol' });
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({
      iss: `${s.url}/auth/v1`, sub: data.user!.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1',
      email: 'carol@example.com', phone: '', is_anonymous: false, app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    expect((claims.amr as { method: string }[])[0].method).toBe('password');
  });

  it('gives the same 400 invalid_credentials for a wrong password and an unknown email', async () => {
    await invitedUser('dave@example.com', 'pass-dave');
    const wrong = await client(s).auth.signInWithPassword({ email: 'dave@example.com', password: 'nope-nope' });
    const unknown = await client(s).auth.signInWithPassword({ email: 'nobody@example.com', password: 'nope-nope' });
    for (const r of [wrong, unknown]) {
      expect(r.error?.status).toBe(400);
      expect(r.error?.code).toBe('invalid_credentials');
      expect(r.error?.message).toBe('Invalid login credentials');
    }
  });
});

describe('user and session lifecycle', () => {
  it('getUser returns the user object for the bearer token', async () => {
    const { c } = await invitedUser('erin@example.com');
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'erin@example.com', aud: 'authenticated', role: 'authenticated', identities: [], is_anonymous: false });
  });

  it('updateUser changes metadata and the password (PUT /user)', async () => {
    const { c } = await invitedUser('upd@example.com', 'old-password');
    const { data, error } = await c.auth.updateUser({ password: 'new-password', data: { display: 'Upd' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ display: 'Upd' });
    expect((await client(s).auth.signInWithPassword({ email: 'upd@example.com', password: 'old-password' })).error?.code).toBe('invalid_credentials');
    expect((await client(s).auth.signInWithPassword({ email: 'upd@example.com', password: 'new-password' })).error).toBeNull();
  });

  it('refreshSession rotates the refresh token', async () => {
    const { c, data } = await invitedUser('frank@example.com');
    const first = data.session!;
    const { data: r, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    expect(r.session!.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(r.session!.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const parent = await s.db.admin.query<{ parent: string; revoked: boolean }>(`select parent from auth.refresh_tokens where token = $1`, [r.session!.refresh_token]);
    expect(parent.rows[0].parent).toBe(first.refresh_token);
  });

  it('hands back the current token for a reuse inside the 10 s grace, and revokes the session for a later reuse', async () => {
    const { data } = await invitedUser('grace@example.com');
    const t0 = data.session!.refresh_token;
    const r1 = await (await post('/token?grant_type=refresh_token', { refresh_token: t0 })).json();
    const again = await post('/token?grant_type=refresh_token', { refresh_token: t0 });
    expect(again.status).toBe(200);
    expect((await again.json()).refresh_token).toBe(r1.refresh_token);
    // Age the revoked token past the grace period, then replay it.
    await s.db.admin.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [t0]);
    const reuse = await client(s).auth.refreshSession({ refresh_token: t0 });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    // The whole session is gone: even the newest token no longer works.
    const child = await client(s).auth.refreshSession({ refresh_token: r1.refresh_token });
    expect(child.error?.code).toBe('refresh_token_not_found');
  });

  it('rejects an unknown refresh token with 400 refresh_token_not_found', async () => {
    const { error } = await client(s).auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
  });

  it('signOut revokes the refresh tokens and the session', async () => {
    const { c, data } = await invitedUser('gina@example.com');
    const { access_token, refresh_token } = data.session!;
    expect((await c.auth.signOut()).error).toBeNull();
    const r = await client(s).auth.refreshSession({ refresh_token });
    expect(r.error?.code).toBe('refresh_token_not_found');
    const u = await fetch(`${s.url}/auth/v1/user`, { headers: { apikey: s.anonKey, authorization: `Bearer ${access_token}` } });
    expect(u.status).toBe(403);
    expect((await u.json()).code).toBe('session_not_found');
  });

  it('logout scope=others keeps the current session only', async () => {
    const { c } = await invitedUser('hugo@example.com');
    const other = client(s);
    const o = await other.auth.signInWithPassword({ email: 'hugo@example.com', password: 'secret-123' });
    expect((await c.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await c.auth.getUser()).error).toBeNull();
    expect((await client(s).auth.refreshSession({ refresh_token: o.data.session!.refresh_token })).error?.code).toBe('refresh_token_not_found');
  });
});

describe('PKCE grant', () => {
  it('exchanges an auth code for a session only with the right code verifier', async () => {
    const { data } = await invitedUser('ivy@example.com');
    const verifier = randomBytes(48).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const flow = await s.auth.createPkceFlow({ codeChallenge: challenge, codeChallengeMethod: 'S256', providerType: 'sso', authenticationMethod: 'sso/oidc' });
    const code = await s.auth.completePkceFlow(flow.id, data.user!.id);
    const bad = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: randomBytes(48).toString('base64url') });
    expect(bad.status).toBe(403);
    expect((await bad.json()).code).toBe('bad_code_verifier');
    const ok = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: verifier });
    expect(ok.status).toBe(200);
    const session = await ok.json();
    expect(session.user.email).toBe('ivy@example.com');
    expect((decodeJwt(session.access_token).amr as { method: string }[])[0].method).toBe('sso/oidc');
    const twice = await post('/token?grant_type=pkce', { auth_code: code, code_verifier: verifier });
    expect(twice.status).toBe(404);
  });
});

describe('JWT checks', () => {
  const sign = (claims: Record<string, unknown>, secret: string, exp: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(exp - 3600).setExpirationTime(exp).sign(new TextEncoder().encode(secret));

  it('answers 401 bad_jwt for a forged or expired token on /user', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign({ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', session_id: 'x' }, 'another-secret-another-secret-another', now + 3600);
    const expired = await sign({ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', session_id: 'x' }, TEST_JWT_SECRET, now - 60);
    for (const token of [forged, expired]) {
      const r = await fetch(`${s.url}/auth/v1/user`, { headers: { apikey: s.anonKey, authorization: `Bearer ${token}` } });
      expect(r.status).toBe(401);
      expect((await r.json()).code).toBe('bad_jwt');
    }
  });

  it('answers 401 PGRST301 on /rest/v1 for a forged or expired token and writes nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign({ role: 'service_role' }, 'another-secret-another-secret-another', now + 3600);
    const expired = await sign({ role: 'service_role' }, TEST_JWT_SECRET, now - 60);
    for (const [token, message] of [[forged, /JWSError/], [expired, /JWT expired/]] as const) {
      const r = await fetch(`${s.url}/rest/v1/teams`, {
        method: 'POST', headers: { apikey: s.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ name: 'Équipe pirate' }),
      });
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ code: 'PGRST301', message: expect.stringMatching(message) });
    }
    // The service key itself is accepted (control): the refusal above is the token, not the route.
    const ok = await fetch(`${s.url}/rest/v1/teams?select=id`, { headers: { apikey: s.anonKey, authorization: `Bearer ${s.serviceKey}` } });
    expect(ok.status).toBe(200);
    expect((await s.db.admin.query(`select 1 from public.teams where name = 'Équipe pirate'`)).rows).toHaveLength(0);
  });

  it('refuses a valid user token sent with a forged apikey', async () => {
    const forgedKey = await sign({ role: 'anon' }, 'another-secret-another-secret-another', Math.floor(Date.now() / 1000) + 3600);
    const r = await fetch(`${s.url}/rest/v1/teams?select=id`, { headers: { apikey: forgedKey, authorization: `Bearer ${s.anonKey}` } });
    expect(r.status).toBe(401);
  });
});

describe('malformed requests', () => {
  it('answers invalid JSON with a 400 in GoTrue shape', async () => {
    const r = await fetch(`${s.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { apikey: s.anonKey, 'content-type': 'application/json' }, body: '{"email":' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'bad_json' });
  });

  it('answers an oversized body with 413 and creates nothing', async () => {
    const r = await post('/signup', { email: 'big@example.com', password: 'secret-123', data: { blob: 'x'.repeat(1_200_000) } });
    expect(r.status).toBe(413);
    expect((await r.json()).code).toBe('request_too_large');
    expect((await s.db.admin.query(`select 1 from auth.users where email = 'big@example.com'`)).rows).toHaveLength(0);
  });

  it('rejects an unknown grant type', async () => {
    const r = await post('/token?grant_type=magic', {});
    expect(r.status).toBe(400);
    expect((await r.json()).code).toBe('unsupported_grant_type');
  });
});

describe('rate limits', () => {
  it('answers 429 over_request_rate_limit past the /token burst', async () => {
    const limited = await startTestServer({ rateLimits: { token: { perWindow: 3, windowS: 300, burst: 3 }, signup: { perWindow: 2, windowS: 300, burst: 2 } } });
    try {
      const c = client(limited);
      const statuses: (number | undefined)[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await c.auth.signInWithPassword({ email: 'x@example.com', password: 'whatever' })).error?.status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const last = await c.auth.signInWithPassword({ email: 'x@example.com', password: 'whatever' });
      expect(last.error?.code).toBe('over_request_rate_limit');
      for (let i = 0; i < 2; i++) await c.auth.signUp({ email: `s${i}@example.com`, password: 'secret-123' });
      expect((await c.auth.signUp({ email: 's9@example.com', password: 'secret-123' })).error?.code).toBe('over_request_rate_limit');
    } finally {
      await limited.close();
    }
  });
});
