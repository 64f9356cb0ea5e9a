// The HTTP core: /config.json, the SPA (fallback, caching, types, no traversal), CORS, error shaping,
// and a crashing handler answered with a 500 JSON while the server keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from './main';
import { createApp, DEFAULT_RATE_LIMITS } from './http/app';
import { createKeys } from './keys';
import { optionalModule } from './modules';
import { client, startTestServer, TEST_JWT_SECRET } from '../test/server/testServer';

let s: RunningServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });

/** A raw GET that keeps the path exactly as written (fetch would normalise ../). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    }).on('error', reject).end();
  });
}

describe('/config.json', () => {
  it('gives the same-origin URL and the anon key, uncached', async () => {
    const r = await fetch(`${s.url}/config.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(await r.json()).toEqual({ supabaseUrl: '', supabaseAnonKey: s.anonKey });
  });
});

describe('SPA', () => {
  it('serves index.html for unknown app routes, uncached', async () => {
    for (const path of ['/', '/invitation?token=abc', '/auth/callback']) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('SPA shell');
    }
  });

  it('serves hashed assets with a long cache and their type; a missing asset is a 404', async () => {
    const r = await fetch(`${s.url}/assets/app-abc123.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(r.headers.get('cache-control')).toContain('max-age=31536000');
    expect((await fetch(`${s.url}/assets/missing-123.js`)).status).toBe(404);
  });

  it('never serves a file outside the build directory', async () => {
    for (const path of ['/../../../../etc/passwd', '/..%2f..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%5c..%5cpackage.json']) {
      const r = await rawGet(s.url, path);
      expect(r.body).not.toContain('root:');
      expect(r.body).not.toContain('"dependencies"');
    }
  });
});

describe('API plumbing', () => {
  it('answers a CORS preflight with the Supabase headers', async () => {
    const r = await fetch(`${s.url}/rest/v1/points`, { method: 'OPTIONS', headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST' } });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('http://elsewhere.test');
    for (const h of ['authorization', 'apikey', 'x-client-info', 'prefer', 'x-upsert']) expect(r.headers.get('access-control-allow-headers')).toContain(h);
  });

  it('exposes Content-Range and X-Supabase-Api-Version on API answers', async () => {
    const r = await fetch(`${s.url}/auth/v1/health`, { headers: { origin: 'http://elsewhere.test' } });
    expect(r.headers.get('access-control-expose-headers')).toContain('Content-Range');
    expect(r.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });

  it('answers /auth/v1/sso with 404 sso_provider_not_found while no SSO module is mounted, or hands over to it', async () => {
    const r = await fetch(`${s.url}/auth/v1/sso`, { method: 'POST', headers: { apikey: s.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ domain: 'example.com' }) });
    expect(r.status).toBeLessThan(500);
    if (r.status === 404) expect((await r.json()).code).toMatch(/sso_provider_not_found/);
  });

  it('answers /auth/v1/settings like GoTrue', async () => {
    const r = await (await fetch(`${s.url}/auth/v1/settings`, { headers: { apikey: s.anonKey } })).json();
    expect(r).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true });
  });

  it('answers invalid JSON in a storage remove with a 400 in storage shape', async () => {
    const r = await fetch(`${s.url}/storage/v1/object/poi_images`, { method: 'DELETE', headers: { apikey: s.anonKey, 'content-type': 'application/json' }, body: '{nope' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ statusCode: '400' });
  });
});

describe('optional modules (the SSO mount point)', () => {
  it('loads a module that exists and reports a missing one as null', async () => {
    expect(await optionalModule('./no-such-module.ts')).toBeNull();
    const keys = await optionalModule<typeof import('./keys')>('./keys.ts');
    expect(typeof keys?.createKeys).toBe('function');
  });
});

describe('realtime mount', () => {
  it('lets supabase-js subscribe to postgres_changes over /realtime/v1/websocket', async () => {
    const c = client(s);
    const status = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('TIMEOUT'), 15_000);
      c.channel('points-feed')
        .on('postgres_changes', { event: '*', schema: 'public', table: 'points' }, () => {})
        .subscribe((st) => { if (st !== 'CLOSED') { clearTimeout(timer); resolve(st); } });
    });
    await c.removeAllChannels();
    expect(status).toBe('SUBSCRIBED');
  });
});

describe('a crashing handler', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const keys = await createKeys(TEST_JWT_SECRET);
    const app = createApp({
      keys, auth: async () => { throw new Error('boom'); }, sso: () => null, rest: () => null,
      storage: async () => { throw new TypeError('unexpected'); }, staticDir: null,
      config: () => ({ supabaseUrl: '', supabaseAnonKey: keys.anonKey }), rateLimits: DEFAULT_RATE_LIMITS,
      // No rate-limited path (POST /token, /signup) is called here: the buckets' database is never reached.
      db: { admin: { query: () => Promise.reject(new Error('no database in this test')) } },
    });
    server = createServer((req, res) => void app(req, res));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

  it('gets a 500 JSON in the API shape and the server keeps answering', async () => {
    const origError = console.error;
    console.error = () => {};
    try {
      const a = await fetch(`${base}/auth/v1/user`);
      expect(a.status).toBe(500);
      expect(await a.json()).toMatchObject({ code: 'internal_error' });
      const st = await fetch(`${base}/storage/v1/object/b/x.png`, { method: 'POST', body: 'x' });
      expect(st.status).toBe(500);
      expect(await st.json()).toMatchObject({ statusCode: '500' });
    } finally {
      console.error = origError;
    }
    const ok = await fetch(`${base}/config.json`);
    expect(ok.status).toBe(200);
  });
});
