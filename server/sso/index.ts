// Single sign-on of the embedded GoTrue as an OpenID Connect relying party: POST /sso → {url};
// GET /sso/authorize (binds the flow to the browser, then to the IdP); GET /callback → redirect_to with the
// session in the fragment (implicit) or ?code= (PKCE), or ?error=…&error_code=…&error_description=….
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiContext, ApiHandler, SsoDeps } from '../http/types';
import { readJsonObject } from '../http/body';
import { authError, sendJson } from '../http/errors';
import { normalizeDomain, providerForDomain, type SsoProviderConfig } from './config';
import { createFlowStore, randomToken, sha256, SSO_FLOW_TTL_S, type OidcFlow } from './flows';
import { createRelyingParty, IdpError, type RelyingParty } from './oidc';
import { codeRedirect, errorRedirect, implicitRedirect, resolveRedirect, type RedirectPolicy } from './redirects';
import { upsertSsoUser } from './users';
import { createLimiter, type RateLimit } from '../http/rateLimit';

export type { SsoProviderConfig } from './config';
export { parseProviders, providersFromEnv, redirectAllowListFromEnv } from './config';

export interface SsoOptions {
  providers?: SsoProviderConfig[];
  /** ADDITIONAL_REDIRECT_URLS: further allowed redirect_to targets besides the site and this server. */
  additionalRedirectUrls?: string[];
  /** Public URL of this server as browsers and IdPs reach it (API_EXTERNAL_URL); default the listening URL. */
  apiExternalUrl?: string;
}

/** The SSO return route of the SPA (docs/product.md#single-sign-on), target of errors that cannot be tied to a flow. */
const SPA_CALLBACK_PATH = '/auth/callback';
const AMR_METHOD = 'sso/oidc';
/** POST /sso per client IP: 300 per 5 minutes, bursts of 60 (a whole team behind one NAT at shift start). */
export const SSO_START_RATE_LIMIT: RateLimit = { perWindow: 300, windowS: 300, burst: 60 };

class CallbackError extends Error {
  constructor(readonly error: string, readonly errorCode: string, message: string) {
    super(message);
  }
}

