// The point-index API's REST calls: POST /rest/v1/rpc/<fn> as supabase-js sends it, with `Accept:
// application/octet-stream` (the function returns that domain: PostgREST's raw-bytes handler), errors as supabase-js gives them.
import { decodePointIndexBinary, type PointIndexAnswer } from '../src/core/pointIndex/decodeBinary';

export interface Endpoint { url: string; anonKey: string; token: string }

/** The decoded answer of function `fn`, or the error PostgREST gave (message in French from the database). */
export async function fetchBinary(at: Endpoint, fn: string, args: Record<string, unknown>): Promise<PointIndexAnswer> {
  const res = await fetch(`${at.url.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: at.anonKey, Authorization: `Bearer ${at.token || at.anonKey}`, 'Content-Type': 'application/json', Accept: 'application/octet-stream' },
    body: JSON.stringify(args),
  });
  if (res.ok) return decodePointIndexBinary(await res.arrayBuffer());
  const text = await res.text().catch(() => '');
  let body: { message?: string; code?: string; details?: string } = {};
  try { body = JSON.parse(text) as typeof body; } catch { /* not JSON */ }
  throw Object.assign(new Error(body.message ?? `Index des signalements illisible (HTTP ${res.status}).`), { code: body.code ?? String(res.status), details: body.details ?? null });
}
