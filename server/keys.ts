// HS256 JWT secret (JWT_SECRET or generated once into DATA_DIR/jwt-secret), the anon and service keys
// derived from it, token signing and verification with jose, and the JWT error in each API's shape.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { authError, restError, storageError, type HttpError } from './http/errors';

/** Long-lived API keys: fixed iat/exp so the same secret always yields the same keys. */
const API_KEY_IAT_S = 1735689600; // 2025-01-01T00:00:00Z
const API_KEY_EXP_S = 2051222400; // 2035-01-01T00:00:00Z
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export type JwtClaims = JWTPayload & { role: 'anon' | 'authenticated' | 'service_role'; [k: string]: unknown };

export class JwtError extends Error {
  constructor(readonly kind: 'expired' | 'invalid', message: string) {
    super(message);
  }
}

export interface Keys {
  secret: string;
  anonKey: string;
  serviceKey: string;
  sign(claims: Record<string, unknown>, expiresInS: number): Promise<string>;
  /** Verifies an HS256 token; throws JwtError for forged, malformed, expired or role-less tokens. */
  verifyJwt(token: string): Promise<JwtClaims>;
}

/** JWT_SECRET if given, else the secret stored in dataDir/jwt-secret (created on first start), else a random one. */
export function loadSecret(opts: { jwtSecret?: string; dataDir?: string; memory?: boolean }): string {
  if (opts.jwtSecret) {
    if (opts.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return opts.jwtSecret;
  }
  if (opts.memory || !opts.dataDir) return randomBytes(48).toString('base64url');
  const file = join(opts.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(opts.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export async function createKeys(secret: string): Promise<Keys> {
  const key = new TextEncoder().encode(secret);
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase', role }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(API_KEY_IAT_S).setExpirationTime(API_KEY_EXP_S).sign(key);

  return {
    secret,
    anonKey: await apiKey('anon'),
    serviceKey: await apiKey('service_role'),
    async sign(claims, expiresInS) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresInS).sign(key);
    },
    async verifyJwt(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (e) {
        if (e instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        if (e instanceof joseErrors.JWSSignatureVerificationFailed) throw new JwtError('invalid', 'JWSError JWSInvalidSignature');
        throw new JwtError('invalid', `JWSError: ${(e as Error).message}`);
      }
      if (typeof payload.role !== 'string' || !ROLES.has(payload.role)) throw new JwtError('invalid', 'JWT has no valid role claim');
      return payload as JwtClaims;
    },
  };
}

/** GoTrue shape: 401 `bad_jwt` (`invalid JWT: ... token is expired` like Supabase Auth). */
export function authJwtError(e: JwtError): HttpError {
  const detail = e.kind === 'expired' ? 'token has invalid claims: token is expired' : 'unable to parse or verify signature';
  return authError(401, 'bad_jwt', `invalid JWT: ${detail}`);
}

/** PostgREST shape: 401 `PGRST301`. */
export function restJwtError(e: JwtError): HttpError {
  return restError(401, 'PGRST301', e.message);
}

/** Storage shape: 401 `InvalidJWT`. */
export function storageJwtError(e: JwtError): HttpError {
  return storageError(401, 'InvalidJWT', e.kind === 'expired' ? 'jwt expired' : 'invalid signature');
}
