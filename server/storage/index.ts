// The Storage API subset (/storage/v1): upload (multipart or raw, x-upsert), public and authenticated
// reads, remove. Rows in storage.objects under the caller's claims; bytes under <root>/<bucket>/<name>.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database, RequestContext } from '../db/types';
import { readJsonObject } from '../http/body';
import { sendJson, storageError } from '../http/errors';
import type { ApiContext, ApiHandler } from '../http/types';
import { parseMultipart } from './multipart';
import { bucketSizeLimit, deleteObjects, getBucket, storageDbError, writeObject, type ObjectRow } from './objects';
import { checkBucketId, checkObjectName } from './paths';
import { sendObject } from './read';

export interface Storage {
  handler: ApiHandler;
  /** Owner-level write used by the seed (same checks: size and magic bytes). */
  putObject(bucket: string, name: string, bytes: Uint8Array, opts?: { cacheControl?: string; upsert?: boolean }): Promise<{ Id: string; Key: string }>;
  root: string;
}

const OBJECT_COLUMNS = 'id, bucket_id, name, owner, metadata, created_at, updated_at';

function requestContext(ctx: ApiContext, req: IncomingMessage): RequestContext {
  return { role: ctx.auth.role, claims: ctx.auth.claims, method: req.method ?? 'GET', path: ctx.url.pathname, readOnly: req.method === 'GET' || req.method === 'HEAD' };
}

/** Splits "/storage/v1/object/<rest>" into bucket and name. */
function bucketAndName(rest: string): { bucket: string; name: string } {
  const i = rest.indexOf('/');
  if (i <= 0) throw storageError(400, 'InvalidKey', 'Expected /<bucket>/<path>');
  return { bucket: checkBucketId(rest.slice(0, i)), name: checkObjectName(rest.slice(i + 1)) };
}

export function createStorage(db: Database, root: string): Storage {
  async function upload(req: IncomingMessage, res: ServerResponse, ctx: ApiContext, rest: string) {
    const { bucket, name } = bucketAndName(rest);
    const body = await ctx.body();
    const type = String(req.headers['content-type'] ?? '');
    const part = type.toLowerCase().startsWith('multipart/form-data')
      ? await parseMultipart(req.headers, body, bucketSizeLimit(await getBucket(db, bucket))) // the bucket's own limit
      : { bytes: body, declaredType: type || null, cacheControl: String(req.headers['cache-control'] ?? '') || null };
    const result = await writeObject(db, root, {
      bucket, name, bytes: part.bytes, cacheControl: part.cacheControl,
      upsert: String(req.headers['x-upsert'] ?? '').toLowerCase() === 'true',
      updateOnly: req.method === 'PUT', as: requestContext(ctx, req),
    });
    sendJson(res, 200, result);
  }

  async function readPublic(req: IncomingMessage, res: ServerResponse, rest: string) {
    const { bucket, name } = bucketAndName(rest);
    const b = await getBucket(db, bucket);
    if (!b.public) throw storageError(404, 'not_found', 'Object not found');
    const r = await db.admin.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]);
    if (!r.rows[0]) throw storageError(404, 'not_found', 'Object not found');
    await sendObject(req, res, root, r.rows[0]);
  }

  async function readAuthenticated(req: IncomingMessage, res: ServerResponse, ctx: ApiContext, rest: string) {
    const { bucket, name } = bucketAndName(rest);
    await getBucket(db, bucket);
    const rows = await db
      .asRequest(requestContext(ctx, req), (tx) => tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucket, name]))
      .then((r) => r.rows)
      .catch(storageDbError);
    if (!rows[0]) throw storageError(404, 'not_found', 'Object not found');
    await sendObject(req, res, root, rows[0]);
  }

  async function remove(req: IncomingMessage, res: ServerResponse, ctx: ApiContext, rest: string) {
    const slash = rest.indexOf('/');
    if (slash < 0 || slash === rest.length - 1) {
      const bucket = checkBucketId(rest.replace(/\/$/, ''));
      const body = await readJsonObject(ctx.body, 'storage');
      if (!Array.isArray(body.prefixes) || body.prefixes.length === 0 || body.prefixes.length > 1000) {
        throw storageError(400, 'InvalidRequest', 'prefixes must be an array of 1 to 1000 paths');
      }
      const names = body.prefixes.map((p) => checkObjectName(String(typeof p === 'object' && p && 'path' in p ? (p as { path: unknown }).path : p)));
      return sendJson(res, 200, await deleteObjects(db, root, bucket, names, requestContext(ctx, req)));
    }
    const { bucket, name } = bucketAndName(rest);
    const rows = await deleteObjects(db, root, bucket, [name], requestContext(ctx, req));
    if (!rows.length) throw storageError(404, 'not_found', 'Object not found');
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  const handler: ApiHandler = async (req, res, ctx) => {
    const m = /^\/storage\/v1\/object\/(.*)$/.exec(ctx.url.pathname);
    const method = req.method ?? 'GET';
    if (!m) throw storageError(404, 'not_found', 'Not found');
    const rest = m[1];
    if (method === 'GET' || method === 'HEAD') {
      if (rest.startsWith('public/')) return readPublic(req, res, rest.slice('public/'.length));
      if (rest.startsWith('authenticated/')) return readAuthenticated(req, res, ctx, rest.slice('authenticated/'.length));
      return readAuthenticated(req, res, ctx, rest);
    }
    if (method === 'POST' || method === 'PUT') return upload(req, res, ctx, rest);
    if (method === 'DELETE') return remove(req, res, ctx, rest);
    throw storageError(405, 'InvalidRequest', 'Method not allowed');
  };

  return {
    handler,
    root,
    putObject(bucket, name, bytes, opts = {}) {
      return writeObject(db, root, {
        bucket: checkBucketId(bucket), name: checkObjectName(name), bytes: Buffer.from(bytes),
        cacheControl: opts.cacheControl ?? null, upsert: opts.upsert ?? true, updateOnly: false, as: null,
      });
    },
  };
}
