// Compressed copies of the SPA's static files, made once per file version (path, size, mtime) and encoding and
// kept in memory (issue 27: a file compressed again for every request cost each request tens of ms of CPU, and
// delayed `/config.json` and `/health` on a busy machine). Compression is async zlib in the thread pool; files over
// MAX_FILE_BYTES, or once the cache holds MAX_TOTAL_BYTES, are streamed through zlib as before.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Encoding } from './compress';

const MAX_FILE_BYTES = 8 * 2 ** 20;
const MAX_TOTAL_BYTES = 64 * 2 ** 20;
const br = promisify(brotliCompress);
const gz = promisify(gzip);

const cache = new Map<string, Promise<Buffer | null>>();
let total = 0;

/** The compressed bytes of this version of the file, or null when it is not cached (too big, cache full, read failed). */
export function compressedFile(file: { path: string; size: number; mtime: Date }, encoding: Encoding): Promise<Buffer | null> {
  if (file.size > MAX_FILE_BYTES) return Promise.resolve(null);
  const key = `${encoding}\0${file.path}\0${file.size}\0${file.mtime.getTime()}`;
  let got = cache.get(key);
  if (!got) {
    if (total + file.size > MAX_TOTAL_BYTES) return Promise.resolve(null);
    total += file.size; // reserved at the size of the original, an upper bound of the compressed copy
    got = readFile(file.path).then(
      (raw) => (encoding === 'br' ? br(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : gz(raw, { level: 9 })),
    ).catch(() => { cache.delete(key); total -= file.size; return null; });
    cache.set(key, got);
  }
  return got;
}
