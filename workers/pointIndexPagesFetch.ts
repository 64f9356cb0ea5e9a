// The point-index worker's read of a line's precomputed pages as bytes: POST /rest/v1/rpc/point_index_pages_bin with
// `Accept: application/octet-stream` (PostgREST's media type handler, and the embedded server's), decoded from the
// ArrayBuffer (src/core/pointIndex/decodeBinary.ts). Errors are thrown as supabase-js would give them (code, details).
import { decodePointIndexPagesBinary } from '../src/core/pointIndex/decodeBinary';
import type { PointIndexPage } from '../src/core/pointIndex/types';

export interface PagesEndpoint { url: string; anonKey: string; token: string }

export async function fetchPagesBinary(at: PagesEndpoint, lineId: string, from: number, to: number): Promise<{ total: number; pages: PointIndexPage[] }> {
  const res = await fetch(`${at.url.replace(/\/+$/, '')}/rest/v1/rpc/point_index_pages_bin`, {
    method: 'POST',
    headers: {
      apikey: at.anonKey, Authorization: `Bearer ${at.token || at.anonKey}`,
      'Content-Type': 'application/json', Accept: 'application/octet-stream',
    },
    body: JSON.stringify({ p_line_id: lineId, p_page_from: from, p_page_to: to }),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: { message?: string; code?: string; details?: string } = {};
    try { body = JSON.parse(text) as typeof body; } catch { /* not JSON */ }
    throw Object.assign(new Error(body.message ?? `Pages de l'index illisibles (HTTP ${res.status}).`), { code: body.code ?? String(res.status), details: body.details ?? null });
  }
  return decodePointIndexPagesBinary(await res.arrayBuffer());
}
