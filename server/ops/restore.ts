// `npm run restore -- FILE`: only into an empty DATA_DIR (or a database without tables with DATABASE_URL), refused
// otherwise with nothing touched. Unpacks the archive, loads the database, checks every table's row count and the
// stored files against the manifest, and puts the JWT secret back. The point-index pages left dirty in the archive
// are built before it returns, so the first sign-in after a restore reads stored pages. On any failure what it
// wrote is removed. An encrypted archive is decrypted first (the passphrase given to the backup); DATA_DIR ends
// 0700 with every file 0600 whatever the umask (server/ops/privateFiles.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '../db/tempPostgres';
import { openPglite } from '../db/pglite';
import { ARCHIVE_FORMAT, listStoredFiles, PGLITE_DUMP, POSTGRES_DUMP, readArchive, type Manifest } from './archive';
import { lockDataDir } from './dataDirLock';
import { decryptFile, isEncrypted } from './encrypt';
import { makePrivateDir, restrictTree, tightenUmask } from './privateFiles';
import { countRows, type RowCounts } from './rowCounts';
import { buildPointIndexPages } from '../db/pointIndexWarmup';
import type { Queryable } from '../db/types';
import { objectFilePath } from '../storage/paths';

export interface RestoreOptions { dataDir: string; databaseUrl?: string; log?: (line: string) => void; passphrase?: string }
export interface RestoreResult { manifest: Manifest; missingFiles: string[] }

export class RestoreRefusedError extends Error {
  constructor(message: string) { super(message); this.name = 'RestoreRefusedError'; }
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).filter((e) => e !== 'lost+found').length === 0;
}

