// Bench helper: the embedded server as `npm start` runs it, in its own process (server/cli.ts), so a bench measures
// the server and not its own event loop; ready once /ready answers; the admin's token; RSS read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_ADMIN = { email: 'admin@rail.local', password: 'bench-admin-2026' };

export interface ServerProcess { url: string; anonKey: string; token: string; child: ChildProcess; dataDir: string }

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
export async function startServerProcess(opts: { port: number; seedPoints: number; databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rail-bench-'));
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
  if (!t.ok) throw new Error(`sign-in ${t.status} ${await t.text()}`);
  return { url, anonKey, token: ((await t.json()) as { access_token: string }).access_token, child, dataDir };
}

export async function stopServerProcess(s: ServerProcess): Promise<void> {
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(s.dataDir, { recursive: true, force: true });
}
