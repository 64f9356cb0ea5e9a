// Rows that vanished while the server was stopped: at a clean shutdown each table's row count is written to
// DATA_DIR/clean-shutdown.json; the next start compares and removes it (after a crash there is no record, so
// nothing is compared). A table with fewer rows is named in a loud warning: its files were cut or replaced.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/types';
import { DamagedDatabaseError } from './damage';
import { countRows, missingRows, type RowCounts } from './rowCounts';

export const CLEAN_SHUTDOWN_FILE = 'clean-shutdown.json';

export async function recordCleanShutdown(db: Database, dataDir: string): Promise<void> {
  const rowCounts = await countRows(db.admin);
  writeFileSync(join(dataDir, CLEAN_SHUTDOWN_FILE), JSON.stringify({ at: new Date().toISOString(), rowCounts }) + '\n');
}

/** The warning line (or null) comparing the record of the last clean shutdown with the rows now; removes the record. */
export async function checkSinceCleanShutdown(db: Database, dataDir: string): Promise<string | null> {
  const file = join(dataDir, CLEAN_SHUTDOWN_FILE);
  let now: RowCounts;
  try {
    now = await countRows(db.admin);
  } catch (e) {
    throw new DamagedDatabaseError(`lecture impossible (${(e instanceof Error ? e.message : String(e)).split('\n')[0]})`, join(dataDir, 'pgdata'), e);
  }
  if (!existsSync(file)) return null;
  let record: { at: string; rowCounts: RowCounts } | null = null;
  try { record = JSON.parse(readFileSync(file, 'utf8')); } catch { /* unreadable record: nothing to compare */ }
  rmSync(file, { force: true });
  if (!record) return null;
  const lost = missingRows(record.rowCounts, now);
  if (!lost.length) return null;
  return `ATTENTION : des lignes ont disparu depuis l'arrêt propre du ${record.at} sans incident entre-temps — ` +
    `${lost.map((l) => `${l.table} : ${l.now} au lieu de ${l.before}`).join(', ')}. ` +
    `Les fichiers de la base (${join(dataDir, 'pgdata')}) ont pu être abîmés ou remplacés : arrêtez le serveur et ` +
    `restaurez la dernière sauvegarde (docs/operations.md, « Exploitation »).`;
}
