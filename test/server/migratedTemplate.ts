// One migrated database per test run, copied for each test: the vitest global setup (projects server and db) runs
// migrate() once, then freshDatabase() and startTestServer() start every test database as a copy of it instead of
// an empty one migrated again.
// - PGlite: the migrated data directory as a gzip tarball (dumpDataDir), loaded by each new in-memory PGlite.
// - PostgreSQL (TEST_DATABASE_URL): a migrated database on that server, the TEMPLATE of each CREATE DATABASE.
// Its location reaches the test workers in RAIL_TEST_PGLITE_TEMPLATE or RAIL_TEST_PG_TEMPLATE.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../server/db/types';
import { openPgliteThread } from '../../server/db/pgliteThread';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';

export const PGLITE_TEMPLATE_ENV = 'RAIL_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'RAIL_TEST_PG_TEMPLATE';

/** Runs one statement on the server of `base` (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer(base: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}

/** `base` with another database name. */
export const databaseUrl = (base: string, name: string): string => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Migrates a new in-memory PGlite and returns its data directory as a gzip tarball. The copy is made cheap to
 * open: a checkpoint first, so a new instance replays no WAL, and 16 MB of shared buffers, so it does not set up
 * PostgreSQL's default 128 MB (a test database holds a few megabytes). `asMigrated` leaves both out (the
 * baseline of bench/testDatabaseOpen.bench.ts). */
export async function migratedTarball({ asMigrated = false } = {}): Promise<Uint8Array> {
  const db = await openPgliteThread();
  try {
    await migrate(db);
    if (!asMigrated) {
      await db.admin.exec(`alter system set shared_buffers = '16MB'`);
      await db.admin.exec('checkpoint');
    }
    const { tarball } = await db.dumpDataDir!(async () => null);
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Creates and migrates a database named `name` on the server of `base`; nobody stays connected to it. */
export async function migratedTemplateDatabase(base: string, name: string): Promise<void> {
  await onServer(base, `create database ${name}`);
  const db = await openPostgres(databaseUrl(base, name));
  try { await migrate(db); } finally { await db.close(); }
}

/** Vitest global setup: makes the run's template once (a second project of the same run finds it made). */
export async function setup(): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    if (process.env[PG_TEMPLATE_ENV]) return undefined;
    const name = `template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await migratedTemplateDatabase(base, name);
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      delete process.env[PG_TEMPLATE_ENV];
      await onServer(base, `drop database if exists ${name} with (force)`);
    };
  }
  if (process.env[PGLITE_TEMPLATE_ENV]) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'rail-pglite-template-'));
  const file = join(dir, 'migrated.tar.gz');
  writeFileSync(file, await migratedTarball());
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

let tarball: Uint8Array | null | undefined;
/** The run's migrated PGlite data directory as a gzip tarball, or null outside a vitest run. */
export function pgliteTemplateTarball(): Uint8Array | null {
  if (tarball === undefined) {
    const file = process.env[PGLITE_TEMPLATE_ENV];
    tarball = file ? new Uint8Array(readFileSync(file)) : null;
  }
  return tarball;
}

/** A new in-memory PGlite holding the run's migrated tarball, or null outside a vitest run (then callers migrate). */
export async function openPgliteFromTemplate(): Promise<Database | null> {
  const t = pgliteTemplateTarball();
  return t ? openPgliteThread(undefined, { loadDataDir: t }) : null;
}

/** The run's migrated PostgreSQL database to copy, or null outside a vitest run (then callers migrate). */
export const pgTemplateName = (): string | null => process.env[PG_TEMPLATE_ENV] || null;
