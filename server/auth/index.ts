// The embedded GoTrue (Supabase Auth) subset: /signup, /token (password, refresh_token, pkce), /user,
// /logout, /settings, /health — request and response shapes as @supabase/auth-js expects them.
import { randomUUID } from 'node:crypto';
import { isEmailAddress } from '../../src/core/addresses';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/types';
import type { ApiContext } from '../http/types';
import { readJsonObject } from '../http/body';
import { authError, HttpError, sendJson } from '../http/errors';
import { authJwtError, JwtError, type JwtClaims, type Keys } from '../keys';
import { checkPassword, hashPassword, verifyPassword } from './password';
import type { AuthService, LogoutScope } from './service';
import { defaultAppMetadata, findUserByEmail, findUserById, insertUser, normalizeEmail, toGoTrueUser } from './users';
import { authString, MAX_USER_METADATA_BYTES, metadataTooLarge, userMetadata } from './input';

export { createAuthService, type AuthService, type Session } from './service';

const API_VERSION_HEADERS = { 'X-Supabase-Api-Version': '2024-01-01' };

export interface AuthHandlerDeps {
  db: Database;
  keys: Keys;
  service: AuthService;
  /** Whether an SSO provider is configured (reported by /settings). */
  ssoEnabled?: () => boolean;
}

/** Maps a database error raised while inserting into auth.users (invitation trigger, constraints) to GoTrue. */
function signupDbError(e: unknown): HttpError {
  const err = e as { code?: string; message?: string };
  if (err.code === '23505') return authError(422, 'user_already_exists', 'User already registered');
  if (typeof err.code === 'string' && /^(P0|23|22|42501)/.test(err.code)) {
    return authError(422, 'signup_disabled', err.message || 'Signups not allowed for this instance');
  }
  throw e;
}

