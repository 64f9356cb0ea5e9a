// Resolves who calls from `Authorization: Bearer <jwt>` (else `apikey`), verified with the HS256 secret.
import type { IncomingMessage } from 'node:http';
import type { Keys } from '../keys';
import type { AuthContext } from './types';

export const ANON_CONTEXT: AuthContext = { role: 'anon', claims: { role: 'anon' }, userId: null };

/** The token a request carries: the bearer token if any, else the apikey header; null when neither. */
export function requestToken(req: IncomingMessage): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (m) return m[1].trim();
  const apikey = req.headers.apikey;
  return typeof apikey === 'string' && apikey ? apikey : null;
}

/** Throws JwtError for a forged, malformed or expired token; a request with no token at all is anon. */
export async function resolveAuth(req: IncomingMessage, keys: Keys): Promise<AuthContext> {
  const token = requestToken(req);
  if (!token) return ANON_CONTEXT;
  // Like the Supabase gateway, an apikey sent next to a bearer token must be a valid key too.
  const apikey = req.headers.apikey;
  if (typeof apikey === 'string' && apikey && apikey !== token) await keys.verifyJwt(apikey);
  const claims = await keys.verifyJwt(token);
  return { role: claims.role, claims, userId: claims.role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : null };
}
