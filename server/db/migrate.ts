// migrate(db): the local bootstrap (server/db/bootstrap.sql, then realtimeQueue.sql), then every supabase/migrations/*.sql in name
// order, each once and in its own transaction, recorded in supabase_migrations.schema_migrations. The whole run holds
// an advisory lock, so any number of instances can start at once on one PostgreSQL: the first applies, the others
// wait, then re-read what is applied and find nothing left to do.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { Database } from './types';
import { installChangeCapture } from './realtime';
import { MIGRATION_LOCK } from './locks';

export const BOOTSTRAP_PATH = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
/** The local realtime change queue: needs realtime.messages from the bootstrap. */
export const REALTIME_QUEUE_PATH = fileURLToPath(new URL('./realtimeQueue.sql', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

export interface MigrateResult { applied: string[]; skipped: number }

export function migrate(db: Database, opts: { migrationsDir?: string } = {}): Promise<MigrateResult> {
  return db.withLock(MIGRATION_LOCK, () => migrateLocked(db, opts));
}

async function migrateLocked(db: Database, opts: { migrationsDir?: string }): Promise<MigrateResult> {
  await db.admin.exec(readFileSync(BOOTSTRAP_PATH, 'utf8'));
  await db.admin.exec(readFileSync(REALTIME_QUEUE_PATH, 'utf8'));
  const dir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const files = (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith('.sql')).sort();
  const done = new Set((await db.admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (done.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    const name = rest.join('_');
    if (!/^[0-9A-Za-z_]+$/.test(version + name)) throw new Error(`bad migration file name: ${file}`);
    // One simple-protocol message = one implicit transaction on both adapters: all or nothing.
    const record = `\n;\ninsert into supabase_migrations.schema_migrations (version, name) values ('${version}', '${name}');`;
    try {
      await db.admin.exec(sql + record);
    } catch (e) {
      if (e instanceof Error) e.message = `migration ${file} failed: ${e.message}`;
      throw e;
    }
    applied.push(file);
  }
  await installChangeCapture(db);
  return { applied, skipped: files.length - applied.length };
}
