// Serves an object's bytes with its stored content type and cache policy, hardened against sniffing/scripting.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { storageError } from '../http/errors';
import { normalizeCacheControl, type ObjectRow } from './objects';
import { objectFilePath } from './paths';

export async function sendObject(req: IncomingMessage, res: ServerResponse, root: string, row: ObjectRow): Promise<void> {
  const path = objectFilePath(root, row.bucket_id, row.name);
  const st = await stat(path).catch(() => null);
  if (!st?.isFile()) throw storageError(404, 'not_found', 'Object not found');
  const meta = row.metadata ?? {};
  const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const headers: Record<string, string | number> = {
    'Content-Type': typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
    'Content-Length': st.size,
    'Cache-Control': normalizeCacheControl(typeof meta.cacheControl === 'string' ? meta.cacheControl : null),
    'Last-Modified': st.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
  if (etag) headers.ETag = etag;
  if (etag && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    createReadStream(path).on('error', () => { res.destroy(); resolve(); }).on('end', resolve).pipe(res);
  });
}
