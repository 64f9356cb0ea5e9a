// openDatabase: picks the PostgreSQL adapter when a URL is given, else PGlite (in memory or under dataDir/pgdata).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './types';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export interface OpenOptions { dataDir?: string; databaseUrl?: string; memory?: boolean }

export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  if (opts.memory || !opts.dataDir) return openPglite();
  const dir = join(opts.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
