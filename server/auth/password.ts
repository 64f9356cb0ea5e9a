// Password rules of Supabase Auth: bcrypt cost 10, at least 6 characters, at most 72 bytes.
import bcrypt from 'bcryptjs';
import { authError } from '../http/errors';

export const PASSWORD_MIN_CHARS = 6; // docs/product.md#constants
export const PASSWORD_MAX_BYTES = 72; // bcrypt input limit, refused like Supabase Auth
const BCRYPT_COST = 10;

/** Throws a GoTrue 422 weak_password / validation_failed error when the password breaks a rule. */
export function checkPassword(password: unknown): string {
  if (typeof password !== 'string' || password.length === 0) throw authError(422, 'validation_failed', 'Signup requires a valid password');
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES) throw authError(422, 'validation_failed', `Password cannot be longer than ${PASSWORD_MAX_BYTES} characters`);
  if ([...password].length < PASSWORD_MIN_CHARS) {
    throw authError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_CHARS} characters.`, { weak_password: { reasons: ['length'] } });
  }
  return password;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

/** A constant-cost comparison used even when the user does not exist, so timing reveals nothing. */
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);
export function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && hash != null);
}
