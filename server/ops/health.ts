// GET /health (liveness: the process answers) and GET /ready (readiness: the database answers `select 1`
// within a time limit, every migration of supabase/migrations is applied, the storage folder is writable),
// as JSON, 503 when not ready. For load balancers, systemd/Docker health checks and monitoring.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Database } from '../db/types';
import { MIGRATIONS_DIR } from '../db/migrate';

export const READY_DB_TIMEOUT_MS = 2000;

interface Check { ok: boolean; ms: number; error?: string }
export interface ReadyReport { status: 'ready' | 'unavailable'; checks: { database: Check; migrations: Check & { pending?: string[] }; storage: Check } }

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => { timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms} ms`)), ms); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

async function timed(fn: () => Promise<Partial<Check> | void>): Promise<Check> {
  const started = performance.now();
  try {
    const extra = await fn();
    return { ok: true, ms: Math.round(performance.now() - started), ...extra };
  } catch (e) {
    return { ok: false, ms: Math.round(performance.now() - started), error: e instanceof Error ? e.message : String(e) };
  }
}

export interface HealthDeps { db: Database; storageRoot: string; dbTimeoutMs?: number; migrationsDir?: string }

export async function readiness(deps: HealthDeps): Promise<ReadyReport> {
  const limit = deps.dbTimeoutMs ?? READY_DB_TIMEOUT_MS;
  const database = await timed(async () => { await withTimeout(deps.db.admin.query('select 1'), limit, 'select 1'); });
  let pending: string[] | undefined;
  const migrations = !database.ok
    ? { ok: false, ms: 0, error: 'database unavailable' }
    : await timed(async () => {
      const files = readdirSync(deps.migrationsDir ?? MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
      const done = new Set((await withTimeout(deps.db.admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations'), limit, 'migrations'))
        .rows.map((r) => r.version));
      pending = files.filter((f) => !done.has(f.split('_')[0]));
      if (pending.length) throw new Error(`${pending.length} migration(s) not applied`);
    });
  const storage = await timed(async () => {
    const dir = join(deps.storageRoot, '.tmp');
    const probe = join(dir, `ready-${randomUUID()}`);
    await mkdir(dir, { recursive: true });
    try { await writeFile(probe, 'ok'); } finally { await rm(probe, { force: true }); }
  });
  const ok = database.ok && migrations.ok && storage.ok;
  return { status: ok ? 'ready' : 'unavailable', checks: { database, migrations: pending?.length ? { ...migrations, pending } : migrations, storage } };
}

/** Answers /health and /ready; false for any other request. */
export function createHealthHandler(deps: HealthDeps) {
  const startedAt = Date.now();
  return async function health(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path !== '/health' && path !== '/ready') return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const [status, body] = path === '/health'
      ? [200, { status: 'ok', uptime_s: Math.round((Date.now() - startedAt) / 1000) }]
      : await readiness(deps).then((r) => [r.status === 'ready' ? 200 : 503, r] as const);
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
    res.end(req.method === 'HEAD' ? undefined : text);
    return true;
  };
}
