// Request logs on the real embedded server driven by supabase-js: one JSON line per request with time, level,
// request id (echoed in X-Request-Id), method, path, status, duration and user id; after an invitation check, a
// sign-up with an invitation token, a sign-in, a refresh, a crash and secret query strings, the log holds no
// password, token or key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, DEFAULT_RATE_LIMITS } from './app';
import { createKeys } from '../keys';
import type { RunningServer } from '../main';
import { createInvitation } from '../../test/server/testDatabase';
import { client, startTestServer, TEST_JWT_SECRET } from '../../test/server/testServer';
import { createLogger, loggablePath } from './log';

let s: RunningServer;
const lines: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
beforeAll(async () => { s = await startTestServer({ logger: createLogger({ level: 'info', destination: sink }) }); });
afterAll(async () => { await s?.close(); });

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request log', () => {
  it('writes one JSON line per request with its id, echoed in X-Request-Id', async () => {
    lines.length = 0;
    const r = await fetch(`${s.url}/config.json`, { headers: { 'X-Request-Id': 'probe-123' } });
    expect(r.headers.get('x-request-id')).toBe('probe-123');
    const own = await fetch(`${s.url}/health`);
    const ownId = own.headers.get('x-request-id');
    expect(ownId).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((ok) => setTimeout(ok, 50));
    const e = entries();
    expect(e).toHaveLength(2);
    expect(e[0]).toMatchObject({ level: 30, reqId: 'probe-123', method: 'GET', path: '/config.json', status: 200, userId: null });
    expect(typeof e[0].time).toBe('string');
    expect(typeof e[0].ms).toBe('number');
    expect(e[1]).toMatchObject({ reqId: ownId, path: '/health' });
    // A forged id with spaces or newlines is replaced, never echoed into the log.
    const forged = await fetch(`${s.url}/health`, { headers: { 'X-Request-Id': 'a b"c' } });
    expect(forged.headers.get('x-request-id')).not.toBe('a b"c');
  });

  it('holds no password, token or key after an invitation, a sign-up, a sign-in and a refresh', async () => {
    lines.length = 0;
    const password = 'Mot-de-passe-tres-secret-42';
    const invitation = await createInvitation(s.db, 'journal@example.com');
    const c = client(s);
    await fetch(`${s.url}/invitation?token=${invitation}`); // the SPA's invitation link
    const checked = await c.rpc('validate_invitation', { token: invitation });
    expect(checked.error).toBeNull();
    const up = await c.auth.signUp({ email: 'journal@example.com', password, options: { data: { invitation_token: invitation } } });
    expect(up.error).toBeNull();
    const signIn = await c.auth.signInWithPassword({ email: 'journal@example.com', password });
    expect(signIn.error).toBeNull();
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const access = refreshed.data.session!.access_token;
    await c.from('points').select('id').limit(1);
    // Secrets in query strings, as some clients send them.
    await fetch(`${s.url}/rest/v1/points?select=id&apikey=${s.anonKey}&access_token=${access}`);
    await new Promise((ok) => setTimeout(ok, 50));

    const text = lines.join('\n');
    for (const secret of [password, invitation, access, signIn.data.session!.access_token, signIn.data.session!.refresh_token,
      refreshed.data.session!.refresh_token, s.anonKey, s.serviceKey]) {
      expect(text).not.toContain(secret);
    }
    const e = entries();
    expect(e.some((l) => l.path === '/invitation?token=[redacted]')).toBe(true);
    expect(e.some((l) => l.path === '/auth/v1/token?grant_type=password' && l.status === 200)).toBe(true);
    expect(e.some((l) => l.path === '/auth/v1/token?grant_type=refresh_token' && l.status === 200)).toBe(true);
    // A signed-in request names its user.
    expect(e.some((l) => String(l.path).startsWith('/rest/v1/points') && l.userId === signIn.data.user!.id)).toBe(true);
    expect(e.some((l) => l.path === '/rest/v1/points?select=id&apikey=[redacted]&access_token=[redacted]')).toBe(true);
  });

  it('redacts every secret-looking query value and keeps the others', () => {
    const u = new URL('http://x/auth/v1/verify?type=invite&token=abc&redirect_to=%2F&refresh_token=r&code=c&select=id&Api-Key=k');
    expect(loggablePath(u)).toBe('/auth/v1/verify?type=invite&token=[redacted]&redirect_to=%2F&refresh_token=[redacted]&code=[redacted]&select=id&Api-Key=[redacted]');
  });

  it('logs a crash as one error line with its stack and the request id, then the request line', async () => {
    const sunk: string[] = [];
    const logger = createLogger({ destination: new Writable({ write(c, _e, done) { sunk.push(...String(c).split('\n').filter(Boolean)); done(); } }) });
    const keys = await createKeys(TEST_JWT_SECRET);
    const app = createApp({
      keys, auth: async () => { throw new Error('boom\nsecond line'); }, sso: () => null, rest: () => null, storage: async () => {},
      staticDir: null, config: () => ({ supabaseUrl: '', supabaseAnonKey: keys.anonKey }), rateLimits: DEFAULT_RATE_LIMITS, logger,
      db: { admin: { query: () => Promise.reject(new Error('no database in this test')) } }, // no rate-limited path is called
    });
    const server = createServer((req, res) => void app(req, res));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/auth/v1/user`, { headers: { 'X-Request-Id': 'crash-1' } });
      expect(r.status).toBe(500);
      await new Promise((ok) => setTimeout(ok, 50));
    } finally {
      await new Promise<void>((ok) => server.close(() => ok()));
    }
    const e = sunk.map((l) => JSON.parse(l) as { level: number; reqId: string; msg: string; err?: { stack: string }; status?: number });
    expect(e).toHaveLength(2);
    expect(e[0]).toMatchObject({ level: 50, reqId: 'crash-1', msg: 'request crashed' });
    expect(e[0].err?.stack).toContain('boom');
    expect(e[0].err?.stack).toContain('log.test.ts');
    expect(e[1]).toMatchObject({ level: 50, reqId: 'crash-1', status: 500 });
  });
});
