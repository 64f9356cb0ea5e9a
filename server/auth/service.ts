// Sessions and tokens of the embedded GoTrue: access tokens (3600 s), rotating refresh tokens with
// reuse detection, logout scopes and PKCE flow states. server/sso reuses createSessionForUser and the PKCE functions.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import type { Keys } from '../keys';
import { authError } from '../http/errors';
import { findUserById, isBanned, toGoTrueUser, type GoTrueUser, type UserRow } from './users';

export const ACCESS_TOKEN_TTL_S = 3600; // Supabase Auth default JWT expiry
export const REFRESH_REUSE_GRACE_S = 10; // Supabase Auth refresh_token_reuse_interval
export const PKCE_FLOW_TTL_S = 300; // a PKCE auth code is valid for 5 minutes

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
}

export type LogoutScope = 'global' | 'local' | 'others';

export interface AuthService {
  /** Opens a new session for an existing user (password sign-in, signup, SSO) and returns it. */
  createSessionForUser(userId: string, amrMethod: string, q?: Queryable): Promise<Session>;
  /** Rotates a refresh token (reuse detection with a grace period). */
  refresh(refreshToken: string): Promise<Session>;
  /** Revokes refresh tokens by deleting sessions: this one (local), all (global) or all but this one (others). */
  logout(userId: string, sessionId: string, scope: LogoutScope): Promise<void>;
  sessionExists(sessionId: string, userId: string): Promise<boolean>;
  /** Stores a PKCE flow state (code_challenge S256 or plain) and returns its id and future auth code. */
  createPkceFlow(f: { codeChallenge: string; codeChallengeMethod: string; providerType: string; authenticationMethod: string; userId?: string | null }): Promise<{ id: string; authCode: string }>;
  /** Binds the signed-in user to a flow after the identity provider answered; returns the auth code for `?code=`. */
  completePkceFlow(flowId: string, userId: string): Promise<string>;
  /** grant_type=pkce: checks the verifier against the stored challenge and opens the session. */
  exchangePkce(authCode: string, codeVerifier: string): Promise<Session>;
}

const newRefreshToken = () => randomBytes(24).toString('base64url');

