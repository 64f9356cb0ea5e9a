// Decoding of public.point_index_pages_bin() (supabase/migrations/20261129110000_point_index_pages_binary.sql): the
// precomputed pages of a line as one binary body — int4 header length, UTF-8 JSON header {as_of, total, pages: [meta]},
// then each page's columns (ids, x, y, km, created, updated; big-endian) in the header's order. Runs in the
// point-index API (workers/pointIndexApi.ts); each page holds the columns decodePointIndexPage (./decode.ts) makes of
// public.point_index() for the same points.
import type { PointIndexPage } from './types';
import { codes } from './decode';

/** One page's header entry: its size, newest change, keys and one-character code columns. */
interface BinaryPageMeta {
  n: number; max_updated: string | null; crit_keys: string[] | null; team_keys: string[] | null;
  status: string; crit: string; team: string;
}
interface BinaryHeader { as_of: string; total: number; pages: BinaryPageMeta[] }

const WHAT = 'point_index_pages_bin';

/** Bytes of a point's columns in a page body: id 16, x 4, y 4, km 8, created 8, updated 8. */
export const BINARY_BYTES_PER_POINT = 48;

/** Decodes a point_index_pages_bin answer; each page carries the answer's as_of. */
export function decodePointIndexPagesBinary(buf: ArrayBuffer): { total: number; pages: PointIndexPage[] } {
  const dv = new DataView(buf);
  if (buf.byteLength < 4) throw new Error('point_index_pages_bin: answer too short');
  const headerLength = dv.getInt32(0, false);
  if (headerLength < 0 || 4 + headerLength > buf.byteLength) throw new Error('point_index_pages_bin: bad header length');
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, headerLength))) as BinaryHeader;
  let at = 4 + headerLength;
  const pages: PointIndexPage[] = [];
  for (const meta of header.pages ?? []) {
    const n = Number(meta.n) || 0;
    if (at + n * BINARY_BYTES_PER_POINT > buf.byteLength) throw new Error(`point_index_pages_bin: ${n} rows past the end`);
    const idBytes = new Uint8Array(buf.slice(at, at + n * 16));
    at += n * 16;
    const x = new Float32Array(n), y = new Float32Array(n);
    for (let i = 0; i < n; i++, at += 4) x[i] = dv.getFloat32(at, false);
    for (let i = 0; i < n; i++, at += 4) y[i] = dv.getFloat32(at, false);
    const km = new Float64Array(n), created = new Float64Array(n), updated = new Float64Array(n);
    for (let i = 0; i < n; i++, at += 8) km[i] = dv.getFloat64(at, false);
    for (let i = 0; i < n; i++, at += 8) created[i] = dv.getFloat64(at, false);
    for (let i = 0; i < n; i++, at += 8) updated[i] = dv.getFloat64(at, false);
    pages.push({
      count: n, idBytes, x, y, km, created, updated,
      status: codes(meta.status, n, (k) => new Uint8Array(k), WHAT),
      crit: codes(meta.crit, n, (k) => new Uint8Array(k), WHAT),
      team: codes(meta.team, n, (k) => new Uint16Array(k), WHAT),
      critKeys: meta.crit_keys ?? [],
      teamKeys: meta.team_keys ?? [],
      maxUpdated: meta.max_updated ?? null,
      blocks: 0,
      asOf: header.as_of ?? null,
    });
  }
  if (at !== buf.byteLength) throw new Error(`point_index_pages_bin: ${buf.byteLength - at} bytes left over`);
  return { total: Number(header.total) || 0, pages };
}
