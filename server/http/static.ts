// Serves the built SPA (dist/): files with their content type, long cache for hashed /assets/*,
// index.html (no-cache) for unknown non-API GETs, and no path ever outside the root. Files come from memory with
// their ETag (304 on If-None-Match) and compressed copies (./staticFiles.ts); only files too big to keep are
// streamed from disk.
import { createReadStream } from 'node:fs';
import { compressibleEncoding, compressStream } from './compress';
import { createStaticTable, notModified, type StaticFile, type StaticTable } from './staticFiles';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.wasm': 'application/wasm', '.avif': 'image/avif',
};
const ONE_YEAR_S = 31536000;

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Resolves a URL pathname inside root, or null when it would escape it (../, encoded or not, NUL). */
export function safeJoin(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = resolve(join(root, decoded));
  const base = resolve(root);
  return full === base || full.startsWith(base + sep) ? full : null;
}

async function fileAt(path: string | null): Promise<{ path: string; size: number; mtime: Date } | null> {
  if (!path) return null;
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtime: s.mtime } : null;
  } catch {
    return null;
  }
}

const tables = new Map<string, StaticTable>();
function tableOf(root: string): StaticTable {
  let t = tables.get(root);
  if (!t) tables.set(root, (t = createStaticTable()));
  return t;
}

function cacheControl(immutable: boolean): string {
  return immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache';
}

/** Answers from memory: 304 when the client holds this version, else the compressed copy or the bytes. */
async function sendFile(req: IncomingMessage, res: ServerResponse, file: StaticFile, immutable: boolean, extraHeaders: Record<string, string>): Promise<void> {
  const headers: Record<string, string | number> = {
    'Content-Type': file.type, Vary: 'Accept-Encoding', 'Cache-Control': cacheControl(immutable), ETag: file.etag,
    'Last-Modified': file.lastModified, 'X-Content-Type-Options': 'nosniff', ...extraHeaders,
  };
  if (notModified(req.headers['if-none-match'], file.etag)) {
    delete headers['Content-Type'];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = compressibleEncoding(req, file.type, file.bytes.length);
  const body = (encoding && (await file.compressed(encoding))) || file.bytes;
  if (body !== file.bytes) headers['Content-Encoding'] = encoding!;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Handles GET/HEAD for the SPA. Returns false when there is no build to serve. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, root: string, extraHeaders: Record<string, string> = {}): Promise<boolean> {
  const table = tableOf(root);
  const wanted = safeJoin(root, url.pathname);
  const found = wanted ? await table.get(wanted, contentTypeOf(wanted)) : 'missing';
  if (typeof found === 'object') {
    await sendFile(req, res, found, url.pathname.startsWith('/assets/'), extraHeaders);
    return true;
  }
  let file = found === 'on disk' ? await fileAt(wanted) : null;
  let isFallback = false;
  if (!file) {
    // Missing hashed assets and file-like paths are real 404s; routes fall back to the SPA shell.
    if (url.pathname.startsWith('/assets/') || extname(url.pathname) !== '') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...extraHeaders });
      res.end('Not found');
      return true;
    }
    const shellPath = join(root, 'index.html');
    const shell = await table.get(shellPath, contentTypeOf(shellPath));
    if (typeof shell === 'object') {
      await sendFile(req, res, shell, false, extraHeaders);
      return true;
    }
    file = shell === 'on disk' ? await fileAt(shellPath) : null;
    isFallback = true;
    if (!file) return false;
  }
  // Too big to keep in memory: streamed from disk.
  const immutable = !isFallback && url.pathname.startsWith('/assets/');
  const type = contentTypeOf(file.path);
  const zip = req.method === 'HEAD' ? null : compressStream(req, type, file.size);
  res.writeHead(200, {
    'Content-Type': type,
    ...(zip ? { 'Content-Encoding': zip.encoding } : { 'Content-Length': file.size }),
    Vary: 'Accept-Encoding',
    'Cache-Control': cacheControl(immutable),
    'Last-Modified': file.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  const src = createReadStream(file.path).on('error', () => res.destroy());
  if (zip) src.pipe(zip.stream).on('error', () => res.destroy()).pipe(res); else src.pipe(res);
  return true;
}