export function createAuthService(db: Database, keys: Keys, issuer: () => string): AuthService {
  async function issue(q: Queryable, user: UserRow, sessionId: string, amrMethod: string, amrAt: Date, refreshToken: string): Promise<Session> {
    const u = toGoTrueUser(user);
    const nowS = Math.floor(Date.now() / 1000);
    const access = await keys.sign(
      {
        iss: issuer(), sub: u.id, aud: 'authenticated', role: 'authenticated', aal: 'aal1', session_id: sessionId,
        email: u.email, phone: '', app_metadata: u.app_metadata, user_metadata: u.user_metadata,
        amr: [{ method: amrMethod, timestamp: Math.floor(amrAt.getTime() / 1000) }], is_anonymous: false,
      },
      ACCESS_TOKEN_TTL_S,
    );
    void q;
    return { access_token: access, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_S, expires_at: nowS + ACCESS_TOKEN_TTL_S, refresh_token: refreshToken, user: u };
  }

  async function openSession(q: Queryable, userId: string, amrMethod: string): Promise<Session> {
    const user = await findUserById(q, userId);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
    const sessionId = randomUUID();
    const now = new Date();
    await q.query(`insert into auth.sessions (id, user_id, created_at, updated_at, aal, amr_method) values ($1, $2, $3, $3, 'aal1', $4)`, [sessionId, userId, now, amrMethod]);
    const token = newRefreshToken();
    await q.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked) values ($1, $2, $3, null, false)`, [token, userId, sessionId]);
    await q.query(`update auth.users set last_sign_in_at = now() where id = $1`, [userId]);
    return issue(q, { ...user, last_sign_in_at: now }, sessionId, amrMethod, now, token);
  }

  interface TokenRow { id: string; token: string; user_id: string; session_id: string; revoked: boolean; updated_at: string | Date; amr_method: string; session_created_at: string | Date; not_after: string | Date | null }

  return {
    createSessionForUser(userId, amrMethod, q) {
      return q ? openSession(q, userId, amrMethod) : db.admin.transaction((tx) => openSession(tx, userId, amrMethod));
    },

    async refresh(refreshToken) {
      const result = await db.admin.transaction(async (tx): Promise<Session | 'reused'> => {
        const r = await tx.query<TokenRow>(
          `select t.id, t.token, t.user_id, t.session_id, t.revoked, t.updated_at, s.amr_method, s.created_at as session_created_at, s.not_after
             from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
            where t.token = $1 for update of t`,
          [refreshToken],
        );
        const tok = r.rows[0];
        if (!tok) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (tok.not_after && new Date(tok.not_after).getTime() < Date.now()) throw authError(403, 'session_expired', 'Session Expired');
        const user = await findUserById(tx, tok.user_id);
        if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned');
        const amrAt = new Date(tok.session_created_at);
        if (tok.revoked) {
          const ageS = (Date.now() - new Date(tok.updated_at).getTime()) / 1000;
          const active = await tx.query<{ token: string }>(`select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`, [tok.session_id]);
          if (ageS <= REFRESH_REUSE_GRACE_S && active.rows[0]) {
            // Concurrent refreshes (two tabs): hand back the current child instead of failing.
            return issue(tx, user, tok.session_id, tok.amr_method, amrAt, active.rows[0].token);
          }
          // Reuse outside the grace period: someone replayed an old token; end the whole session.
          // (Returned, not thrown: the revocation must commit.)
          await tx.query(`delete from auth.sessions where id = $1`, [tok.session_id]);
          return 'reused';
        }
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [tok.id]);
        const next = newRefreshToken();
        await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked) values ($1, $2, $3, $4, false)`, [next, tok.user_id, tok.session_id, tok.token]);
        await tx.query(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [tok.session_id]);
        return issue(tx, user, tok.session_id, tok.amr_method, amrAt, next);
      });
      if (result === 'reused') throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      return result;
    },

    async logout(userId, sessionId, scope) {
      if (scope === 'local') await db.admin.query(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId]);
      else if (scope === 'others') await db.admin.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
      else await db.admin.query(`delete from auth.sessions where user_id = $1`, [userId]);
    },

    async sessionExists(sessionId, userId) {
      const r = await db.admin.query(`select 1 from auth.sessions where id = $1 and user_id = $2 and (not_after is null or not_after > now())`, [sessionId, userId]);
      return r.rows.length > 0;
    },

    async createPkceFlow(f) {
      const method = f.codeChallengeMethod.toLowerCase();
      if (method !== 's256' && method !== 'plain') throw authError(400, 'validation_failed', 'code_challenge_method must be S256 or plain');
      if (!f.codeChallenge || f.codeChallenge.length < 43 || f.codeChallenge.length > 128) throw authError(400, 'validation_failed', 'code_challenge must be 43 to 128 characters');
      const id = randomUUID();
      const authCode = randomUUID();
      await db.admin.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, auth_code_issued_at)
         values ($1, $2, $3, $4, $5, $6, $7, case when $2::uuid is null then null else now() end)`,
        [id, f.userId ?? null, authCode, method, f.codeChallenge, f.providerType, f.authenticationMethod],
      );
      return { id, authCode };
    },

    async completePkceFlow(flowId, userId) {
      const r = await db.admin.query<{ auth_code: string }>(
        `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
        [flowId, userId],
      );
      if (!r.rows[0]) throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      return r.rows[0].auth_code;
    },

    exchangePkce(authCode, codeVerifier) {
      return db.admin.transaction(async (tx) => {
        const r = await tx.query<{ id: string; user_id: string | null; code_challenge_method: string; code_challenge: string; authentication_method: string; auth_code_issued_at: string | Date | null; created_at: string | Date }>(
          `delete from auth.flow_state where auth_code = $1 returning id, user_id, code_challenge_method, code_challenge, authentication_method, auth_code_issued_at, created_at`,
          [authCode],
        );
        const flow = r.rows[0];
        if (!flow || !flow.user_id) throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        const issuedAt = new Date(flow.auth_code_issued_at ?? flow.created_at).getTime();
        if (Date.now() - issuedAt > PKCE_FLOW_TTL_S * 1000) throw authError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
        const computed = flow.code_challenge_method === 's256' ? createHash('sha256').update(codeVerifier).digest('base64url') : codeVerifier;
        if (computed !== flow.code_challenge) throw authError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
        return openSession(tx, flow.user_id, flow.authentication_method);
      });
    },
  };
}
