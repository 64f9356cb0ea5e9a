// Database errors that escaped a handler, answered in the API's own shape instead of a 500: data exceptions
// (class 22: invalid text, NUL characters, out of range) and integrity violations (class 23) come from the input.
import { shapedError, type ApiFlavor, type HttpError } from './errors';

/** A 4xx for an input-caused PostgreSQL error (by SQLSTATE), or null for anything else (a real 500). */
export function dbInputError(e: unknown, flavor: ApiFlavor): HttpError | null {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  // The server's failures, never the input's: out of resources (class 53: memory, disk full) and a statement
  // cancelled by its time limit (57014) are 503 (docs/supabase-protocol.md#errors).
  if ((code.startsWith('53') && code !== '53400') || code === '57014') {
    return shapedError(flavor, 503, flavor === 'auth' ? 'request_timeout' : flavor === 'storage' ? 'DatabaseTimeout' : code, 'The database could not complete the request in time or ran out of resources; try again');
  }
  if (code === '23505') return shapedError(flavor, 409, flavor === 'storage' ? 'Duplicate' : 'conflict', 'The resource already exists');
  if (code.startsWith('22') || code.startsWith('23')) {
    const errCode = flavor === 'auth' ? 'validation_failed' : flavor === 'storage' ? 'InvalidRequest' : code;
    return shapedError(flavor, 400, errCode, 'The request contains an invalid value');
  }
  return null;
}
