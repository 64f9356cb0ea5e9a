// Server-side records of started OpenID Connect flows: the state is the key; each record holds the PKCE
// verifier and nonce towards the IdP, the return target, and the browser binding. Expiring, single use.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/types';

/** A started sign-in must come back from the identity provider within 10 minutes. */
export const SSO_FLOW_TTL_S = 600;
/** Bound on unexpired flows (each POST /sso stores one, unauthenticated): beyond it new sign-ins wait. */
export const MAX_ACTIVE_FLOWS = 10_000;

export interface OidcFlow {
  state: string;
  provider_id: string;
  redirect_to: string;
  code_verifier: string;
  nonce: string;
  /** auth.flow_state id when the client asked for PKCE (code_challenge), else null (implicit). */
  pkce_flow_id: string | null;
  /** sha256 of the binding cookie set when the browser left for the IdP; null until then. */
  binding_hash: string | null;
  expires_at: string | Date;
}

const SCHEMA_SQL = `
create schema if not exists auth;
create table if not exists auth.sso_oidc_flows (
  state text primary key,
  provider_id text not null,
  redirect_to text not null,
  code_verifier text not null,
  nonce text not null,
  pkce_flow_id uuid,
  binding_hash text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists sso_oidc_flows_expires_idx on auth.sso_oidc_flows (expires_at);
`;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

export function createFlowStore(db: Database) {
  let ready: Promise<void> | null = null;
  const ensure = () => (ready ??= db.admin.exec(SCHEMA_SQL));

  return {
    ensure,

    /** Stores a new flow; false when MAX_ACTIVE_FLOWS unexpired flows exist already. */
    async create(f: Omit<OidcFlow, 'binding_hash' | 'expires_at'>): Promise<boolean> {
      await ensure();
      await db.admin.query(`delete from auth.sso_oidc_flows where expires_at < now()`);
      const n = await db.admin.query<{ n: number }>(`select count(*)::int as n from auth.sso_oidc_flows`);
      if ((n.rows[0]?.n ?? 0) >= MAX_ACTIVE_FLOWS) return false;
      await db.admin.query(
        `insert into auth.sso_oidc_flows (state, provider_id, redirect_to, code_verifier, nonce, pkce_flow_id, expires_at)
         values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [f.state, f.provider_id, f.redirect_to, f.code_verifier, f.nonce, f.pkce_flow_id, SSO_FLOW_TTL_S],
      );
      return true;
    },

    /** Binds an unexpired, not yet started flow to the browser (once); returns it, or null. */
    async bind(state: string, bindingHash: string): Promise<OidcFlow | null> {
      await ensure();
      const r = await db.admin.query<OidcFlow>(
        `update auth.sso_oidc_flows set binding_hash = $2
          where state = $1 and binding_hash is null and expires_at > now() returning *`,
        [state, bindingHash],
      );
      return r.rows[0] ?? null;
    },

    /** Deletes and returns the flow (single use); null when unknown or expired. */
    async consume(state: string): Promise<OidcFlow | null> {
      await ensure();
      const r = await db.admin.query<OidcFlow>(`delete from auth.sso_oidc_flows where state = $1 returning *`, [state]);
      const f = r.rows[0];
      if (!f || new Date(f.expires_at).getTime() <= Date.now()) return null;
      return f;
    },
  };
}

