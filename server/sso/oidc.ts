// The OpenID Connect relying party (openid-client v6): discovery per provider (cached, retried after a
// failure), the authorization URL (code + PKCE S256 + state + nonce), and the checked code exchange.
import * as oidc from 'openid-client';
import { isLoopbackHost, type SsoProviderConfig } from './config';

/** Discovery and token requests towards an IdP give up after this many seconds. */
export const IDP_TIMEOUT_S = 10;

export interface VerifiedIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  claims: Record<string, unknown>;
}

export class IdpError extends Error {
  constructor(readonly error: string, readonly errorCode: string, message: string) {
    super(message);
  }
}

export function createRelyingParty(provider: SsoProviderConfig, redirectUri: string) {
  let config: Promise<oidc.Configuration> | null = null;
  const issuer = new URL(provider.issuer);
  // openid-client refuses http:// by default; a plain-http issuer is only accepted on loopback (test IdPs).
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);

  function discover(): Promise<oidc.Configuration> {
    if (!config) {
      const auth = provider.token_endpoint_auth_method === 'client_secret_post' ? oidc.ClientSecretPost(provider.client_secret)
        : provider.token_endpoint_auth_method === 'none' ? oidc.None()
          : oidc.ClientSecretBasic(provider.client_secret);
      config = oidc.discovery(issuer, provider.client_id, { redirect_uris: [redirectUri], response_types: ['code'] }, auth, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: IDP_TIMEOUT_S,
      });
      config.catch(() => { config = null; }); // retry discovery on the next sign-in
    }
    return config;
  }

  return {
    provider,
    async authorizationUrl(p: { state: string; nonce: string; codeVerifier: string }): Promise<string> {
      const c = await discover();
      return oidc.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        scope: provider.scope ?? 'openid email profile',
        response_type: 'code',
        state: p.state,
        nonce: p.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(p.codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
    },

    /** Validates the authorization response (state, iss), redeems the code (PKCE) and validates the ID token (nonce). */
    async complete(query: URLSearchParams, p: { state: string; nonce: string; codeVerifier: string }): Promise<VerifiedIdentity> {
      const c = await discover();
      const current = new URL(redirectUri);
      current.search = query.toString();
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(c, current, {
          pkceCodeVerifier: p.codeVerifier, expectedState: p.state, expectedNonce: p.nonce, idTokenExpected: true,
        });
      } catch (e) {
        if (e instanceof oidc.AuthorizationResponseError) throw new IdpError(e.error, 'provider_error', e.error_description ?? e.error);
        if (e instanceof oidc.ResponseBodyError) throw new IdpError('server_error', 'provider_token_error', `Identity provider token error: ${e.error}`);
        throw new IdpError('server_error', 'provider_response_invalid', `Identity provider response rejected: ${(e as Error).message}`);
      }
      const claims = tokens.claims() as Record<string, unknown> | undefined;
      if (!claims || typeof claims.sub !== 'string') throw new IdpError('server_error', 'provider_response_invalid', 'No ID token from the identity provider');
      let merged: Record<string, unknown> = { ...claims };
      if (typeof claims.email !== 'string' || typeof claims.email_verified !== 'boolean') {
        // Many IdPs keep email claims out of the ID token: ask the UserInfo endpoint (subject checked).
        try {
          const info = await oidc.fetchUserInfo(c, tokens.access_token, claims.sub);
          merged = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified };
        } catch (e) {
          throw new IdpError('server_error', 'provider_userinfo_failed', `Identity provider UserInfo failed: ${(e as Error).message}`);
        }
      }
      const verified = merged.email_verified === true || merged.email_verified === 'true';
      return {
        sub: claims.sub,
        email: typeof merged.email === 'string' ? merged.email.trim().toLowerCase() : null,
        emailVerified: verified,
        name: typeof merged.name === 'string' ? merged.name : null,
        claims: merged,
      };
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
