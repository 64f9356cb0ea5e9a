// Where a single-sign-on flow may send the browser back to (no open redirects), and the Supabase-style
// return URLs: session in the fragment (implicit), ?code= (PKCE), or ?error=&error_code=&error_description=.
import { parseHttpUrl } from '../../src/core/addresses';

export interface RedirectPolicy {
  /** The SPA (SITE_URL); the fallback target, like GoTrue's Site URL. */
  siteUrl: string;
  /** Origins this server answers on (its public URL). */
  serverOrigins: string[];
  /** ADDITIONAL_REDIRECT_URLS: a target is allowed when it has the same origin and starts with the entry's path. */
  allowList: string[];
}


/** True when `target` is the site or the server (same origin) or inside an allow-list entry. */
export function isAllowedRedirect(target: string, policy: RedirectPolicy): boolean {
  const u = parseHttpUrl(target);
  if (!u || u.username || u.password) return false;
  const sameOrigin = [policy.siteUrl, ...policy.serverOrigins].some((o) => parseHttpUrl(o)?.origin === u.origin);
  if (sameOrigin) return true;
  return policy.allowList.some((entry) => {
    const e = parseHttpUrl(entry);
    if (!e || e.origin !== u.origin) return false;
    const prefix = e.pathname.endsWith('/') ? e.pathname : `${e.pathname}/`;
    return u.pathname === e.pathname || u.pathname.startsWith(prefix);
  });
}

/**
 * The validated return target without its fragment; an absent or foreign target falls back to the
 * site URL (what GoTrue does), so the IdP round trip can never end on a third-party page.
 */
export function resolveRedirect(requested: unknown, policy: RedirectPolicy): string {
  if (typeof requested === 'string' && requested && isAllowedRedirect(requested, policy)) {
    const u = new URL(requested);
    u.hash = '';
    return u.toString();
  }
  return policy.siteUrl;
}

export interface SessionFragment { access_token: string; token_type: string; expires_in: number; expires_at: number; refresh_token: string }

/** redirect_to#access_token=…&token_type=bearer&expires_in=…&expires_at=…&refresh_token=… */
export function implicitRedirect(target: string, s: SessionFragment): string {
  const u = new URL(target);
  u.hash = new URLSearchParams({
    access_token: s.access_token, token_type: s.token_type, expires_in: String(s.expires_in),
    expires_at: String(s.expires_at), refresh_token: s.refresh_token,
  }).toString();
  return u.toString();
}

/** redirect_to?code=… (PKCE: the client exchanges it at /token?grant_type=pkce). */
export function codeRedirect(target: string, code: string): string {
  const u = new URL(target);
  u.searchParams.set('code', code);
  return u.toString();
}

/** redirect_to?error=…&error_code=…&error_description=… */
export function errorRedirect(target: string, error: string, errorCode: string, description: string): string {
  const u = new URL(target);
  u.hash = '';
  u.searchParams.set('error', error);
  u.searchParams.set('error_code', errorCode);
  u.searchParams.set('error_description', description);
  return u.toString();
}
