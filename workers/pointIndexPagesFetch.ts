// The point-index API's calls to the REST API (workers/pointIndexApi.ts): POST /rest/v1/rpc/<fn> with the user's
// token, as supabase-js would send it. A line's precomputed pages come as bytes (public.point_index_pages_bin with
// `Accept: application/octet-stream`: PostgREST's media type handler, and the embedded server's), decoded from the
// ArrayBuffer (src/core/pointIndex/decodeBinary.ts). Errors are thrown as supabase-js would give them (code, details).
import { decodePointIndexPagesBinary } from '../src/core/pointIndex/decodeBinary';
import type { PointIndexPage } from '../src/core/pointIndex/types';

export interface PagesEndpoint { url: string; anonKey: string; token: string }

/** The answer of a call to function `fn`, or the error PostgREST gave (message in French from the database). */
export async function callRpc(at: PagesEndpoint, fn: string, args: Record<string, unknown>, accept: string): Promise<Response> {
  const res = await fetch(`${at.url.replace(/\/+$/, '')}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: at.anonKey, Authorization: `Bearer ${at.token || at.anonKey}`, 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(args),
  });
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  let body: { message?: string; code?: string; details?: string } = {};
  try { body = JSON.parse(text) as typeof body; } catch { /* not JSON */ }
  throw Object.assign(new Error(body.message ?? `Index des signalements illisible (HTTP ${res.status}).`), { code: body.code ?? String(res.status), details: body.details ?? null });
}

export async function fetchPagesBinary(at: PagesEndpoint, lineId: string, from: number, to: number): Promise<{ total: number; pages: PointIndexPage[] }> {
  const res = await callRpc(at, 'point_index_pages_bin', { p_line_id: lineId, p_page_from: from, p_page_to: to }, 'application/octet-stream');
  return decodePointIndexPagesBinary(await res.arrayBuffer());
}
