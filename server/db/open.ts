// openDatabase: picks the PostgreSQL adapter when a URL is given, else PGlite (in memory or under dataDir/pgdata) in
// a worker thread, so its statements never block the main thread's other answers.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './types';
import { openPgliteThread } from './pgliteThread';
import { openPostgres } from './postgres';

export interface OpenOptions { dataDir?: string; databaseUrl?: string; memory?: boolean }

export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.memory || !opts.dataDir) return openPgliteThread();
  const dir = join(opts.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openPgliteThread(dir);
}
