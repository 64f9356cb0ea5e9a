// Bench helper: the embedded server as `npm start` runs it, in its own process (server/cli.ts), so a bench measures
// the server and not its own event loop; ready once /ready answers; the admin's token; RSS read from /proc.
// `dataDir`: an already seeded PGlite data dir used in place (kept at stop; pass a copy of your own, the bench writes
// to it); when the bench admin's password is not that database's, the admin's token is signed with its jwt-secret.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SignJWT } from 'jose';
import { join } from 'node:path';

export const BENCH_ADMIN = { email: 'admin@rail.local', password: 'bench-admin-2026' };

export interface ServerProcess { url: string; anonKey: string; token: string; child: ChildProcess; dataDir: string; keepDataDir?: boolean }

const running = new Set<ChildProcess>();
// A bench that fails must not leave its servers behind.
process.on('exit', () => { for (const c of running) c.kill('SIGKILL'); });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server process's resident memory in MB (its threads included: the PGlite worker). */
export function rssMB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024 * 100) / 100 : NaN;
}

/** Starts server/cli.ts on `port` (demo seed with `seedPoints` extra points on an empty database) and signs the admin in. */
export async function startServerProcess(opts: { port: number; seedPoints: number; databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[]; dataDir?: string }): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'rail-bench-'));
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/cli.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', SEED_POINTS: String(opts.seedPoints),
      SEED_LINES: '1', ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, RATE_LIMIT_DISABLED: '1',
      DATABASE_URL: opts.databaseUrl ?? '', ...opts.env,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const until = Date.now() + 20 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    try { const r = await fetch(`${url}/ready`); if (r.ok) break; } catch { /* not listening yet */ }
    if (Date.now() > until) throw new Error('server not ready in 20 min');
    await sleep(500);
  }
  const { supabaseAnonKey: anonKey } = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  const t = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST', headers: { apikey: anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN),
  });
  if (t.ok) return { url, anonKey, token: ((await t.json()) as { access_token: string }).access_token, child, dataDir, keepDataDir: !!opts.dataDir };
  if (!opts.dataDir) throw new Error(`sign-in ${t.status} ${await t.text()}`);
  return { url, anonKey, token: await adminTokenFromSecret(url, anonKey, dataDir), child, dataDir, keepDataDir: true };
}

/** A seeded data dir whose admin password is unknown: the service key and an admin's access token signed with its jwt-secret. */
async function adminTokenFromSecret(url: string, anonKey: string, dataDir: string): Promise<string> {
  const key = new TextEncoder().encode(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim());
  const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt().setExpirationTime('12h').sign(key);
  const service = await sign({ iss: 'supabase', role: 'service_role' });
  const r = await fetch(`${url}/rest/v1/profiles?select=id&role=eq.admin&active=eq.true&limit=1`, { headers: { apikey: anonKey, Authorization: `Bearer ${service}` } });
  const rows = (await r.json()) as { id: string }[];
  if (!r.ok || !rows.length) throw new Error(`no active admin in ${dataDir}: ${r.status}`);
  return sign({ sub: rows[0].id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' });
}

export async function stopServerProcess(s: ServerProcess): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
  if (!s.keepDataDir) rmSync(s.dataDir, { recursive: true, force: true });
}
