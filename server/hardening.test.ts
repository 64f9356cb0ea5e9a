// Hardening, one case per test against the real embedded server (PGlite, or PostgreSQL with
// TEST_DATABASE_URL) and real supabase-js clients: NUL characters in auth input, user metadata size, object name
// segments, malformed positions and zones, out-of-range numbers, photo overwrites, upsert vs commit, TRUST_PROXY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from './main';
import { createInvitation } from '../test/server/testDatabase';
import { client, startTestServer } from '../test/server/testServer';

const PNG = (fill: number, n = 64) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, fill)]);

let s: RunningServer;
let admin: SupabaseClient, user: SupabaseClient;
let adminToken = '', userToken = '';

async function member(email: string): Promise<{ c: SupabaseClient; token: string }> {
  const invitation = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: invitation } } });
  expect(error).toBeNull();
  const p = await c.rpc('create_profile', { user_id: data.user!.id, user_email: email, user_role: 'user' });
  expect(p.error).toBeNull();
  return { c, token: data.session!.access_token };
}

beforeAll(async () => {
  s = await startTestServer({ rateLimits: { signup: { perWindow: 1000, windowS: 60, burst: 1000 }, token: { perWindow: 1000, windowS: 60, burst: 1000 } } });
  ({ c: admin, token: adminToken } = await member('chef@example.com')); // first profile: admin
  ({ c: user, token: userToken } = await member('agent@example.com'));
}, 120_000);
afterAll(async () => { await s?.close(); });

