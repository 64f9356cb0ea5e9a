// Single sign-on against a real OpenID provider (oidc-provider on loopback) with the real supabase-js:
// /sso by domain, the whole code flow driven with fetch, and the refusals (state, IdP error, email checks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestServer } from '../../test/server/testServer';
import type { RunningServer } from '../main';
import { startOidcProvider, type TestIdp } from '../../e2e/support/oidcProvider';

const DOMAIN = 'rail-sso.test';
let idp: TestIdp;
let srv: RunningServer;

/** A browser stand-in: manual redirects, one cookie jar per origin. */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  async function get(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    if (u.hostname !== '127.0.0.1') throw new Error(`refusing to contact ${u.host}`); // loopback only
    const jar = jars.get(u.origin) ?? new Map<string, string>();
    jars.set(u.origin, jar);
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  /** Follows redirects until `stop(url)` or a non-redirect; returns the last URL. */
  async function follow(url: string, stop: (u: string) => boolean = () => false): Promise<{ url: string; res: Response | null }> {
    let current = url;
    for (let i = 0; i < 20; i++) {
      if (stop(current)) return { url: current, res: null };
      const res = await get(current);
      const loc = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && loc) {
        current = new URL(loc, current).toString();
        continue;
      }
      return { url: current, res };
    }
    throw new Error('too many redirects');
  }
  return { get, follow, jars };
}

const isCallback = (u: string) => u.startsWith(`${srv.url}/auth/v1/callback`);

/** Starts SSO with supabase-js, logs in at the IdP's form as `login`; stops at the IdP's redirect to our callback. */
async function toCallback(b: ReturnType<typeof browser>, login: string, client?: { auth: SupabaseClient['auth'] }, redirectTo = `${srv.url}/auth/callback`): Promise<string> {
  const sb = client ?? anon();
  const { data, error } = await sb.auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo } });
  expect(error).toBeNull();
  const { url: loginPage, res } = await b.follow(data!.url);
  expect(loginPage.startsWith(`${idp.issuer}/interaction/`)).toBe(true);
  const html = await res!.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBeTruthy();
  const post = await b.get(new URL(action!, loginPage).toString(), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  const { url } = await b.follow(new URL(post.headers.get('location')!, loginPage).toString(), isCallback);
  expect(isCallback(url)).toBe(true);
  return url;
}

const anon = (opts: Parameters<typeof createClient>[2] = {}) =>
  createClient(srv.url, srv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: WebSocket as never }, ...opts,
  });

function fragment(url: string) { return new URLSearchParams(new URL(url).hash.slice(1)); }
function query(url: string) { return new URL(url).searchParams; }

beforeAll(async () => {
  idp = await startOidcProvider();
  srv = await startTestServer({
    ssoProviders: [{ id: 'rail', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [DOMAIN] }],
  });
  idp.setRedirectUri(`${srv.url}/auth/v1/callback`);
});
afterAll(async () => {
  await srv?.close();
  await idp?.close();
});

