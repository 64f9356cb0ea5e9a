// Response compression, as Supabase's gateway does: a body of at least COMPRESS_MIN_BYTES of a text type is sent
// with Content-Encoding br or gzip when the request accepts it (brotli preferred). Compression runs in the libuv
// thread pool (async zlib), so a large answer does not block the event loop. `Vary: Accept-Encoding` always.
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4; // fast, already far smaller than gzip -6 on JSON
/**
 * Answers of at least LARGE_BYTES (the point index's pages: 2.7 MB of JSON per call) are compressed at the fastest
 * levels (brotli 1, gzip 1): a few percent more bytes for several times less CPU on the largest answers a cold
 * open fetches.
 */
export const LARGE_BYTES = 256 * 1024;
const LARGE_BROTLI_QUALITY = 1;
const GZIP_LEVEL = 6;
const LARGE_GZIP_LEVEL = 1;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** The encoding to use for this Accept-Encoding header (q=0 means refused), or null. */
export function pickEncoding(accept: string | string[] | undefined): Encoding | null {
  const list = (Array.isArray(accept) ? accept.join(',') : accept ?? '').toLowerCase().split(',').map((s) => s.trim()).filter(Boolean);
  const ok = (name: string) => list.some((e) => {
    const [token, ...params] = e.split(';').map((x) => x.trim());
    if (token !== name && token !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export function isCompressible(contentType: string | number | string[] | undefined): boolean {
  const t = String(contentType ?? '').toLowerCase();
  return /^(text\/|application\/(json|javascript|xml|vnd\.pgrst|manifest\+json)|image\/svg\+xml)/.test(t);
}

/**
 * Writes status, headers and body, compressed when worthwhile. `res.req` gives the request's Accept-Encoding.
 * Falls back to the plain body if compression fails.
 */
/**
 * A computed answer's type worth compressing: the text types, and the point index's pages as bytes (typed columns
 * with many repeated codes and near-sorted numbers: brotli at the fastest level shrinks them as much as their JSON).
 * Not for stored files of unknown type (`compressStream`), which are often already compressed.
 */
export function isAnswerCompressible(contentType: string | number | string[] | undefined): boolean {
  return isCompressible(contentType) || /^application\/octet-stream\b/i.test(String(contentType ?? ''));
}

export async function sendMaybeCompressed(res: ServerResponse, status: number, headers: Record<string, string | number>, body: string | Buffer, noBody = false): Promise<void> {
  const req = (res as ServerResponse & { req?: IncomingMessage }).req;
  const size = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const enc = noBody || size < COMPRESS_MIN_BYTES || !isAnswerCompressible(headers['Content-Type']) ? null : pickEncoding(req?.headers['accept-encoding']);
  // Keep what CORS set (Vary: Origin): a shared cache must not serve one origin's answer to another.
  const h: Record<string, string | number> = { ...headers, Vary: withVary(res.getHeader('vary'), 'Accept-Encoding') };
  if (enc) {
    try {
      const input = typeof body === 'string' ? Buffer.from(body) : body;
      const large = input.length >= LARGE_BYTES;
      const out = enc === 'br'
        ? await br(input, { params: { [constants.BROTLI_PARAM_QUALITY]: large ? LARGE_BROTLI_QUALITY : BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
        : await gz(input, { level: large ? LARGE_GZIP_LEVEL : GZIP_LEVEL });
      if (res.headersSent || res.destroyed) return;
      h['Content-Encoding'] = enc;
      h['Content-Length'] = out.length;
      res.writeHead(status, h);
      res.end(out);
      return;
    } catch (e) {
      console.warn('[server] compression failed, sending plain', e);
    }
  }
  if (res.headersSent || res.destroyed) return;
  h['Content-Length'] = size;
  res.writeHead(status, h);
  res.end(noBody ? undefined : body);
}

/** `Origin` + `Accept-Encoding` → `Origin, Accept-Encoding` (each name once). */
export function withVary(existing: string | number | string[] | undefined, name: string): string {
  const names = (Array.isArray(existing) ? existing.join(',') : String(existing ?? '')).split(',').map((x) => x.trim()).filter(Boolean);
  if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/** The encoding a file of this type and size is sent with for this request, or null (sent plain). */
export function compressibleEncoding(req: IncomingMessage, contentType: string, size: number): Encoding | null {
  return size < COMPRESS_MIN_BYTES || !isCompressible(contentType) ? null : pickEncoding(req.headers['accept-encoding']);
}

/** For a streamed file: the compressing stream to pipe through (and the headers to set), or null. */
export function compressStream(req: IncomingMessage, contentType: string, size: number): { encoding: Encoding; stream: NodeJS.ReadWriteStream } | null {
  const enc = compressibleEncoding(req, contentType, size);
  if (!enc) return null;
  return { encoding: enc, stream: enc === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : createGzip({ level: GZIP_LEVEL }) };
}

export type { Readable };