export function createAuthHandler(deps: AuthHandlerDeps) {
  const { db, keys, service } = deps;

  /** The user's own access token from Authorization: Bearer, with an existing session. */
  async function requireUser(req: IncomingMessage): Promise<JwtClaims & { sub: string; session_id: string }> {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!m) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims: JwtClaims;
    try {
      claims = await keys.verifyJwt(m[1].trim());
    } catch (e) {
      if (e instanceof JwtError) throw authJwtError(e);
      throw e;
    }
    if (typeof claims.sub !== 'string' || !claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
    if (!sessionId || !(await service.sessionExists(sessionId, claims.sub))) {
      throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return claims as JwtClaims & { sub: string; session_id: string };
  }

  async function signup(ctx: ApiContext, res: ServerResponse) {
    const body = await readJsonObject(ctx.body, 'auth');
    const email = normalizeEmail(authString(body, 'email'));
    if (!email) throw authError(422, 'validation_failed', 'To signup, please provide your email');
    if (!isEmailAddress(email) || email.length > 255) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const password = checkPassword(body.password);
    const data = userMetadata(body.data) ?? {};
    if (await findUserByEmail(db.admin, email)) throw authError(422, 'user_already_exists', 'User already registered');
    const passwordHash = await hashPassword(password);
    const session = await db.admin
      .transaction(async (tx) => {
        const id = randomUUID();
        await insertUser(tx, { id, email, passwordHash, userMetadata: data, appMetadata: defaultAppMetadata() });
        // The invitation token did its job in the insert trigger; it must not live on in user_metadata.
        await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data - 'invitation_token' where id = $1`, [id]);
        return service.createSessionForUser(id, 'password', tx);
      })
      .catch((e) => { throw e instanceof HttpError ? e : signupDbError(e); });
    sendJson(res, 200, session);
  }

  async function token(ctx: ApiContext, res: ServerResponse) {
    const grant = ctx.url.searchParams.get('grant_type');
    const body = await readJsonObject(ctx.body, 'auth');
    if (grant === 'password') {
      const email = authString(body, 'email');
      const password = authString(body, 'password');
      if (!email || !password) throw authError(400, 'validation_failed', 'missing email or phone');
      const user = await findUserByEmail(db.admin, email);
      const ok = await verifyPassword(password, user?.encrypted_password ?? null);
      if (!user || !ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials');
      if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
      sendJson(res, 200, { ...(await service.createSessionForUser(user.id, 'password')), weak_password: null });
      return;
    }
    if (grant === 'refresh_token') {
      const rt = authString(body, 'refresh_token');
      if (!rt) throw authError(400, 'validation_failed', 'refresh_token required');
      sendJson(res, 200, await service.refresh(rt));
      return;
    }
    if (grant === 'pkce') {
      const code = authString(body, 'auth_code');
      const verifier = authString(body, 'code_verifier');
      if (!code || !verifier) throw authError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      sendJson(res, 200, await service.exchangePkce(code, verifier));
      return;
    }
    throw authError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  }

  async function getUser(req: IncomingMessage, res: ServerResponse) {
    const claims = await requireUser(req);
    const user = await findUserById(db.admin, claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    sendJson(res, 200, toGoTrueUser(user));
  }

  async function updateUser(req: IncomingMessage, ctx: ApiContext, res: ServerResponse) {
    const claims = await requireUser(req);
    const body = await readJsonObject(ctx.body, 'auth');
    if (body.email !== undefined || body.phone !== undefined) throw authError(422, 'validation_failed', 'Email and phone changes are not supported');
    const patch = userMetadata(body.data); // validated before anything is written
    const password = body.password !== undefined ? checkPassword(body.password) : null;
    if (patch) {
      const { invitation_token: _ignored, ...data } = patch;
      // The cap applies to the merged result (many small updates must not add up past it).
      const r = await db.admin.query(
        `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now()
          where id = $1 and octet_length((coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)::text) <= $3 returning id`,
        [claims.sub, JSON.stringify(data), MAX_USER_METADATA_BYTES]);
      if (r.rows.length === 0 && (await findUserById(db.admin, claims.sub))) throw metadataTooLarge();
    }
    if (password !== null) {
      const hash = await hashPassword(password);
      await db.admin.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [claims.sub, hash]);
    }
    const user = await findUserById(db.admin, claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    sendJson(res, 200, toGoTrueUser(user));
  }

  async function logout(req: IncomingMessage, ctx: ApiContext, res: ServerResponse) {
    const scope = (ctx.url.searchParams.get('scope') ?? 'global') as LogoutScope;
    if (!['global', 'local', 'others'].includes(scope)) throw authError(400, 'validation_failed', 'Unsupported logout scope');
    const claims = await requireUser(req);
    await service.logout(claims.sub, claims.session_id, scope);
    res.writeHead(204, API_VERSION_HEADERS);
    res.end();
  }

  return async function handleAuth(req: IncomingMessage, res: ServerResponse, ctx: ApiContext, subpath: string): Promise<void> {
    const m = req.method ?? 'GET';
    if (subpath === '/signup' && m === 'POST') return signup(ctx, res);
    if (subpath === '/token' && m === 'POST') return token(ctx, res);
    if (subpath === '/user' && m === 'GET') return getUser(req, res);
    if (subpath === '/user' && m === 'PUT') return updateUser(req, ctx, res);
    if (subpath === '/logout' && m === 'POST') return logout(req, ctx, res);
    if (subpath === '/settings' && m === 'GET') {
      return sendJson(res, 200, {
        external: { email: true, phone: false, anonymous_users: false, saml: deps.ssoEnabled?.() ?? false },
        disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: deps.ssoEnabled?.() ?? false,
      });
    }
    if (subpath === '/health' && m === 'GET') return sendJson(res, 200, { version: 'embedded', name: 'GoTrue', description: 'Embedded Supabase Auth subset' });
    throw authError(404, 'not_found', 'Not found');
  };
}

