// Test harness for the REST and realtime contract tests: a migrated in-memory PGlite (with the app migrations
// or a fixture directory), a bare node:http server on port 0 routing /rest/v1 to the REST handler and the
// realtime upgrade, HS256 keys signed with jose, and real supabase-js clients.
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { SignJWT, jwtVerify } from 'jose';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../server/db/types';
import { createUserWithProfile, freshDatabase, testKind } from './testDatabase';
import type { AuthContext } from '../../server/http/types';
import { createRestHandler } from '../../server/rest/index';
import { attachRealtime } from '../../server/realtime/index';

export const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./restFixtureSchema/', import.meta.url));
const SECRET = new TextEncoder().encode('rest-realtime-test-secret-0123456789abcdef');

export async function signJwt(claims: Record<string, unknown>, expiresInS = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'supabase-test', iat: now, exp: now + expiresInS, ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(SECRET);
}

export async function verifyJwt(token: string): Promise<{ role: string; claims: Record<string, unknown> } | null> {
  try {
    const { payload } = await jwtVerify(token, SECRET, { algorithms: ['HS256'] });
    return typeof payload.role === 'string' ? { role: payload.role, claims: payload as Record<string, unknown> } : null;
  } catch { return null; }
}

/** PGlite in memory, or a throwaway database on the PostgreSQL server of TEST_DATABASE_URL (dropped by close()). */
export const openTestDb = (migrationsDir?: string): Promise<Database> => freshDatabase(testKind(), migrationsDir);

export interface Harness {
  url: string; db: Database; anonKey: string; serviceKey: string;
  /** A supabase-js client: anon when no token is given. */
  client(token?: string | (() => Promise<string>)): SupabaseClient;
  userToken(userId: string, email?: string): Promise<string>;
  /** Raw fetch against /rest/v1 with the given bearer. */
  raw(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  flushRealtime(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(db: Database, opts: { realtime?: boolean } = {}): Promise<Harness> {
  const anonKey = await signJwt({ role: 'anon' }, 10 * 365 * 86400);
  const serviceKey = await signJwt({ role: 'service_role' }, 10 * 365 * 86400);
  const rest = createRestHandler({ db });
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.pathname.startsWith('/rest/v1')) { res.writeHead(404); res.end(); return; }
      const bearer = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? String(req.headers.apikey ?? '');
      const v = await verifyJwt(bearer);
      if (!v || !['anon', 'authenticated', 'service_role'].includes(v.role)) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ code: 'PGRST301', details: null, hint: null, message: 'JWT invalid' }));
        return;
      }
      const auth: AuthContext = { role: v.role as AuthContext['role'], claims: v.claims, userId: v.role === 'authenticated' ? String(v.claims.sub ?? '') : null };
      let buf: Promise<Buffer> | null = null;
      const body = () => (buf ??= new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => resolve(Buffer.concat(chunks)));
        req.on('error', reject);
      }));
      await rest(req, res, { url, auth, body });
    })().catch((e) => { console.error(e); res.writeHead(500); res.end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const rt = opts.realtime ? attachRealtime(server, { db, verifyJwt }) : null;
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const clients: SupabaseClient[] = [];
  return {
    url, db, anonKey, serviceKey,
    client(token?: string | (() => Promise<string>)) {
      // A token (or a token callback) becomes supabase-js' `accessToken`: REST and realtime both use it, as they
      // use the session token of a signed-in user in the app.
      const accessToken = typeof token === 'string' ? async () => token : token;
      const c = createClient(url, anonKey, {
        ...(accessToken ? { accessToken } : { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }),
        realtime: { transport: WebSocket as never, params: { eventsPerSecond: 100 } },
      });
      clients.push(c);
      return c;
    },
    userToken: (userId, email = `${userId.slice(0, 8)}@example.test`) => signJwt({ sub: userId, role: 'authenticated', aud: 'authenticated', email }),
    raw: (path, init = {}) => fetch(`${url}/rest/v1${path}`, { ...init, headers: { apikey: anonKey, Authorization: `Bearer ${init.token ?? anonKey}`, ...(init.headers as Record<string, string> ?? {}) } }),
    flushRealtime: async () => { await rt?.flush(); },
    async close() {
      for (const c of clients) await c.removeAllChannels().catch(() => {});
      await rt?.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A signed-in pair on a fresh harness: an admin and a member, each with a profile and an access token. */
export interface HarnessWithUsers {
  h: Harness;
  admin: { id: string; token: string };
  member: { id: string; token: string };
}

/** Starts a harness on a fresh database with `adminEmail` (admin) and `memberEmail` (member) signed in. */
export async function startHarnessWithUsers(adminEmail = 'admin@example.test', memberEmail = 'user@example.test'): Promise<HarnessWithUsers> {
  const db = await openTestDb();
  const h = await startHarness(db);
  const adminId = await createUserWithProfile(db, adminEmail, 'admin');
  const memberId = await createUserWithProfile(db, memberEmail, 'user');
  return {
    h,
    admin: { id: adminId, token: await h.userToken(adminId, adminEmail) },
    member: { id: memberId, token: await h.userToken(memberId, memberEmail) },
  };
}