const req = (path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${s.url}${path}`, {
    method: init.method ?? 'POST',
    headers: { apikey: s.anonKey, Authorization: `Bearer ${init.token ?? s.anonKey}`, 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : Buffer.isBuffer(init.body) ? new Uint8Array(init.body) : JSON.stringify(init.body),
  });
const count = async (sql: string, params: unknown[] = []) => Number((await s.db.admin.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0].n);
const gotrueShape = (b: Record<string, unknown>) => expect(Object.keys(b)).toEqual(expect.arrayContaining(['code', 'error_code', 'message', 'msg']));

describe('1. NUL characters in auth input: 400 in GoTrue shape, nothing written', () => {
  const cases: [string, string, unknown][] = [
    ['password grant, email', '/auth/v1/token?grant_type=password', { email: 'a\u0000b@x.fr', password: 'abcdef' }],
    ['password grant, password', '/auth/v1/token?grant_type=password', { email: 'agent@example.com', password: 'secret\u0000-123' }],
    ['refresh token', '/auth/v1/token?grant_type=refresh_token', { refresh_token: '\u0000' }],
    ['pkce auth code', '/auth/v1/token?grant_type=pkce', { auth_code: 'a\u0000b', code_verifier: 'x'.repeat(43) }],
    ['pkce verifier', '/auth/v1/token?grant_type=pkce', { auth_code: 'ab', code_verifier: '\u0000'.repeat(43) }],
    ['signup email', '/auth/v1/signup', { email: 'n\u0000ul@example.com', password: 'secret-123' }],
    ['signup metadata', '/auth/v1/signup', { email: 'nul2@example.com', password: 'secret-123', data: { x: 'a\u0000' } }],
  ];
  for (const [what, path, body] of cases) {
    it(what, async () => {
      const users = await count('auth.users');
      const r = await req(path, { body });
      expect(r.status).toBe(400);
      gotrueShape(await r.json());
      expect(await count('auth.users')).toBe(users);
    });
  }

  it('PUT /user with a NUL inside data (value or key) → 400, metadata unchanged', async () => {
    for (const data of [{ x: 'a\u0000b' }, { 'k\u0000': 1 }, { deep: [{ y: '\u0000' }] }]) {
      const r = await req('/auth/v1/user', { method: 'PUT', token: userToken, body: { data } });
      expect(r.status).toBe(400);
      gotrueShape(await r.json());
    }
    const meta = (await s.db.admin.query<{ m: Record<string, unknown> }>(`select raw_user_meta_data as m from auth.users where email = 'agent@example.com'`)).rows[0].m;
    expect(Object.keys(meta)).not.toContain('x');
  });
});

describe('4. user metadata is capped (8 KB): no lock-out by a huge token', () => {
  it('PUT /user with 900 KB of data → 400; the account still works', async () => {
    const r = await req('/auth/v1/user', { method: 'PUT', token: userToken, body: { data: { x: 'a'.repeat(900_000) } } });
    expect(r.status).toBe(400);
    gotrueShape(await r.json());
    expect((await req('/auth/v1/user', { method: 'GET', token: userToken })).status).toBe(200);
  });

  it('the cap holds for the merged metadata (two 5 KB keys), and a near-cap user can still sign in and call the API', async () => {
    const first = await req('/auth/v1/user', { method: 'PUT', token: userToken, body: { data: { a: 'x'.repeat(5000) } } });
    expect(first.status).toBe(200);
    const second = await req('/auth/v1/user', { method: 'PUT', token: userToken, body: { data: { b: 'x'.repeat(5000) } } });
    expect(second.status).toBe(400);
    const signIn = await req('/auth/v1/token?grant_type=password', { body: { email: 'agent@example.com', password: 'secret-123' } });
    expect(signIn.status).toBe(200);
    const fresh = (await signIn.json()) as { access_token: string };
    expect((await req('/rest/v1/points?select=id&limit=1', { method: 'GET', token: fresh.access_token })).status).toBe(200);
    expect((await req('/auth/v1/user', { method: 'PUT', token: fresh.access_token, body: { data: { a: null } } })).status).toBe(200);
  });

  it('sign-up with 20 KB of data → 400 and no user', async () => {
    const invitation = await createInvitation(s.db, 'big@example.com');
    const r = await req('/auth/v1/signup', { body: { email: 'big@example.com', password: 'secret-123', data: { invitation_token: invitation, x: 'y'.repeat(20_000) } } });
    expect(r.status).toBe(400);
    expect(await count(`auth.users where email = 'big@example.com'`)).toBe(0);
  });
});

describe('2. object name segments over 255 bytes → 400, no row, no file', () => {
  for (const [what, seg] of [['252×a + .png', `${'a'.repeat(252)}.png`], ['300×é', `${'é'.repeat(300)}.png`]] as const) {
    it(what, async () => {
      const before = await count('storage.objects');
      const r = await req(`/storage/v1/object/poi_images/points/${encodeURIComponent(seg)}`, { token: userToken, body: PNG(1), headers: { 'Content-Type': 'image/png' } });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
      expect(await count('storage.objects')).toBe(before);
    });
  }
  it('a 255-byte segment is still accepted', async () => {
    const r = await req(`/storage/v1/object/poi_images/points/${'b'.repeat(251)}.png`, { token: userToken, body: PNG(1), headers: { 'Content-Type': 'image/png' } });
    expect(r.status).toBe(200);
  });
});

describe('5. positions and zones: malformed JSON is refused (the check is false, not null)', () => {
  const point = (position: unknown) => ({ name: 'Test', position });
  for (const position of ['x', 5, [], [1, 2], { x: 1 }, { x: 1, y: 'a' }, null]) {
    it(`point position ${JSON.stringify(position)} → 4xx, no row`, async () => {
      const before = await count('public.points');
      const r = await req('/rest/v1/points', { token: userToken, body: point(position) });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(await count('public.points')).toBe(before);
    });
  }
  const zone = (points: unknown) => ({ name: 'Z', points });
  for (const pts of [[1, 2, 3], [null, null, null], [{ x: 1 }, { x: 2 }, { x: 3 }], [{ x: 1, y: 1 }, { x: 2, y: 2 }, 'p'], [[{ x: 1, y: 1 }], [{ x: 1, y: 1 }], [{ x: 1, y: 1 }]], 'x', { x: 1 }]) {
    it(`zone points ${JSON.stringify(pts)} → 4xx, no row`, async () => {
      const before = await count('public.zones');
      const r = await req('/rest/v1/zones', { token: adminToken, body: zone(pts) });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(await count('public.zones')).toBe(before);
    });
  }
  it('valid ones are still stored', async () => {
    expect((await req('/rest/v1/points', { token: userToken, body: point({ x: 1.5, y: 2 }) })).status).toBe(201);
    expect((await req('/rest/v1/zones', { token: adminToken, body: zone([{ x: 1, y: 1 }, { x: 2, y: 1 }, { x: 2, y: 2 }]) })).status).toBe(201);
  });
});

describe('6. out-of-range JSON numbers are refused, not turned into null', () => {
  for (const raw of ['1e400', '-1e400', '1E+999']) {
    it(`km_value ${raw} → 400 PGRST102, no row`, async () => {
      const before = await count('public.points');
      const r = await req('/rest/v1/points', { token: userToken, body: `{"name":"Big","position":{"x":1,"y":2},"km_value":${raw}}` });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ code: 'PGRST102' });
      expect(await count('public.points')).toBe(before);
    });
  }
  it('also in a PATCH and an RPC body', async () => {
    const patch = await req('/rest/v1/points?name=eq.Test', { method: 'PATCH', token: userToken, body: '{"km_value":1e400}' });
    expect(patch.status).toBe(400);
    expect(await count(`public.points where km_value is null and name = 'Test'`)).toBe(await count(`public.points where name = 'Test'`));
  });
});

describe('7. a photo can be replaced only by who uploaded it; anyone signed in may still delete it', () => {
  it('another user gets a 4xx on upsert and PUT, the bytes stay; the uploader may replace it; the other may delete it', async () => {
    const up = await admin.storage.from('poi_images').upload('points/evidence.png', new Blob([PNG(7)]));
    expect(up.error).toBeNull();
    const upsert = await user.storage.from('poi_images').upload('points/evidence.png', new Blob([PNG(8)]), { upsert: true });
    expect(Number(upsert.error && (upsert.error as { statusCode?: string }).statusCode)).toBeGreaterThanOrEqual(400);
    const put = await user.storage.from('poi_images').update('points/evidence.png', new Blob([PNG(9)]));
    expect(put.error).not.toBeNull();
    const served = Buffer.from(await (await fetch(`${s.url}/storage/v1/object/public/poi_images/points/evidence.png`)).arrayBuffer());
    expect(served.equals(PNG(7))).toBe(true);
    const own = await admin.storage.from('poi_images').upload('points/evidence.png', new Blob([PNG(10)]), { upsert: true });
    expect(own.error).toBeNull();
    const del = await user.storage.from('poi_images').remove(['points/evidence.png']);
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);
  });
});

describe('10 (c). an upsert whose transaction fails at commit leaves the previous file in place', () => {
  it('deferred check fails at COMMIT → 4xx and the old bytes are still served', async () => {
    await s.db.admin.exec(`
      create or replace function public.test_fail_at_commit() returns trigger language plpgsql as $$
      begin
        if new.name = 'points/commit.png' and (new.metadata->>'size')::int > 100 then raise exception 'refused at commit' using errcode = '23514'; end if;
        return null;
      end $$;
      drop trigger if exists test_fail_at_commit on storage.objects;
      create constraint trigger test_fail_at_commit after update on storage.objects deferrable initially deferred
        for each row execute function public.test_fail_at_commit();`);
    const first = await user.storage.from('poi_images').upload('points/commit.png', new Blob([PNG(3)]));
    expect(first.error).toBeNull();
    const again = await user.storage.from('poi_images').upload('points/commit.png', new Blob([PNG(4, 200)]), { upsert: true });
    expect(again.error).not.toBeNull();
    const served = Buffer.from(await (await fetch(`${s.url}/storage/v1/object/public/poi_images/points/commit.png`)).arrayBuffer());
    expect(served.equals(PNG(3))).toBe(true);
    const ok = await user.storage.from('poi_images').upload('points/commit.png', new Blob([PNG(5, 80)]), { upsert: true });
    expect(ok.error).toBeNull();
    const served2 = Buffer.from(await (await fetch(`${s.url}/storage/v1/object/public/poi_images/points/commit.png`)).arrayBuffer());
    expect(served2.equals(PNG(5, 80))).toBe(true);
    await s.db.admin.exec('drop trigger test_fail_at_commit on storage.objects; drop function public.test_fail_at_commit();');
  });
});

describe('10 (d). TRUST_PROXY: rate limits per forwarded client address only when enabled', () => {
  const attempt = (srv: RunningServer, xff: string) => fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: { apikey: srv.anonKey, 'Content-Type': 'application/json', 'X-Forwarded-For': xff },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
  }).then((r) => r.status);
  const limits = { token: { perWindow: 1, windowS: 3600, burst: 2 } };

  it('off (default): X-Forwarded-For is ignored, everyone behind the proxy shares one bucket', async () => {
    const srv = await startTestServer({ rateLimits: limits });
    try {
      expect([await attempt(srv, '1.1.1.1'), await attempt(srv, '1.1.1.1')]).toEqual([400, 400]);
      expect(await attempt(srv, '2.2.2.2')).toBe(429);
    } finally { await srv.close(); }
  });

  it('on: each address the proxy appended (the last entry) has its own bucket; what the client wrote before it is ignored', async () => {
    const srv = await startTestServer({ rateLimits: limits, trustProxy: true });
    try {
      expect([await attempt(srv, '1.1.1.1'), await attempt(srv, '10.0.0.1, 1.1.1.1')]).toEqual([400, 400]);
      expect(await attempt(srv, '9.9.9.9, 1.1.1.1')).toBe(429); // a forged first entry is no new bucket
      expect(await attempt(srv, '1.1.1.1, 2.2.2.2')).toBe(400);
    } finally { await srv.close(); }
  });

  it('with a hop count of 2: the entry the farther trusted proxy appended', async () => {
    const srv = await startTestServer({ rateLimits: limits, trustProxy: 2 });
    try {
      expect([await attempt(srv, '1.1.1.1, 10.0.0.2'), await attempt(srv, '6.6.6.6, 1.1.1.1, 10.0.0.3')]).toEqual([400, 400]);
      expect(await attempt(srv, '7.7.7.7, 1.1.1.1, 10.0.0.2')).toBe(429);
      expect(await attempt(srv, '2.2.2.2, 10.0.0.2')).toBe(400);
    } finally { await srv.close(); }
  });
});
