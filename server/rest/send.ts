// Writing a /rest/v1 answer: JSON text or bytes, compressed when large, without a body where PostgREST sends none.
import type { ServerResponse } from 'node:http';
import { sendMaybeCompressed } from '../http/compress';

/**
 * A read's JSON body: text, or its UTF-8 bytes when the database adapter decoded nothing on the main thread
 * (PostgreSQL's request thread, server/db/postgresThread.ts).
 */
export type Body = string | Buffer;
/** An Accept naming application/octet-stream (the media type of a bytes-returning function). */
export const OCTET_STREAM = /(^|,)\s*application\/octet-stream\s*(;|,|$)/i;
export const BODY_BYTES = { bytes: ['body'] };

/** `[x]` → `x` for a one-element json_agg result. */
export function stripArray(body: Body): string {
  const s = (typeof body === 'string' ? body : body.toString('utf8')).trim();
  return s.startsWith('[') && s.endsWith(']') ? s.slice(1, -1).trim() || 'null' : s;
}

export function send(res: ServerResponse, status: number, body: Body, headers: Record<string, string>, noBody: boolean) {
  if (res.headersSent) { res.end(); return; }
  const h: Record<string, string | number> = { 'Content-Type': 'application/json; charset=utf-8', ...headers };
  if (status === 204 || noBody && status >= 200 && status < 300 && body === '') {
    delete h['Content-Type'];
    res.writeHead(status, h);
    res.end();
    return;
  }
  void sendMaybeCompressed(res, status, h, body, noBody); // br/gzip for large answers (server/http/compress)
}
