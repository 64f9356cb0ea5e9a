// A DATA_DIR whose PGlite database is already migrated: the run's migrated template (migratedTemplate.ts) written to
// DATA_DIR/pgdata, private as the server keeps it. A server started on it applies no migration where an empty
// folder is migrated from scratch; the tests whose subject is not the first start (backups, damage, locks, logs,
// the e-mail outbox across a crash) start from it. The first start itself is tested on empty folders
// (server/ops/filePermissions.test.ts, the e2e servers).
import { join } from 'node:path';
import { migrate } from '../../server/db/migrate';
import { openPgliteThread } from '../../server/db/pgliteThread';
import { makePrivateDir, restrictTree } from '../../server/ops/privateFiles';
import { pgliteTemplateTarball } from './migratedTemplate';

/** Fills `dataDir`/pgdata with a migrated database (made here outside a vitest run) and returns `dataDir`. */
export async function migratedDataDir(dataDir: string): Promise<string> {
  makePrivateDir(dataDir);
  const tarball = pgliteTemplateTarball();
  const db = await openPgliteThread(join(dataDir, 'pgdata'), tarball ? { loadDataDir: tarball } : {});
  try {
    if (!tarball) await migrate(db);
  } finally {
    await db.close();
  }
  restrictTree(dataDir);
  return dataDir;
}
