// The backup archive: one tar file holding manifest.json (format, date, database kind, exact row count of each
// table, stored files and bytes), the database (PGlite's data directory as a gzip tarball, or a pg_dump custom
// archive), the stored files under storage/ and the JWT secret. Written and read through a staging folder.
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { create, extract } from 'tar';
import type { RowCounts } from './rowCounts';

export const ARCHIVE_FORMAT = 'rail-anomalies-backup';
export const PGLITE_DUMP = 'database/pgdata.tar.gz';
export const POSTGRES_DUMP = 'database/postgres.dump';

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  rowCounts: RowCounts;
  storage: { files: number; bytes: number };
  jwtSecret: boolean;
}

/** Every stored file under `root` (relative paths), the temporary upload folder left out. */
export function listStoredFiles(root: string, sub = ''): string[] {
  const dir = join(root, sub);
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (!sub && e.name === '.tmp') continue;
    if (e.isDirectory()) out.push(...listStoredFiles(root, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Copies the stored files (hard links where the file system allows: a replaced object is renamed over, so the
 * link keeps the backed-up bytes). A file removed meanwhile is skipped. Returns the count and bytes copied.
 */
export function copyStoredFiles(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const rel of listStoredFiles(from)) {
    const src = join(from, rel);
    const dest = join(to, rel);
    mkdirSync(join(dest, '..'), { recursive: true });
    try {
      try { linkSync(src, dest); } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
        copyFileSync(src, dest);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted after the listing
      throw e;
    }
    files++;
    bytes += statSync(dest).size;
  }
  return { files, bytes };
}

export async function writeArchive(file: string, staging: string): Promise<void> {
  const entries = readdirSync(staging);
  await create({ file, cwd: staging, portable: true, noMtime: false }, entries);
}

export async function readArchive(file: string, into: string): Promise<void> {
  await extract({ file, cwd: into, strict: true });
}