export async function restore(file: string, opts: RestoreOptions): Promise<RestoreResult> {
  const archive = resolve(file);
  const dataDir = resolve(opts.dataDir);
  const log = opts.log ?? (() => {});
  if (!existsSync(archive)) throw new RestoreRefusedError(`${archive} n'existe pas.`);
  if (!isEmptyDir(dataDir)) {
    throw new RestoreRefusedError(`DATA_DIR ${dataDir} n'est pas vide : la restauration se fait seulement dans un dossier vide (rien n'a été modifié). ` +
      `Arrêtez le serveur, déplacez l'ancien dossier (mv ${dataDir} ${dataDir}.ancien) puis relancez la restauration.`);
  }
  const encrypted = isEncrypted(archive);
  if (encrypted && !opts.passphrase) throw new RestoreRefusedError(`${archive} est chiffrée : indiquez sa phrase de passe (--passphrase-file FICHIER).`);
  if (opts.databaseUrl) await refuseNonEmptyDatabase(opts.databaseUrl);
  const existed = existsSync(dataDir);
  tightenUmask();
  makePrivateDir(dataDir);
  const lock = lockDataDir(dataDir, { command: 'npm run restore' });
  const staging = mkdtempSync(join(dirname(dataDir), '.restore-'));
  let ok = false;
  try {
    if (encrypted) {
      log('Déchiffrement...');
      const plain = join(staging, '.archive.tar');
      await decryptFile(archive, plain, opts.passphrase!);
      await readArchive(plain, staging);
      rmSync(plain);
    } else {
      await readArchive(archive, staging);
    }
    const manifest = JSON.parse(readFileSync(join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT) throw new Error(`${archive} n'est pas une sauvegarde de cette application`);
    if (manifest.database === 'postgres' && !opts.databaseUrl) throw new Error('cette sauvegarde vient de PostgreSQL : indiquez DATABASE_URL');
    if (manifest.database === 'pglite' && opts.databaseUrl) throw new Error('cette sauvegarde vient de PGlite (DATA_DIR) : restaurez-la sans DATABASE_URL');

    log('Base de données...');
    const counts = opts.databaseUrl
      ? await loadPostgres(opts.databaseUrl, join(staging, POSTGRES_DUMP))
      : await loadPglite(join(dataDir, 'pgdata'), join(staging, PGLITE_DUMP));
    const wrong = Object.keys({ ...manifest.rowCounts, ...counts }).filter((t) => manifest.rowCounts[t] !== counts[t]);
    if (wrong.length) {
      throw new Error(`nombre de lignes différent du manifeste : ${wrong.map((t) => `${t} ${counts[t] ?? 0} au lieu de ${manifest.rowCounts[t] ?? 0}`).join(', ')}`);
    }

    log('Fichiers stockés...');
    const files = listStoredFiles(join(staging, 'storage'));
    const bytes = files.reduce((n, f) => n + statSync(join(staging, 'storage', f)).size, 0);
    if (files.length !== manifest.storage.files || bytes !== manifest.storage.bytes) {
      throw new Error(`fichiers stockés différents du manifeste : ${files.length} fichiers / ${bytes} octets au lieu de ${manifest.storage.files} / ${manifest.storage.bytes}`);
    }
    if (files.length) renameSync(join(staging, 'storage'), join(dataDir, 'storage'));
    if (existsSync(join(staging, 'jwt-secret'))) writeFileSync(join(dataDir, 'jwt-secret'), readFileSync(join(staging, 'jwt-secret')), { mode: 0o600 });
    const missingFiles = await objectsWithoutFile(dataDir, opts.databaseUrl);
    restrictTree(dataDir);
    ok = true;
    return { manifest, missingFiles };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
    if (!ok) {
      // Put the folder back as it was: empty (or absent).
      for (const e of readdirSync(dataDir)) if (e !== 'lost+found') rmSync(join(dataDir, e), { recursive: true, force: true });
      if (!existed) rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function loadPglite(pgdata: string, tarball: string): Promise<RowCounts> {
  const db = await openPglite(pgdata, { loadDataDir: new Blob([readFileSync(tarball)]) });
  try {
    await buildPointIndexPages(db.admin);
    return await countRows(db.admin);
  } finally { await db.close(); }
}

async function withClient<T>(url: string, fn: (q: Queryable) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn({ query: async (sql, params) => { const r = await c.query(sql, params); return { rows: r.rows, fields: [], affectedRows: r.rowCount ?? 0 }; } });
  } finally {
    await c.end();
  }
}

async function refuseNonEmptyDatabase(url: string): Promise<void> {
  const n = await withClient(url, async (q) => (await q.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname in ('public', 'auth', 'storage', 'supabase_migrations')`)).rows[0].n);
  if (n > 0) throw new RestoreRefusedError(`la base de DATABASE_URL contient déjà ${n} tables : la restauration se fait seulement dans une base vide (rien n'a été modifié).`);
}

async function loadPostgres(url: string, dump: string): Promise<RowCounts> {
  const bin = findPostgresBin();
  const r = spawnSync(bin ? join(bin, 'pg_restore') : 'pg_restore', ['--exit-on-error', '--single-transaction', `--dbname=${url}`, dump], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pg_restore a échoué : ${r.error?.message ?? r.stderr.trim()}`);
  return withClient(url, async (q) => { await buildPointIndexPages(q); return countRows(q); });
}

/** Stored objects whose row is in the database but whose file is not in DATA_DIR/storage. */
async function objectsWithoutFile(dataDir: string, databaseUrl?: string): Promise<string[]> {
  const list = async (q: Queryable) => (await q.query<{ bucket_id: string; name: string }>('select bucket_id, name from storage.objects')).rows;
  let rows: { bucket_id: string; name: string }[];
  if (databaseUrl) rows = await withClient(databaseUrl, list);
  else {
    const db = await openPglite(join(dataDir, 'pgdata'));
    try { rows = await list(db.admin); } finally { await db.close(); }
  }
  return rows.filter((r) => !existsSync(objectFilePath(join(dataDir, 'storage'), r.bucket_id, r.name))).map((r) => `${r.bucket_id}/${r.name}`);
}
