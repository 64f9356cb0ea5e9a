// A database migrated from scratch by the project's own migrate code (server/db/migrate.ts: bootstrap, then every
// supabase/migrations file), and a second one with the bootstrap only, both in a PostgreSQL cluster given by URL
// (or a throwaway one). Used by the schema dump and the type generator; dropped by close().
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { findPostgresBin, startTempPostgres } from '../../server/db/tempPostgres';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';

export interface MigratedDatabases {
  /** The database with every migration applied. */
  url: string;
  /** The database with the local bootstrap only. */
  baselineUrl: string;
  /** `pg_dump --schema-only` of a database, plain text. */
  dump(url: string): string;
  close(): Promise<void>;
}

function databaseUrl(clusterUrl: string, name: string): string {
  const u = new URL(clusterUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function createMigrated(clusterUrl: string, name: string, migrationsDir?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try { await admin.query(`create database ${name}`); } finally { await admin.end(); }
  const url = databaseUrl(clusterUrl, name);
  const db = await openPostgres(url, { max: 2 });
  try { await migrate(db, migrationsDir ? { migrationsDir } : {}); } finally { await db.close(); }
  return url;
}

/** Migrates two fresh databases in the cluster at `clusterUrl` (a superuser URL), or in a throwaway cluster; the
 * migrations of `migrationsDir` (default: supabase/migrations). */
export async function migratedDatabases(clusterUrl?: string, migrationsDir?: string): Promise<MigratedDatabases> {
  const temp = clusterUrl ? null : await startTempPostgres();
  const cluster = clusterUrl ?? temp!.url;
  const suffix = randomBytes(4).toString('hex');
  const names = [`schema_migrated_${suffix}`, `schema_baseline_${suffix}`];
  const empty = mkdtempSync(join(tmpdir(), 'rail-no-migrations-'));
  const bin = findPostgresBin();
  const pgDump = bin ? join(bin, 'pg_dump') : 'pg_dump';
  const close = async () => {
    rmSync(empty, { recursive: true, force: true });
    if (temp) { temp.stop(); return; }
    const admin = new pg.Client({ connectionString: cluster });
    await admin.connect();
    try {
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
    } finally { await admin.end(); }
  };
  try {
    const url = await createMigrated(cluster, names[0], migrationsDir);
    const baselineUrl = await createMigrated(cluster, names[1], empty);
    const dump = (u: string) => execFileSync(pgDump, ['--schema-only', '--no-owner', u], { encoding: 'utf8', maxBuffer: 1 << 28 });
    return { url, baselineUrl, dump, close };
  } catch (e) {
    await close();
    throw e;
  }
}