export function createSsoHandler(deps: SsoDeps, options: SsoOptions = {}): ApiHandler {
  const providers = options.providers ?? [];
  const flows = createFlowStore(deps.db);
  const limiter = createLimiter(deps.db, 'sso_start', SSO_START_RATE_LIMIT);
  const external = () => (options.apiExternalUrl ?? deps.publicUrl()).replace(/\/$/, '');
  const callbackUrl = () => `${external()}/auth/v1/callback`;
  const parties = new Map<string, RelyingParty>();
  const partyFor = (p: SsoProviderConfig) => {
    const key = `${p.id} ${callbackUrl()}`;
    let rp = parties.get(key);
    if (!rp) parties.set(key, (rp = createRelyingParty(p, callbackUrl())));
    return rp;
  };
  const policy = (): RedirectPolicy => ({
    siteUrl: deps.siteUrl(),
    serverOrigins: [deps.publicUrl(), external()],
    allowList: options.additionalRedirectUrls ?? [],
  });
  const fallbackTarget = () => `${deps.siteUrl()}${SPA_CALLBACK_PATH}`;
  const cookieName = (state: string) => `sb-sso-${sha256(state).slice(0, 16)}`;
  const secureCookie = () => external().startsWith('https:');

  function redirect(res: ServerResponse, status: 302 | 303, location: string, headers: Record<string, string | string[]> = {}) {
    res.writeHead(status, { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', ...headers });
    res.end();
  }

  /** POST /sso {domain | provider_id, redirect_to, skip_http_redirect, code_challenge, code_challenge_method}. */
  async function start(req: IncomingMessage, res: ServerResponse, ctx: ApiContext) {
    if (!(await limiter.take(req.socket.remoteAddress ?? 'unknown'))) throw authError(429, 'over_request_rate_limit', 'Request rate limit reached');
    const body = await readJsonObject(ctx.body, 'auth');
    const domain = typeof body.domain === 'string' ? normalizeDomain(body.domain) : '';
    const providerId = typeof body.provider_id === 'string' ? body.provider_id.trim() : '';
    if (!domain && !providerId) throw authError(400, 'validation_failed', 'A valid SSO provider ID or domain must be provided');
    const provider = providerId ? providers.find((p) => p.id === providerId) : providerForDomain(providers, domain);
    if (!provider) {
      throw authError(404, 'sso_provider_not_found', providerId ? 'No such SSO provider' : 'No SSO provider assigned for this domain');
    }
    const challenge = typeof body.code_challenge === 'string' ? body.code_challenge : '';
    const method = typeof body.code_challenge_method === 'string' ? body.code_challenge_method : '';
    if (!!challenge !== !!method) throw authError(400, 'validation_failed', 'PKCE flow requires code_challenge and code_challenge_method');

    const rp = partyFor(provider);
    const state = randomToken();
    const nonce = randomToken();
    const codeVerifier = randomToken();
    try {
      await rp.authorizationUrl({ state, nonce, codeVerifier }); // discovery now, so an unreachable IdP fails here
    } catch (e) {
      console.error(`[sso] provider ${provider.id}: discovery failed:`, (e as Error).message);
      throw authError(502, 'sso_provider_unavailable', 'The identity provider could not be reached');
    }
    const pkce = challenge
      ? await deps.auth.createPkceFlow({ codeChallenge: challenge, codeChallengeMethod: method, providerType: 'sso', authenticationMethod: AMR_METHOD })
      : null;
    const stored = await flows.create({
      state, provider_id: provider.id, redirect_to: resolveRedirect(body.redirect_to, policy()),
      code_verifier: codeVerifier, nonce, pkce_flow_id: pkce?.id ?? null,
    });
    if (!stored) throw authError(429, 'over_request_rate_limit', 'Too many sign-ins in progress, try again in a few minutes');
    const url = `${external()}/auth/v1/sso/authorize?${new URLSearchParams({ state })}`;
    if (body.skip_http_redirect === false) return redirect(res, 303, url);
    sendJson(res, 200, { url });
  }

  /** GET /sso/authorize?state=…: binds the flow to this browser (HttpOnly cookie), once, then goes to the IdP. */
  async function authorize(res: ServerResponse, ctx: ApiContext) {
    const state = ctx.url.searchParams.get('state') ?? '';
    const binding = randomToken();
    const flow = state ? await flows.bind(state, sha256(binding)) : null;
    if (!flow) {
      return redirect(res, 302, errorRedirect(fallbackTarget(), 'invalid_request', 'bad_oauth_state', 'Sign-in link expired or already used'));
    }
    const provider = providers.find((p) => p.id === flow.provider_id);
    let target: string;
    try {
      if (!provider) throw new Error('provider removed');
      target = await partyFor(provider).authorizationUrl({ state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    } catch {
      await flows.consume(state);
      return redirect(res, 302, errorRedirect(flow.redirect_to, 'server_error', 'sso_provider_unavailable', 'The identity provider could not be reached'));
    }
    const cookie = [`${cookieName(state)}=${binding}`, 'Path=/auth/v1', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SSO_FLOW_TTL_S}`];
    if (secureCookie()) cookie.push('Secure');
    redirect(res, 302, target, { 'Set-Cookie': cookie.join('; ') });
  }

  function cookieValue(req: IncomingMessage, name: string): string | null {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const i = part.indexOf('=');
      if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
    }
    return null;
  }

  async function finish(req: IncomingMessage, flow: OidcFlow, query: URLSearchParams): Promise<string> {
    const binding = cookieValue(req, cookieName(flow.state));
    if (!binding || !flow.binding_hash || sha256(binding) !== flow.binding_hash) {
      throw new CallbackError('invalid_request', 'bad_oauth_state', 'The sign-in was started in another browser');
    }
    const idpError = query.get('error');
    if (idpError) {
      throw new CallbackError(idpError.slice(0, 100), 'provider_error', (query.get('error_description') ?? 'The identity provider refused the sign-in').slice(0, 500));
    }
    const provider = providers.find((p) => p.id === flow.provider_id);
    if (!provider) throw new CallbackError('server_error', 'sso_provider_not_found', 'No such SSO provider');
    let identity;
    try {
      identity = await partyFor(provider).complete(query, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier });
    } catch (e) {
      if (e instanceof IdpError) throw new CallbackError(e.error, e.errorCode, e.message);
      throw e;
    }
    if (!identity.email) throw new CallbackError('access_denied', 'email_missing', 'The identity provider did not provide an email address');
    if (!identity.emailVerified) throw new CallbackError('access_denied', 'email_not_verified', 'The identity provider has not verified this email address');
    const domain = identity.email.split('@').pop() ?? '';
    if (!provider.domains.includes(normalizeDomain(domain))) {
      throw new CallbackError('access_denied', 'sso_domain_not_allowed', 'This email domain is not served by this SSO provider');
    }
    const providerKey = `sso:${provider.id}`;
    let session;
    try {
      session = await deps.db.admin.transaction(async (tx) => {
        const { userId } = await upsertSsoUser(tx, { providerKey, sub: identity.sub, email: identity.email!, name: identity.name, claims: identity.claims });
        return flow.pkce_flow_id ? { userId } : { userId, session: await deps.auth.createSessionForUser(userId, AMR_METHOD, tx) };
      });
    } catch (e) {
      if ((e as { code?: string }).code === 'user_banned') throw new CallbackError('access_denied', 'user_banned', 'User is banned');
      console.error('[sso] saving the user failed:', e);
      throw new CallbackError('server_error', 'unexpected_failure', 'Database error saving new user');
    }
    if (flow.pkce_flow_id) return codeRedirect(flow.redirect_to, await deps.auth.completePkceFlow(flow.pkce_flow_id, session.userId));
    return implicitRedirect(flow.redirect_to, session.session!);
  }

  /** GET /callback?code=…&state=… (or ?error=…): never a 5xx page, always a redirect. */
  async function callback(req: IncomingMessage, res: ServerResponse, ctx: ApiContext) {
    const query = ctx.url.searchParams;
    const state = query.get('state') ?? '';
    let flow: OidcFlow | null = null;
    try {
      flow = state ? await flows.consume(state) : null;
    } catch (e) {
      console.error('[sso] reading the flow failed:', e);
    }
    if (!flow) {
      return redirect(res, 302, errorRedirect(fallbackTarget(), 'invalid_request', 'bad_oauth_state', 'OAuth callback with invalid state'));
    }
    const clearCookie = `${cookieName(state)}=; Path=/auth/v1; HttpOnly; SameSite=Lax; Max-Age=0`;
    let location: string;
    try {
      location = await finish(req, flow, query);
    } catch (e) {
      const ce = e instanceof CallbackError ? e : new CallbackError('server_error', 'unexpected_failure', 'Unexpected failure during single sign-on');
      if (!(e instanceof CallbackError)) console.error('[sso] callback failed:', e);
      location = errorRedirect(flow.redirect_to, ce.error, ce.errorCode, ce.message);
    }
    redirect(res, 302, location, { 'Set-Cookie': clearCookie });
  }

  return async function handleSso(req, res, ctx) {
    const sub = ctx.url.pathname.slice('/auth/v1'.length);
    const m = req.method ?? 'GET';
    if (sub === '/sso' && m === 'POST') return start(req, res, ctx);
    if (sub === '/sso/authorize' && m === 'GET') return authorize(res, ctx);
    if (sub === '/callback' && m === 'GET') return callback(req, res, ctx);
    if (sub === '/callback' && m === 'POST') {
      // form_post responses are not requested; answer like a bad callback rather than a 404 page.
      return redirect(res, 303, errorRedirect(fallbackTarget(), 'invalid_request', 'bad_oauth_callback', 'Unsupported callback method'));
    }
    throw authError(404, 'not_found', 'Not found');
  };
}

