// Decoding of the point index's one wire format (private.point_index_columns): an int4 header length, a UTF-8 JSON
// header {as_of, total, blocks?, split?, pages: [meta]}, then each page's columns (ids, x, y, km, created, updated;
// big-endian) in the header's order.
import type { PointIndexPage } from './types';

/** One page's header entry: its size, keys and one-character code columns ('0' + code). */
interface PageMeta { n: number; crit_keys: string[] | null; team_keys: string[] | null; status: string; crit: string; team: string }
interface Header { as_of?: string; total: number; blocks?: number; split?: boolean; pages?: PageMeta[] }

/** `total`: a line's size for its pages, the rows read otherwise; `split`: a table read over its limit (no page);
 * `blocks`: the points table's size in blocks (to cut an open range). */
export interface PointIndexAnswer { total: number; blocks: number; split: boolean; pages: PointIndexPage[] }

/** Bytes of a point's columns in a page body: id 16, x 4, y 4, km 8, created 8, updated 8. */
const BYTES_PER_POINT = 48;

function codes<A extends Uint8Array | Uint16Array>(s: string, n: number, make: (n: number) => A): A {
  if (s.length !== n) throw new Error(`point index: ${s.length} codes for ${n} rows`);
  const out = make(n);
  for (let i = 0; i < n; i++) out[i] = s.charCodeAt(i) - 48;
  return out;
}

/** Decodes an answer; each page carries the answer's reading time (as_of). */
export function decodePointIndexBinary(buf: ArrayBuffer): PointIndexAnswer {
  const dv = new DataView(buf);
  if (buf.byteLength < 4) throw new Error('point index: answer too short');
  const headerLength = dv.getInt32(0, false);
  if (headerLength < 0 || 4 + headerLength > buf.byteLength) throw new Error('point index: bad header length');
  const header = JSON.parse(new TextDecoder().decode(new Uint8Array(buf, 4, headerLength))) as Header;
  let at = 4 + headerLength;
  const pages: PointIndexPage[] = [];
  for (const meta of header.pages ?? []) {
    const n = Number(meta.n) || 0;
    if (at + n * BYTES_PER_POINT > buf.byteLength) throw new Error(`point index: ${n} rows past the end`);
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
      status: codes(meta.status, n, (k) => new Uint8Array(k)),
      crit: codes(meta.crit, n, (k) => new Uint8Array(k)),
      team: codes(meta.team, n, (k) => new Uint16Array(k)),
      critKeys: meta.crit_keys ?? [],
      teamKeys: meta.team_keys ?? [],
      asOf: header.as_of ?? null,
    });
  }
  if (at !== buf.byteLength) throw new Error(`point index: ${buf.byteLength - at} bytes left over`);
  return { total: Number(header.total) || 0, blocks: Number(header.blocks) || 0, split: header.split === true, pages };
}
