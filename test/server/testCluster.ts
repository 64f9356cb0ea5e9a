// Test helper: N embedded servers started at the same moment on one fresh database of the PostgreSQL server of
// TEST_DATABASE_URL (same JWT secret, separate storage), as N instances behind a load balancer; close() drops it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer, type StartOptions } from '../../server/main';
import { TEST_JWT_SECRET, fakeSpaDir } from './testServer';

export interface TestCluster { instances: RunningServer[]; databaseUrl: string; close(): Promise<void> }

async function onMaintenance(base: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

/** Starts `n` instances with Promise.all (no ordering between them); extra options apply to each. */
export async function startTestCluster(n: number, extra: StartOptions = {}): Promise<TestCluster> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cluster_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onMaintenance(base, `create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const drop = () => onMaintenance(base, `drop database if exists ${name} with (force)`);
  const started = await Promise.allSettled(Array.from({ length: n }, () => startServer({
    memory: true, databaseUrl, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir(), ...extra,
  })));
  const instances = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const close = async () => {
    for (const s of instances) await s.close().catch(() => undefined);
    await drop();
  };
  if (failed) { await close(); throw failed.reason; }
  return { instances, databaseUrl, close };
}
