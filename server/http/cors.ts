// CORS for the API when the SPA is served from another origin (docs/supabase-protocol.md#every-call).
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOW_HEADERS = 'authorization, apikey, x-client-info, content-type, prefer, accept-profile, content-profile, x-supabase-api-version, x-upsert, cache-control, range, x-metadata';
const EXPOSE_HEADERS = 'Content-Range, X-Supabase-Api-Version, Content-Length, Content-Type, Cache-Control';
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
}

/** Answers a preflight request; returns true when it did. */
export function handlePreflight(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
  });
  res.end();
  return true;
}
