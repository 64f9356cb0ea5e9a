// The point-index API's calls to the REST API (workers/pointIndexApi.ts): POST /rest/v1/rpc/<fn> with the user's
// token, as supabase-js would send it, with `Accept: application/octet-stream` (PostgREST's media type handler, and the
// embedded server's: the function returns the domain of that name and its bytes are sent as they are), decoded from
// the ArrayBuffer (src/core/pointIndex/decodeBinary.ts). Errors are thrown as supabase-js would give them (code, details).
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
