// Validation of what enters /auth/v1 before it reaches the database: strings without NUL characters (PostgreSQL
// text and jsonb cannot hold them) and user metadata within a size cap (it travels in every access token, and
// Node refuses request headers over 16 KB: a larger token would lock the account out).
import { authError } from '../http/errors';
import { isRow } from './users';

/** Cap on the stored user_metadata (JSON bytes), merged with what is already there. */
export const MAX_USER_METADATA_BYTES = 8 * 1024;

const hasNul = (s: string) => s.includes('\u0000');

/** body[key] when it is a string without NUL, '' when absent or not a string; a NUL → 400 validation_failed. */
export function authString(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (typeof v !== 'string') return '';
  if (hasNul(v)) throw authError(400, 'validation_failed', `${key} contains an invalid character`);
  return v;
}

function checkNoNul(v: unknown, depth = 0): void {
  if (depth > 32) throw authError(400, 'validation_failed', 'User metadata is nested too deeply');
  if (typeof v === 'string') {
    if (hasNul(v)) throw authError(400, 'validation_failed', 'User metadata contains an invalid character');
  } else if (Array.isArray(v)) {
    for (const x of v) checkNoNul(x, depth + 1);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) { checkNoNul(k, depth + 1); checkNoNul(x, depth + 1); }
  }
}

export const metadataTooLarge = () =>
  authError(400, 'validation_failed', `User metadata must not exceed ${MAX_USER_METADATA_BYTES} bytes`);

/** `data` of /signup or PUT /user: an object (else undefined), without NUL, within the size cap on its own. */
export function userMetadata(v: unknown): Record<string, unknown> | undefined {
  if (!isRow(v)) return undefined;
  checkNoNul(v);
  if (Buffer.byteLength(JSON.stringify(v)) > MAX_USER_METADATA_BYTES) throw metadataTooLarge();
  return v;
}
