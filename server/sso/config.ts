// SSO provider configuration of the embedded server: OpenID Connect providers (issuer, client id and secret,
// email domains) from startServer options, the SSO_PROVIDERS environment variable (JSON) or SSO_PROVIDERS_FILE.
import { readFileSync } from 'node:fs';

export interface SsoProviderConfig {
  /** Short stable id; users get app_metadata.provider = 'sso:<id>'. Letters, digits, '-', '_'. */
  id: string;
  /** OpenID Connect issuer (discovery at <issuer>/.well-known/openid-configuration). */
  issuer: string;
  client_id: string;
  client_secret?: string;
  /** Email domains served by this provider: configuring a domain admits all its verified staff. */
  domains: string[];
  /** client_secret_basic (default), client_secret_post or none. */
  token_endpoint_auth_method?: 'client_secret_basic' | 'client_secret_post' | 'none';
  /** Scopes asked for; default 'openid email profile'. */
  scope?: string;
}

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

export function normalizeDomain(d: string): string {
  return d.trim().toLowerCase().replace(/\.$/, '');
}

/** Validates a list of providers (throws a readable Error on the first mistake); normalises domains. */
export function parseProviders(value: unknown, source = 'SSO providers'): SsoProviderConfig[] {
  if (!Array.isArray(value)) throw new Error(`${source}: expected a JSON array of providers`);
  const seenIds = new Set<string>();
  const seenDomains = new Map<string, string>();
  return value.map((raw, i) => {
    const at = `${source}[${i}]`;
    if (!raw || typeof raw !== 'object') throw new Error(`${at}: expected an object`);
    const p = raw as Record<string, unknown>;
    const str = (k: string, required: boolean): string | undefined => {
      const v = p[k];
      if (v === undefined || v === null || v === '') {
        if (required) throw new Error(`${at}: "${k}" is required`);
        return undefined;
      }
      if (typeof v !== 'string') throw new Error(`${at}: "${k}" must be a string`);
      return v;
    };
    const id = str('id', true)!;
    if (!ID_RE.test(id)) throw new Error(`${at}: "id" must be 1-64 letters, digits, '-' or '_'`);
    if (seenIds.has(id)) throw new Error(`${at}: duplicate id "${id}"`);
    seenIds.add(id);
    const issuer = str('issuer', true)!;
    let issuerUrl: URL;
    try { issuerUrl = new URL(issuer); } catch { throw new Error(`${at}: "issuer" must be a URL`); }
    if (issuerUrl.protocol !== 'https:' && !(issuerUrl.protocol === 'http:' && isLoopbackHost(issuerUrl.hostname))) {
      throw new Error(`${at}: "issuer" must use https (plain http is accepted for loopback test providers only)`);
    }
    const method = str('token_endpoint_auth_method', false);
    if (method && !['client_secret_basic', 'client_secret_post', 'none'].includes(method)) {
      throw new Error(`${at}: unsupported token_endpoint_auth_method "${method}"`);
    }
    if (!Array.isArray(p.domains) || p.domains.length === 0) throw new Error(`${at}: "domains" must be a non-empty array`);
    const domains = p.domains.map((d) => {
      if (typeof d !== 'string' || !DOMAIN_RE.test(normalizeDomain(d))) throw new Error(`${at}: invalid domain ${JSON.stringify(d)}`);
      const n = normalizeDomain(d);
      const owner = seenDomains.get(n);
      if (owner && owner !== id) throw new Error(`${at}: domain "${n}" is already served by provider "${owner}"`);
      seenDomains.set(n, id);
      return n;
    });
    const clientSecret = str('client_secret', false);
    if (!clientSecret && method !== 'none') throw new Error(`${at}: "client_secret" is required (or token_endpoint_auth_method "none")`);
    return {
      id, issuer, client_id: str('client_id', true)!, client_secret: clientSecret, domains: [...new Set(domains)],
      token_endpoint_auth_method: (method as SsoProviderConfig['token_endpoint_auth_method']) ?? 'client_secret_basic',
      scope: str('scope', false),
    };
  });
}

/** SSO_PROVIDERS (JSON array) or SSO_PROVIDERS_FILE (path to a JSON file); undefined when neither is set. */
export function providersFromEnv(env: NodeJS.ProcessEnv): SsoProviderConfig[] | undefined {
  if (env.SSO_PROVIDERS && env.SSO_PROVIDERS_FILE) throw new Error('Set SSO_PROVIDERS or SSO_PROVIDERS_FILE, not both');
  const parse = (text: string, source: string) => {
    let v: unknown;
    try { v = JSON.parse(text); } catch (e) { throw new Error(`${source}: invalid JSON (${(e as Error).message})`, { cause: e }); }
    return parseProviders(v, source);
  };
  if (env.SSO_PROVIDERS) return parse(env.SSO_PROVIDERS, 'SSO_PROVIDERS');
  if (env.SSO_PROVIDERS_FILE) return parse(readFileSync(env.SSO_PROVIDERS_FILE, 'utf8'), `SSO_PROVIDERS_FILE ${env.SSO_PROVIDERS_FILE}`);
  return undefined;
}

/** Comma-separated ADDITIONAL_REDIRECT_URLS (like GoTrue's URI allow list). */
export function redirectAllowListFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const v = env.ADDITIONAL_REDIRECT_URLS?.trim();
  return v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts where an http (non-TLS) issuer is accepted. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function providerForDomain(providers: SsoProviderConfig[], domain: string): SsoProviderConfig | undefined {
  const d = normalizeDomain(domain);
  return providers.find((p) => p.domains.includes(d));
}