describe('POST /auth/v1/sso', () => {
  it('answers 404 sso_provider_not_found for a domain no provider serves', async () => {
    const { data, error } = await anon().auth.signInWithSSO({ domain: 'unknown.test', options: { redirectTo: `${srv.url}/auth/callback` } });
    expect(data).toBeNull();
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('sso_provider_not_found');
    expect(error?.message).toBe('No SSO provider assigned for this domain');
  });

  it('answers {url} for a configured domain (case-insensitive), and 303 without skip_http_redirect', async () => {
    const { data, error } = await anon().auth.signInWithSSO({ domain: 'Rail-SSO.test', options: { redirectTo: `${srv.url}/auth/callback` } });
    expect(error).toBeNull();
    expect(data!.url).toMatch(new RegExp(`^${srv.url}/auth/v1/sso/authorize\\?state=[\\w-]{40,}$`));
    const res = await fetch(`${srv.url}/auth/v1/sso`, {
      method: 'POST', redirect: 'manual', headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ domain: DOMAIN, skip_http_redirect: false }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/auth\/v1\/sso\/authorize\?state=/);
  });

  it('is announced by /settings, and absent from a server without providers', async () => {
    const settings = await (await fetch(`${srv.url}/auth/v1/settings`, { headers: { apikey: srv.anonKey } })).json();
    expect(settings.saml_enabled).toBe(true);
    const bare = await startTestServer();
    try {
      const s2 = await (await fetch(`${bare.url}/auth/v1/settings`, { headers: { apikey: bare.anonKey } })).json();
      expect(s2.saml_enabled).toBe(false);
      const r = await fetch(`${bare.url}/auth/v1/sso`, { method: 'POST', headers: { apikey: bare.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ domain: DOMAIN }) });
      expect(r.status).toBe(404);
      expect((await r.json()).code).toBe('sso_provider_not_found');
    } finally {
      await bare.close();
    }
  });

  it('answers 502 sso_provider_unavailable (not a hang) when the provider cannot be reached', async () => {
    const down = await startTestServer({ ssoProviders: [{ id: 'down', issuer: 'http://127.0.0.1:9', client_id: 'c', client_secret: 's', domains: ['down.test'] }] });
    try {
      const { error } = await createClient(down.url, down.anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } })
        .auth.signInWithSSO({ domain: 'down.test' });
      expect(error?.status).toBe(502);
    } finally {
      await down.close();
    }
  });

  it('refuses a body with neither domain nor provider_id', async () => {
    const res = await fetch(`${srv.url}/auth/v1/sso`, { method: 'POST', headers: { apikey: srv.anonKey, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('validation_failed');
  });
});

describe('the code flow through the identity provider', () => {
  it('signs a first user in (implicit): session in the fragment, SSO user row, first profile admin', async () => {
    const b = browser();
    const cb = await toCallback(b, `Alice@${DOMAIN}`);
    const res = await b.get(cb);
    expect(res.status).toBe(302);
    const loc = res.headers.get('location')!;
    expect(loc.startsWith(`${srv.url}/auth/callback#`)).toBe(true);
    const f = fragment(loc);
    expect(f.get('token_type')).toBe('bearer');
    expect(Number(f.get('expires_in'))).toBe(3600);
    expect(Number(f.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const sb = anon();
    const { data, error } = await sb.auth.setSession({ access_token: f.get('access_token')!, refresh_token: f.get('refresh_token')! });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(`alice@${DOMAIN}`);
    expect(data.user!.app_metadata).toMatchObject({ provider: 'sso:rail', providers: ['sso:rail'] });
    const row = await srv.db.admin.query<{ is_sso_user: boolean }>(`select is_sso_user from auth.users where email = $1`, [`alice@${DOMAIN}`]);
    expect(row.rows).toEqual([{ is_sso_user: true }]);
    const profile = await sb.rpc('create_profile', { user_id: data.user!.id, user_email: data.user!.email, user_role: 'user' });
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({ role: 'admin' });
    // The refresh token works like any other.
    expect((await sb.auth.refreshSession()).error).toBeNull();
  });

  it('signs the same identity in again onto the same user, and a second user gets role user', async () => {
    const first = await srv.db.admin.query<{ id: string }>(`select id from auth.users where email = $1`, [`alice@${DOMAIN}`]);
    const b = browser();
    const loc = (await b.get(await toCallback(b, `alice@${DOMAIN}`))).headers.get('location')!;
    const sb = anon();
    const { data } = await sb.auth.setSession({ access_token: fragment(loc).get('access_token')!, refresh_token: fragment(loc).get('refresh_token')! });
    expect(data.user!.id).toBe(first.rows[0].id);
    const b2 = browser();
    const loc2 = (await b2.get(await toCallback(b2, `bob@${DOMAIN}`))).headers.get('location')!;
    const sb2 = anon();
    const s2 = await sb2.auth.setSession({ access_token: fragment(loc2).get('access_token')!, refresh_token: fragment(loc2).get('refresh_token')! });
    const p2 = await sb2.rpc('create_profile', { user_id: s2.data.user!.id, user_email: s2.data.user!.email, user_role: 'admin' });
    expect(p2.data).toMatchObject({ role: 'user' });
  });

  it('links an existing account with the same email instead of creating a second one', async () => {
    const id = '6f1c3d2e-0000-4000-8000-00000000a11c';
    await srv.db.admin.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`); // bypass the invitation trigger for this fixture
      await tx.query(`insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data)
                      values ($1, $2, 'x', now(), '{"provider":"email","providers":["email"]}')`, [id, `gina@${DOMAIN}`]);
    });
    const b = browser();
    const loc = (await b.get(await toCallback(b, `gina@${DOMAIN}`))).headers.get('location')!;
    const { data } = await anon().auth.setSession({ access_token: fragment(loc).get('access_token')!, refresh_token: fragment(loc).get('refresh_token')! });
    expect(data.user!.id).toBe(id);
    expect(data.user!.app_metadata).toMatchObject({ provider: 'email', providers: ['email', 'sso:rail'] });
    const rows = await srv.db.admin.query(`select 1 from auth.users where email = $1`, [`gina@${DOMAIN}`]);
    expect(rows.rows).toHaveLength(1);
  });

  it('PKCE: the client sends a code_challenge, gets ?code= and exchanges it with its verifier', async () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const sb = anon({ auth: { persistSession: true, storage, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' } });
    const b = browser();
    const loc = (await b.get(await toCallback(b, `carol@${DOMAIN}`, sb))).headers.get('location')!;
    expect(new URL(loc).hash).toBe('');
    const code = query(loc).get('code');
    expect(code).toBeTruthy();
    const { data, error } = await sb.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(`carol@${DOMAIN}`);
    // The code is single use.
    const replay = await fetch(`${srv.url}/auth/v1/token?grant_type=pkce`, {
      method: 'POST', headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(replay.status).toBe(404);
  });
});

describe('refusals: every failure is a redirect with Supabase-style error parameters', () => {
  it('a tampered state is refused (site callback, bad_oauth_state) and no session is issued', async () => {
    const b = browser();
    const cb = new URL(await toCallback(b, `dave@${DOMAIN}`));
    cb.searchParams.set('state', `${cb.searchParams.get('state')}x`);
    const res = await b.get(cb.toString());
    expect(res.status).toBe(302);
    const loc = res.headers.get('location')!;
    expect(loc.startsWith(`${srv.url}/auth/callback?`)).toBe(true);
    expect(query(loc).get('error')).toBe('invalid_request');
    expect(query(loc).get('error_code')).toBe('bad_oauth_state');
    expect(loc).not.toContain('access_token');
    const users = await srv.db.admin.query(`select 1 from auth.users where email = $1`, [`dave@${DOMAIN}`]);
    expect(users.rows).toHaveLength(0);
  });

  it('a callback URL works once only, and not in another browser', async () => {
    const b = browser();
    const cb = await toCallback(b, `erin@${DOMAIN}`);
    // Another browser (no binding cookie) presenting the victim's callback: refused.
    const other = await browser().get(cb);
    expect(query(other.headers.get('location')!).get('error_code')).toBe('bad_oauth_state');
    expect(other.headers.get('location')).not.toContain('access_token');
    // ... and the flow is spent, so even the right browser cannot use it any more.
    const again = await b.get(cb);
    expect(query(again.headers.get('location')!).get('error_code')).toBe('bad_oauth_state');
  });

  it('an IdP error (user cancels at the provider) comes back as ?error=access_denied&error_description=…', async () => {
    const b = browser();
    const { data } = await anon().auth.signInWithSSO({ domain: DOMAIN, options: { redirectTo: `${srv.url}/auth/callback` } });
    const { url: loginPage, res } = await b.follow(data!.url);
    const abort = /href="([^"]*\/abort)"/.exec(await res!.text())?.[1];
    expect(abort).toBeTruthy();
    const { url: cb } = await b.follow(new URL(abort!, loginPage).toString(), isCallback);
    const loc = (await b.get(cb)).headers.get('location')!;
    expect(loc.startsWith(`${srv.url}/auth/callback?`)).toBe(true);
    expect(query(loc).get('error')).toBe('access_denied');
    expect(query(loc).get('error_code')).toBe('provider_error');
    expect(query(loc).get('error_description')).toBe('End-User aborted interaction');
  });

  it('an unverified email is refused and creates nobody', async () => {
    const b = browser();
    const loc = (await b.get(await toCallback(b, `unverified@${DOMAIN}`))).headers.get('location')!;
    expect(query(loc).get('error')).toBe('access_denied');
    expect(query(loc).get('error_code')).toBe('email_not_verified');
    expect((await srv.db.admin.query(`select 1 from auth.users where email = $1`, [`unverified@${DOMAIN}`])).rows).toHaveLength(0);
  });

  it('an email of a domain the provider does not serve is refused', async () => {
    const b = browser();
    const loc = (await b.get(await toCallback(b, 'eve@elsewhere.test'))).headers.get('location')!;
    expect(query(loc).get('error_code')).toBe('sso_domain_not_allowed');
    expect((await srv.db.admin.query(`select 1 from auth.users where email = 'eve@elsewhere.test'`)).rows).toHaveLength(0);
  });

  it('a foreign redirect_to is not followed: the flow ends on the site URL (no open redirect)', async () => {
    const b = browser();
    const cb = await toCallback(b, `frank@${DOMAIN}`, undefined, 'https://evil.example/steal');
    const loc = (await b.get(cb)).headers.get('location')!;
    expect(new URL(loc).origin).toBe(srv.url);
    expect(loc).not.toContain('evil.example');
  });

  it('a stale or unknown authorize link lands on the error page, not on the IdP', async () => {
    const res = await fetch(`${srv.url}/auth/v1/sso/authorize?state=nope`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(query(res.headers.get('location')!).get('error_code')).toBe('bad_oauth_state');
  });
});
