// Object writes and deletes: the storage.objects row under the caller's claims (RLS decides), then the
// bytes on disk (temp file, renamed into place: a new object before its row commits and removed again on rollback,
// a replacement only after the commit).
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Database, Queryable, RequestContext } from '../db/types';
import { storageError, HttpError } from '../http/errors';
import { isDiskFull, storageFullError } from '../ops/diskFull';
import { sniffImageMime } from './magic';
import { objectFilePath } from './paths';

export const DEFAULT_FILE_SIZE_LIMIT_BYTES = 5 * 1024 * 1024; // docs/product.md#constants image maximum 5MB
export const DEFAULT_CACHE_SECONDS = 3600; // storage-js default cacheControl
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BucketRow { id: string; public: boolean; file_size_limit: number | string | null; allowed_mime_types: string[] | null }
export interface ObjectRow { id: string; bucket_id: string; name: string; owner: string | null; metadata: Record<string, unknown> | null; created_at: unknown; updated_at: unknown }

export async function getBucket(db: Database, bucket: string): Promise<BucketRow> {
  const r = await db.admin.query<BucketRow>(`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [bucket]);
  if (!r.rows[0]) throw storageError(404, 'Bucket not found', 'Bucket not found');
  return r.rows[0];
}

/** 'max-age=N' from "N", "max-age=N" or nothing. */
export function normalizeCacheControl(v: string | null | undefined): string {
  const m = /^\s*(?:max-age=)?(\d{1,10})\s*$/.exec(v ?? '');
  return `max-age=${m ? Number(m[1]) : DEFAULT_CACHE_SECONDS}`;
}

/** Maps a database refusal (RLS, grants, uniqueness) to the Storage error shape; rethrows anything else. */
export function storageDbError(e: unknown): never {
  if (e instanceof HttpError) throw e;
  const code = (e as { code?: string }).code;
  if (code === '42501') throw storageError(403, 'Unauthorized', 'new row violates row-level security policy');
  if (code === '23505') throw storageError(409, 'Duplicate', 'The resource already exists');
  if (code === '22P02' || code === '23514' || code === '23502') throw storageError(400, 'InvalidRequest', (e as Error).message);
  throw e;
}

export interface WriteRequest {
  bucket: string;
  name: string;
  bytes: Buffer;
  cacheControl: string | null;
  upsert: boolean;
  /** PUT: the object must exist already. */
  updateOnly: boolean;
  /** The caller's claims; null = owner access (seed). */
  as: RequestContext | null;
}

/** The bucket's own file size limit in bytes (the default when it sets none). */
export function bucketSizeLimit(bucket: BucketRow): number {
  return Number(bucket.file_size_limit ?? DEFAULT_FILE_SIZE_LIMIT_BYTES) || DEFAULT_FILE_SIZE_LIMIT_BYTES;
}

export async function writeObject(db: Database, root: string, w: WriteRequest): Promise<{ Id: string; Key: string }> {
  const bucket = await getBucket(db, w.bucket);
  if (w.bytes.length > bucketSizeLimit(bucket)) {
    throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
  }
  const mime = sniffImageMime(w.bytes);
  if (!mime || (bucket.allowed_mime_types?.length && !bucket.allowed_mime_types.includes(mime))) {
    throw storageError(415, 'invalid_mime_type', 'The file content is not a JPEG, PNG, GIF or WEBP image');
  }
  const finalPath = objectFilePath(root, w.bucket, w.name);
  const tmpDir = join(root, '.tmp');
  const tmpPath = join(tmpDir, randomUUID());
  try {
    await mkdir(tmpDir, { recursive: true });
    await writeFile(tmpPath, w.bytes);
  } catch (e) {
    await rm(tmpPath, { force: true }); // a disk-full write leaves a partial file
    throw isDiskFull(e) ? storageFullError() : e;
  }
  const now = new Date().toISOString();
  const metadata = {
    eTag: `"${createHash('md5').update(w.bytes).digest('hex')}"`, size: w.bytes.length, mimetype: mime,
    cacheControl: normalizeCacheControl(w.cacheControl), lastModified: now, contentLength: w.bytes.length, httpStatusCode: 200,
  };
  // Checked before the request transaction (PGlite has one connection: no owner query inside it).
  // A concurrent duplicate still fails on the (bucket_id, name) unique index → 409.
  const exists = !w.updateOnly && (await db.admin.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [w.bucket, w.name])).rows.length > 0;
  if (exists && !w.upsert) {
    await rm(tmpPath, { force: true });
    throw storageError(409, 'Duplicate', 'The resource already exists');
  }
  let moved = false;
  const replacing = w.updateOnly || exists;
  const moveIntoPlace = async () => {
    await mkdir(dirname(finalPath), { recursive: true });
    await rename(tmpPath, finalPath).catch((e: NodeJS.ErrnoException) => {
      throw ['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY'].includes(e.code ?? '') ? storageError(409, 'Duplicate', 'A folder or file already exists at this path') : e;
    });
    moved = true;
  };
  const run = async (tx: Queryable) => {
    // The uploader, as Supabase Storage records it: owner_id (text) and owner (uuid) — the photo policy checks them.
    const ownerId = w.as && typeof w.as.claims.sub === 'string' ? w.as.claims.sub : null;
    const owner = ownerId && UUID_RE.test(ownerId) ? ownerId : null;
    const sql = replacing
      ? `update storage.objects set metadata = $3::jsonb, updated_at = now() where bucket_id = $1 and name = $2 returning id`
      : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $4, $5, $3::jsonb) returning id`;
    const params = sql.startsWith('insert') ? [w.bucket, w.name, JSON.stringify(metadata), owner, ownerId] : [w.bucket, w.name, JSON.stringify(metadata)];
    const r = await tx.query<{ id: string }>(sql, params);
    if (!r.rows[0]) {
      throw w.updateOnly ? storageError(404, 'not_found', 'Object not found') : storageError(403, 'Unauthorized', 'new row violates row-level security policy');
    }
    // A new object gets its file before the row commits (a committed row always has its bytes; removed again on
    // rollback). A replacement waits for the commit: a refused or failed transaction leaves the old bytes in place.
    if (!replacing) await moveIntoPlace();
    return r.rows[0].id;
  };
  try {
    const id = w.as ? await db.asRequest(w.as, run) : await db.admin.transaction(run);
    if (replacing) await moveIntoPlace();
    return { Id: id, Key: `${w.bucket}/${w.name}` };
  } catch (e) {
    await rm(tmpPath, { force: true });
    if (moved && !replacing) await rm(finalPath, { force: true });
    if (isDiskFull(e)) throw storageFullError(); // server/ops/diskFull.ts
    return storageDbError(e);
  }
}

/** Deletes the rows the caller may delete (RLS) and then their files; returns the deleted rows. */
export async function deleteObjects(db: Database, root: string, bucket: string, names: string[], as: RequestContext): Promise<ObjectRow[]> {
  await getBucket(db, bucket);
  const rows = await db
    .asRequest(as, (tx) =>
      tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning id, bucket_id, name, owner, metadata, created_at, updated_at`, [bucket, names]),
    )
    .then((r) => r.rows)
    .catch(storageDbError);
  for (const row of rows) await rm(objectFilePath(root, bucket, row.name), { force: true });
  return rows;
}
