// DATA_DIR holds the database (password hashes, refresh tokens), the stored photos and the JWT secret: only the
// server's user may read it, whatever the umask. Folders 0700, files 0600; the process umask tightened to 077 so
// that files created later (photos, PGlite's new relation and WAL files) are born private.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Takes group and other permissions away from `dir` and everything under it (symbolic links left alone).
 * Returns how many entries were changed; an entry this user may not change (another owner) is added to `refused`.
 */
export function restrictTree(dir: string, refused: string[] = []): number {
  let changed = 0;
  const visit = (path: string) => {
    let st;
    try { st = lstatSync(path); } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
      throw e;
    }
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((st.mode & 0o777) !== want) {
      try {
        chmodSync(path, want);
        changed++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
        refused.push(path);
      }
    }
    if (st.isDirectory()) for (const e of readdirSync(path)) visit(join(path, e));
  };
  visit(dir);
  return changed;
}

/** Creates `dir` (and its parents) if missing, 0700 whatever the umask (restrictTree fixes an existing one). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Adds 077 to the process umask (files created from now on are private to this user). Only the main thread may
 * change it (a worker thread shares the process's umask but cannot set it): there it is left as it is.
 */
export function tightenUmask(): void {
  try {
    const current = process.umask(0o077);
    process.umask(current | 0o077);
  } catch {
    // worker thread: ERR_WORKER_UNSUPPORTED_OPERATION
  }
}

/** The warnings printed at start when an existing DATA_DIR was open to other users (none when it was not). */
export function loosePermissionsWarnings(dataDir: string, changed: number, refused: string[]): string[] {
  const out: string[] = [];
  if (changed) {
    out.push(`ATTENTION : ${changed} fichiers ou dossiers de DATA_DIR ${dataDir} étaient accessibles à d'autres utilisateurs de la machine ` +
      `(base de données, secret JWT, photos) : leurs droits ont été ramenés à 0700 (dossiers) et 0600 (fichiers).`);
  }
  if (refused.length) {
    out.push(`ATTENTION : ${refused.length} fichiers ou dossiers de DATA_DIR restent accessibles à d'autres utilisateurs (ils appartiennent à un autre ` +
      `utilisateur, leurs droits n'ont pas pu être changés) : ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ', …' : ''}`);
  }
  return out;
}
