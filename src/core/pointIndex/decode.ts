// Decoding of public.point_index() pages (see supabase/migrations/20251123094000_point_index.sql): base64
// columns of big-endian floats and uuids, one-character code columns. Runs in the point-index API
// (workers/pointIndexApi.ts); a line's precomputed pages come as bytes (./decodeBinary.ts).
import type { PointColumns, PointIndexPage } from './types';

/** The JSON object returned by the SQL function. */
export interface RawPointIndexPage {
  n: number; max_updated: string | null;
  /** The points table's size in table blocks (the caller plans its ranges with it). */
  blocks: number;
  /** Start of the reading transaction (absent in a split answer). */
  as_of?: string;
  /** True when the range holds more than the limit: nothing else is sent, split the range. */
  split?: boolean;
  crit_keys: string[] | null; team_keys: string[] | null;
  ids: string; x: string; y: string; km: string; created: string; updated: string;
  status: string; crit: string; team: string;
}

/** Base64 (whitespace ignored, as PostgreSQL inserts newlines) → bytes. */
export function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function floats32(b64: string, n: number): Float32Array {
  const bytes = base64Bytes(b64);
  if (bytes.length !== n * 4) throw new Error(`point_index: ${bytes.length} bytes for ${n} float4`);
  const dv = new DataView(bytes.buffer);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = dv.getFloat32(i * 4, false);
  return out;
}

function floats64(b64: string, n: number): Float64Array {
  const bytes = base64Bytes(b64);
  if (bytes.length !== n * 8) throw new Error(`point_index: ${bytes.length} bytes for ${n} float8`);
  const dv = new DataView(bytes.buffer);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = dv.getFloat64(i * 8, false);
  return out;
}

/** A column of one-character codes ('0' + code) as numbers; `what` names the answer in the error. */
export function codes<A extends Uint8Array | Uint16Array>(s: string, n: number, make: (n: number) => A, what = 'point_index'): A {
  if (s.length !== n) throw new Error(`${what}: ${s.length} codes for ${n} rows`);
  const out = make(n);
  for (let i = 0; i < n; i++) out[i] = s.charCodeAt(i) - 48;
  return out;
}

export function decodePointIndexPage(raw: RawPointIndexPage): PointIndexPage {
  if (raw.split) throw new Error('point_index: range too large, split it');
  const n = Number(raw.n) || 0;
  const idBytes = n ? base64Bytes(raw.ids) : new Uint8Array(0);
  if (idBytes.length !== n * 16) throw new Error(`point_index: ${idBytes.length} id bytes for ${n} rows`);
  return {
    count: n,
    idBytes,
    x: floats32(raw.x, n),
    y: floats32(raw.y, n),
    km: floats64(raw.km, n),
    created: floats64(raw.created, n),
    updated: floats64(raw.updated, n),
    status: codes(raw.status, n, (k) => new Uint8Array(k)),
    crit: codes(raw.crit, n, (k) => new Uint8Array(k)),
    team: codes(raw.team, n, (k) => new Uint16Array(k)),
    critKeys: raw.crit_keys ?? [],
    teamKeys: raw.team_keys ?? [],
    maxUpdated: raw.max_updated ?? null,
    blocks: Number(raw.blocks) || 0,
    asOf: raw.as_of ?? null,
  };
}

/** The transferable buffers of a page's (or any columns') arrays (for Comlink.transfer). */
export function pageBuffers(p: PointColumns): ArrayBuffer[] {
  return [p.idBytes, p.x, p.y, p.km, p.created, p.updated, p.status, p.crit, p.team].map((a) => a.buffer as ArrayBuffer);
}
