// Error values that carry an HTTP status and a body already in the shape of the API that answers
// (GoTrue, PostgREST or Storage), plus the small JSON response helpers every handler uses.
import type { ServerResponse } from 'node:http';
import { sendMaybeCompressed } from './compress';

export const GOTRUE_API_VERSION = '2024-01-01';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.msg ?? `HTTP ${status}`));
  }
}

/** GoTrue (Supabase Auth) error: `{code, message}` plus the legacy `error_code`/`msg` keys. */
export function authError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code, error_code: code, message, msg: message, ...extra }, { 'X-Supabase-Api-Version': GOTRUE_API_VERSION });
}

/** PostgREST error: `{code, details, hint, message}`. */
export function restError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): HttpError {
  return new HttpError(status, { code, details, hint, message });
}

/** Supabase Storage error: `{statusCode: "<status>", error, message}`. */
export function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = body === undefined ? '' : JSON.stringify(body);
  void sendMaybeCompressed(res, status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }, text);
}

export function sendHttpError(res: ServerResponse, e: HttpError): void {
  sendJson(res, e.status, e.body, e.headers);
}

/** Which API a path belongs to, to shape errors raised outside a handler (body limit, bad JWT, crash). */
export type ApiFlavor = 'auth' | 'rest' | 'storage' | 'plain';

export function flavorOf(pathname: string): ApiFlavor {
  if (pathname.startsWith('/auth/v1')) return 'auth';
  if (pathname.startsWith('/rest/v1')) return 'rest';
  if (pathname.startsWith('/storage/v1')) return 'storage';
  return 'plain';
}

/** The same failure expressed in the shape of each API. */
export function shapedError(flavor: ApiFlavor, status: number, code: string, message: string): HttpError {
  switch (flavor) {
    case 'auth': return authError(status, code, message);
    case 'rest': return restError(status, code, message);
    case 'storage': return storageError(status, code, message);
    default: return new HttpError(status, { code, message });
  }
}
