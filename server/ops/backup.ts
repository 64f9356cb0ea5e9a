// `npm run backup -- FILE`: the database first (with its exact row counts, taken in the same transaction as the
// copy), then the stored files, then the JWT secret, into one archive (server/ops/archive.ts). With PGlite, a
// running server on DATA_DIR makes the database copy itself (POST /ops/v1/database-dump, service key), else the
// DATA_DIR is locked and opened here. With DATABASE_URL, pg_dump runs on a snapshot exported by the counting
// transaction. Files stored after the database copy may be in the archive too; every file a row names is.
// The archive holds the keys to everything (the JWT secret signs service_role tokens; the database holds password
// hashes and refresh tokens): it is written 0600 whatever the umask, and with a passphrase it is encrypted
// (server/ops/encrypt.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '../db/tempPostgres';
import { openPglite } from '../db/pglite';
import { createKeys, loadSecret } from '../keys';
import { ARCHIVE_FORMAT, copyStoredFiles, PGLITE_DUMP, POSTGRES_DUMP, writeArchive, type Manifest } from './archive';
import { LOCK_FILE, lockDataDir, ownerAlive, type LockOwner } from './dataDirLock';
import { countRows, type RowCounts } from './rowCounts';
import { encryptFile } from './encrypt';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './privateFiles';

export interface BackupOptions {
  dataDir: string; databaseUrl?: string; jwtSecret?: string; log?: (line: string) => void;
  /** Encrypts the archive (AES-256-GCM, key derived by scrypt); restore asks for the same passphrase. */
  passphrase?: string;
}

export async function backup(file: string, opts: BackupOptions): Promise<Manifest> {
  const out = resolve(file);
  if (existsSync(out)) throw new Error(`${out} existe déjà : choisissez un autre nom de fichier (une sauvegarde n'en écrase jamais une autre).`);
  const dataDir = resolve(opts.dataDir);
  const log = opts.log ?? (() => {});
  // A private folder (mkdtemp: 0700) beside the archive: the copy and the archive are never readable by others.
  const work = mkdtempSync(join(dirname(out), '.backup-'));
  const staging = join(work, 'content');
  const partial = join(work, 'archive.tar');
  try {
    mkdirSync(join(staging, 'database'), { recursive: true, mode: PRIVATE_DIR_MODE });
    let rowCounts: RowCounts;
    let release = () => {};
    if (opts.databaseUrl) {
      log('Base PostgreSQL (pg_dump)...');
      rowCounts = await dumpPostgres(opts.databaseUrl, join(staging, POSTGRES_DUMP));
    } else {
      const owner = readLockOwner(dataDir);
      if (owner && ownerAlive(owner) && owner.url) {
        log(`Base PGlite copiée par le serveur en cours (pid ${owner.pid}, ${owner.url})...`);
        rowCounts = await dumpThroughServer(owner.url, dataDir, opts.jwtSecret, join(staging, PGLITE_DUMP));
      } else {
        // No server: this process holds the folder (no server may start meanwhile) until the files are copied.
        const lock = lockDataDir(dataDir, { command: 'npm run backup' });
        release = () => lock.release();
        log('Base PGlite copiée (serveur arrêté)...');
        rowCounts = await dumpPgliteDir(dataDir, join(staging, PGLITE_DUMP));
      }
    }
    try {
      log('Fichiers stockés...');
      const storage = copyStoredFiles(join(dataDir, 'storage'), join(staging, 'storage'));
      const secret = opts.jwtSecret ?? (existsSync(join(dataDir, 'jwt-secret')) ? readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim() : null);
      if (secret) writeFileSync(join(staging, 'jwt-secret'), secret + '\n', { mode: 0o600 });
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT, version: 1, createdAt: new Date().toISOString(), database: opts.databaseUrl ? 'postgres' : 'pglite',
        rowCounts, storage, jwtSecret: secret !== null,
      };
      writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
      await writeArchive(partial, staging);
      chmodSync(partial, PRIVATE_FILE_MODE);
      if (opts.passphrase) {
        log('Chiffrement...');
        const sealed = join(work, 'archive.enc');
        await encryptFile(partial, sealed, opts.passphrase);
        renameSync(sealed, out);
      } else {
        renameSync(partial, out);
      }
      return manifest;
    } finally {
      release();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readLockOwner(dataDir: string): LockOwner | null {
  try { return JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as LockOwner; } catch { return null; }
}

async function dumpThroughServer(url: string, dataDir: string, jwtSecret: string | undefined, dest: string): Promise<RowCounts> {
  const keys = await createKeys(loadSecret({ jwtSecret, dataDir }));
  const r = await fetch(`${url}/ops/v1/database-dump`, { method: 'POST', headers: { Authorization: `Bearer ${keys.serviceKey}` } });
  if (!r.ok) throw new Error(`le serveur (${url}) a refusé la copie de la base : ${r.status} ${await r.text()}`);
  const counts = JSON.parse(r.headers.get('x-row-counts') ?? 'null') as RowCounts | null;
  if (!counts) throw new Error(`le serveur (${url}) n'a pas donné le nombre de lignes de la copie`);
  writeFileSync(dest, Buffer.from(await r.arrayBuffer()));
  return counts;
}

async function dumpPgliteDir(dataDir: string, dest: string): Promise<RowCounts> {
  if (!existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))) throw new Error(`pas de base PGlite dans ${join(dataDir, 'pgdata')}`);
  const db = await openPglite(join(dataDir, 'pgdata'));
  try {
    const { tarball, before } = await db.dumpDataDir!((tx) => countRows(tx));
    writeFileSync(dest, Buffer.from(await tarball.arrayBuffer()));
    return before;
  } finally {
    await db.close();
  }
}

/** pg_dump (custom format) of the snapshot in which the rows were counted. */
async function dumpPostgres(databaseUrl: string, dest: string): Promise<RowCounts> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('begin isolation level repeatable read read only');
    const snapshot = (await c.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0].s;
    const counts = await countRows({ query: async (sql, params) => { const r = await c.query(sql, params); return { rows: r.rows, fields: [], affectedRows: r.rowCount ?? 0 }; } });
    const bin = findPostgresBin();
    const r = spawnSync(bin ? join(bin, 'pg_dump') : 'pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dest}`, `--dbname=${databaseUrl}`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pg_dump a échoué : ${r.error?.message ?? r.stderr.trim()}`);
    await c.query('commit');
    return counts;
  } finally {
    await c.end();
  }
}
