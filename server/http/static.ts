// Serves the built SPA (dist/): files with their content type, long cache for hashed /assets/*,
// index.html (no-cache) for unknown non-API GETs, and no path ever outside the root.
import { createReadStream } from 'node:fs';
import { compressStream } from './compress';
import { compressedFile } from './staticCompressed';
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

/** Handles GET/HEAD for the SPA. Returns false when there is no build to serve. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, root: string, extraHeaders: Record<string, string> = {}): Promise<boolean> {
  let file = await fileAt(safeJoin(root, url.pathname));
  let isFallback = false;
  if (!file) {
    // Missing hashed assets and file-like paths are real 404s; routes fall back to the SPA shell.
    if (url.pathname.startsWith('/assets/') || extname(url.pathname) !== '') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...extraHeaders });
      res.end('Not found');
      return true;
    }
    file = await fileAt(join(root, 'index.html'));
    isFallback = true;
    if (!file) return false;
  }
  const immutable = !isFallback && url.pathname.startsWith('/assets/');
  const type = contentTypeOf(file.path);
  const zip = req.method === 'HEAD' ? null : compressStream(req, type, file.size);
  const ready = zip ? await compressedFile(file, zip.encoding) : null;
  if (ready && zip) {
    zip.stream.destroy();
    res.writeHead(200, {
      'Content-Type': type, 'Content-Encoding': zip.encoding, 'Content-Length': ready.length, Vary: 'Accept-Encoding',
      'Cache-Control': immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache',
      'Last-Modified': file.mtime.toUTCString(), 'X-Content-Type-Options': 'nosniff', ...extraHeaders,
    });
    res.end(ready);
    return true;
  }
  res.writeHead(200, {
    'Content-Type': type,
    ...(zip ? { 'Content-Encoding': zip.encoding } : { 'Content-Length': file.size }),
    Vary: 'Accept-Encoding',
    'Cache-Control': immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : 'no-cache',
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
