// The SPA's static files served from memory: each file is read once per version, with its ETag and
// its brotli and gzip copies made once (async zlib), so answering a static request touches neither the disk nor
// the libuv thread pool, which the compression of large API answers keeps busy under load (a `stat` per request
// queued behind them). A file is re-checked on disk in the background at most once per RECHECK_MS, so a rebuild
// is picked up by the next requests; paths with no file (SPA routes, '/') are remembered the same way (at most
// MAX_MISSES of them). Files over MAX_FILE_BYTES, or once the table holds MAX_TOTAL_BYTES, are not kept
// ('on disk': the caller streams them).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { COMPRESS_MIN_BYTES, isCompressible, type Encoding } from './compress';

const MAX_FILE_BYTES = 8 * 2 ** 20;
const MAX_TOTAL_BYTES = 96 * 2 ** 20;
const RECHECK_MS = 1000;
const MAX_MISSES = 1000;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

export interface StaticFile {
  path: string;
  type: string;
  bytes: Buffer;
  /** A strong ETag of the content (the same for its compressed copies: they stand for the same bytes). */
  etag: string;
  lastModified: string;
  /** The compressed copy for this encoding (made on first use), or null when compressing is not worth it. */
  compressed(encoding: Encoding): Promise<Buffer | null>;
}

type Found = StaticFile | 'missing' | 'on disk';
/** What a path held when last checked: a kept file, no file (size -1), or a file not kept. */
interface Entry { found: Found; size: number; mtimeMs: number; checkedAt: number; cost: number }

export interface StaticTable {
  /** The file at this absolute path in memory (read on first use), 'missing', or 'on disk' when it is not kept. */
  get(path: string, type: string): Promise<Found>;
}

/** A table of files read from disk on first use and kept in memory (one per served directory). */
export function createStaticTable(): StaticTable {
  const entries = new Map<string, Promise<Entry>>();
  const misses = new Set<string>();
  let total = 0;

  async function load(path: string, type: string): Promise<Entry> {
    const checkedAt = Date.now();
    const missing: Entry = { found: 'missing', size: -1, mtimeMs: -1, checkedAt, cost: 0 };
    let s;
    try { s = await stat(path); } catch { return missing; }
    if (!s.isFile()) return missing;
    const onDisk: Entry = { found: 'on disk', size: s.size, mtimeMs: s.mtimeMs, checkedAt, cost: 0 };
    if (s.size > MAX_FILE_BYTES || total + s.size > MAX_TOTAL_BYTES) return onDisk;
    let bytes: Buffer;
    try { bytes = await readFile(path); } catch { return missing; }
    const entry: Entry = { size: s.size, mtimeMs: s.mtimeMs, checkedAt, cost: bytes.length, found: 'missing' };
    total += entry.cost;
    const copies = new Map<Encoding, Promise<Buffer | null>>();
    const worth = bytes.length >= COMPRESS_MIN_BYTES && isCompressible(type);
    entry.found = {
      path, type, bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`,
      lastModified: s.mtime.toUTCString(),
      compressed(encoding) {
        if (!worth) return Promise.resolve(null);
        let copy = copies.get(encoding);
        if (!copy) {
          copy = (encoding === 'br'
            ? br(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
            : gz(bytes, { level: 9 })
          ).then((out) => { entry.cost += out.length; total += out.length; return out; }, () => null);
          copies.set(encoding, copy);
        }
        return copy;
      },
    };
    return entry;
  }

  /** In the background: drops the entry when the file changed or went away (the next request reads it again). */
  function recheck(path: string, entry: Entry) {
    entry.checkedAt = Date.now();
    const current = entries.get(path);
    const forget = () => {
      if (entries.get(path) !== current) return;
      entries.delete(path);
      misses.delete(path);
      total -= entry.cost;
    };
    stat(path).then(
      (s) => {
        const changed = entry.size === -1 ? s.isFile() : !s.isFile() || s.size !== entry.size || s.mtimeMs !== entry.mtimeMs;
        if (changed) forget();
      },
      () => { if (entry.size !== -1) forget(); },
    );
  }

  return {
    async get(path, type) {
      const got = entries.get(path);
      if (!got) {
        const loading = load(path, type);
        entries.set(path, loading);
        const entry = await loading;
        if (entry.found === 'missing' && entries.get(path) === loading) {
          // Remembered too, but only so many: arbitrary missing paths must not grow the table without end.
          misses.add(path);
          if (misses.size > MAX_MISSES) {
            const oldest = misses.values().next().value!;
            misses.delete(oldest);
            entries.delete(oldest);
          }
        }
        return entry.found;
      }
      const entry = await got;
      if (Date.now() - entry.checkedAt > RECHECK_MS) recheck(path, entry);
      return entry.found;
    },
  };
}

/** Whether the request's If-None-Match names this ETag (or `*`). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).some((t) => t === etag || t === '*');
}
