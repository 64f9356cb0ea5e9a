// Random malformed requests against the whole embedded API: deterministic random mixes of the bad
// inputs the security review found (NUL characters in auth input, oversized user metadata, long or invalid object
// name segments, photos of another user, malformed positions and zones, out-of-range numbers, upgrades on other
// paths). Every request is bad by construction: each must get a 4xx in its API's error shape and change nothing.
// Runs on PGlite and, in `npm test`, on PostgreSQL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from './main';
import { createInvitation, testKind } from '../test/server/testDatabase';
import { client, startTestServer } from '../test/server/testServer';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 5)]);
const VICTIM = 'points/victim.png';

let s: RunningServer;
let adminToken = '', userToken = '', refreshToken = '', pointId = '';

async function member(email: string) {
  const invitation = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: invitation } } });
  expect(error).toBeNull();
  expect((await c.rpc('create_profile', { user_id: data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();
  return { c, session: data.session! };
}

beforeAll(async () => {
  s = await startTestServer({ rateLimits: { signup: { perWindow: 10_000, windowS: 60, burst: 10_000 }, token: { perWindow: 10_000, windowS: 60, burst: 10_000 } } });
  const a = await member('chef@example.com');
  const u = await member('agent@example.com');
  adminToken = a.session.access_token;
  userToken = u.session.access_token;
  refreshToken = u.session.refresh_token;
  expect((await a.c.storage.from('poi_images').upload(VICTIM, new Blob([PNG]))).error).toBeNull();
  const p = await u.c.from('points').insert({ name: 'Existant', position: { x: 10, y: 20 }, km_value: 1.5 }).select('id').single();
  expect(p.error).toBeNull();
  pointId = (p.data as { id: string }).id;
  await createInvitation(s.db, 'invited@example.com'); // an open invitation: a sign-up fails only for its bad input
}, 120_000);
afterAll(async () => { await s?.close(); });

/** mulberry32: a small deterministic PRNG so failures reproduce. */
function rng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BIG = '__BIG_NUMBER__'; // replaced in the raw JSON text by an out-of-range literal
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'x@y.fr\u0000', '\u0000'.repeat(40)];
const BAD_POSITIONS: unknown[] = ['x', 5, [], [1, 2], { x: 1 }, { y: 2 }, { x: '1', y: 2 }, { x: 1, y: null }, [1, 2, 3], true, { x: BIG, y: 1 }];
const BAD_ZONE_POINTS: unknown[] = [[1, 2, 3], [null, null, null], [{ x: 1 }, { x: 2 }, { x: 3 }], [{ x: 1, y: 1 }, { x: 2, y: 2 }, 'p'],
  [[{ x: 1, y: 1 }], [{ x: 2, y: 2 }], [{ x: 3, y: 3 }]], [{ x: 1, y: 1 }, { x: 2, y: 2 }], 'x', {}, [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: BIG, y: 3 }]];
const BIG_LITERALS = ['1e400', '-1e400', '1E+999', '123456789e999'];
const BAD_SEGMENTS = [`${'a'.repeat(252)}.png`, `${'é'.repeat(300)}.png`, `${'z'.repeat(256)}`, '%00.png', 'a%00b.png', '..', `${'ß'.repeat(128)}.png`];

type Shape = 'auth' | 'rest' | 'storage' | 'plain';
interface Bad { label: string; method: string; path: string; token?: string; body?: string | Buffer; headers?: Record<string, string>; shape: Shape }

function generate(rand: () => number): Bad {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)];
  const json = (v: unknown) => JSON.stringify(v).replaceAll(`"${BIG}"`, pick(BIG_LITERALS));
  const nul = () => pick(NUL_STRINGS);
  const hugeMeta = () => ({ blob: 'm'.repeat(pick([9000, 20_000, 300_000])) });
  switch (pick(['token', 'signup', 'user', 'storage', 'point', 'patch', 'zone', 'upgrade'] as const)) {
    case 'token': {
      const grant = pick(['password', 'refresh_token', 'pkce'] as const);
      const body = grant === 'password'
        ? pick([{ email: nul(), password: 'secret-123' }, { email: `agent${nul()}@example.com`, password: 'secret-123' }, { email: 'agent@example.com', password: `secret-123${nul()}` }])
        : grant === 'refresh_token'
          ? pick([{ refresh_token: nul() }, { refresh_token: `${refreshToken}${nul()}` }])
          : pick([{ auth_code: nul(), code_verifier: 'v'.repeat(43) }, { auth_code: 'abc', code_verifier: `${nul()}${'v'.repeat(43)}` }]);
      return { label: `token ${grant}`, method: 'POST', path: `/auth/v1/token?grant_type=${grant}`, body: json(body), shape: 'auth' };
    }
    case 'signup': {
      const body = pick([
        { email: `invited${nul()}@example.com`, password: 'secret-123' },
        { email: 'invited@example.com', password: 'secret-123', data: { note: nul() } },
        { email: 'invited@example.com', password: 'secret-123', data: { [`k${nul()}`]: 1 } },
        { email: 'invited@example.com', password: 'secret-123', data: hugeMeta() },
      ]);
      return { label: 'signup', method: 'POST', path: '/auth/v1/signup', body: json(body), shape: 'auth' };
    }
    case 'user': {
      const data = pick([{ x: nul() }, { [nul()]: 'v' }, { nested: { deeper: [1, nul()] } }, hugeMeta()]);
      return { label: 'PUT /user', method: 'PUT', path: '/auth/v1/user', token: userToken, body: json(pick([{ data }, { data, password: 'another-123' }])), shape: 'auth' };
    }
    case 'storage': {
      const victim = rand() < 0.4;
      const name = victim ? VICTIM : `points/${pick(BAD_SEGMENTS)}`;
      const method = victim ? pick(['POST', 'PUT']) : pick(['POST', 'PUT']);
      const headers: Record<string, string> = { 'Content-Type': 'image/png' };
      if (victim || rand() < 0.5) headers['x-upsert'] = 'true';
      const path = `/storage/v1/object/poi_images/${name.split('/').map((x) => (x.includes('%') || x === '..' ? x : encodeURIComponent(x))).join('/')}`;
      return { label: `storage ${method} ${victim ? 'victim' : 'bad name'}`, method, path, token: userToken, body: Buffer.concat([PNG, Buffer.from([Math.floor(rand() * 256)])]), headers, shape: 'storage' };
    }
    case 'point': {
      const base: Record<string, unknown> = { name: 'Nouveau', position: { x: 1, y: 2 } };
      const poison = pick(['position', 'km', 'name'] as const);
      if (poison === 'position') base.position = pick(BAD_POSITIONS);
      if (poison === 'km') base.km_value = BIG;
      if (poison === 'name') base.name = `N${nul()}`;
      const body = rand() < 0.2 ? [{ name: 'Bon', position: { x: 3, y: 4 } }, base] : base;
      return { label: `insert point (${poison})`, method: 'POST', path: '/rest/v1/points', token: userToken, body: json(body), headers: { Prefer: pick(['return=representation', 'return=minimal']) }, shape: 'rest' };
    }
    case 'patch': {
      const body = pick([{ position: pick(BAD_POSITIONS) }, { km_value: BIG }, { description: nul() }]);
      return { label: 'patch point', method: 'PATCH', path: `/rest/v1/points?id=eq.${pointId}`, token: userToken, body: json(body), shape: 'rest' };
    }
    case 'zone': {
      const body = { name: 'Zone', track: 'voie_1', points: pick(BAD_ZONE_POINTS) };
      return { label: 'insert zone', method: 'POST', path: '/rest/v1/zones', token: adminToken, body: json(body), shape: 'rest' };
    }
    case 'upgrade':
      return { label: 'upgrade', method: 'UPGRADE', path: pick(['/', '/rest/v1/points', '/auth/v1/user', '/storage/v1/object/poi_images/x', '/realtime/v1/nope', '/x/../realtime']), shape: 'plain' };
  }
}

/** A raw Upgrade: websocket request; resolves with the status line's code once the server closed the socket. */
function upgradeStatus(path: string): Promise<number> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    let text = '';
    const sock = connect(Number(port), '127.0.0.1', () => sock.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`));
    const timer = setTimeout(() => { sock.destroy(); reject(new Error(`upgrade on ${path} still open after 3 s`)); }, 3000);
    sock.on('data', (c) => { text += c.toString(); });
    sock.on('error', () => undefined);
    sock.on('close', () => { clearTimeout(timer); resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)); });
  });
}

async function state(): Promise<string> {
  const r = await s.db.admin.query(`select
    (select count(*) from public.points) as points, (select count(*) from public.zones) as zones,
    (select count(*) from auth.users) as users, (select count(*) from storage.objects) as objects,
    (select md5(string_agg(id::text || "position"::text || coalesce(km_value::text, '') || description, ',' order by id)) from public.points) as point_rows,
    (select md5(string_agg(coalesce(raw_user_meta_data::text, '') || coalesce(encrypted_password, ''), ',' order by id)) from auth.users) as user_rows,
    (select md5(string_agg(name || coalesce(metadata::text, ''), ',' order by name)) from storage.objects) as object_rows`);
  const victimBytes = createHash('md5').update(readFileSync(join(s.storageRoot, 'poi_images', ...VICTIM.split('/')))).digest('hex');
  return JSON.stringify({ ...r.rows[0], victimBytes });
}

const SHAPES: Record<Shape, string[]> = {
  auth: ['code', 'error_code', 'message', 'msg'],
  rest: ['code', 'details', 'hint', 'message'],
  storage: ['error', 'message', 'statusCode'],
  plain: [],
};

it(`random malformed requests across auth, storage, REST and upgrades: 4xx in the API's shape, nothing changed (${testKind()})`, async () => {
  const rand = rng(20261123);
  const initial = await state();
  const statuses = new Map<string, number>();
  for (let i = 0; i < 160; i++) {
    const bad = generate(rand);
    let status: number;
    let text = '';
    if (bad.method === 'UPGRADE') {
      status = await upgradeStatus(bad.path);
    } else {
      const res = await fetch(`${s.url}${bad.path}`, {
        method: bad.method,
        headers: { apikey: s.anonKey, Authorization: `Bearer ${bad.token ?? s.anonKey}`, 'Content-Type': 'application/json', ...bad.headers },
        body: typeof bad.body === 'string' ? bad.body : bad.body ? new Uint8Array(bad.body) : undefined,
      });
      status = res.status;
      text = await res.text();
    }
    const what = `#${i} ${bad.label} ${bad.method} ${bad.path.slice(0, 120)} ${typeof bad.body === 'string' ? bad.body.slice(0, 160) : ''} → ${status} ${text.slice(0, 200)}`;
    statuses.set(`${bad.label.split(' ')[0]} ${status}`, (statuses.get(`${bad.label.split(' ')[0]} ${status}`) ?? 0) + 1);
    expect(status, what).toBeGreaterThanOrEqual(400);
    expect(status, what).toBeLessThan(500);
    if (bad.shape !== 'plain') expect(Object.keys(JSON.parse(text)).sort(), what).toEqual(expect.arrayContaining(SHAPES[bad.shape]));
    expect(await state(), what).toBe(initial);
  }
  // Every family was exercised.
  for (const family of ['token', 'signup', 'PUT', 'storage', 'insert', 'patch', 'upgrade']) {
    expect([...statuses.keys()].some((k) => k.startsWith(family)), family).toBe(true);
  }
  // The session still works afterwards (no lock-out).
  expect((await fetch(`${s.url}/auth/v1/user`, { headers: { apikey: s.anonKey, Authorization: `Bearer ${userToken}` } })).status).toBe(200);
}, 120_000);
