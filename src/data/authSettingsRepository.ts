// The auth server's public settings (GoTrue `GET /auth/v1/settings`, on the embedded server and on Supabase): whether
// single sign-on has a provider configured (`saml_enabled`). supabase-js has no call for it.
import { runtimeConfig } from './client';

/** True when a single sign-on provider is configured; false when none is, or when the settings cannot be read. */
export async function ssoConfigured(): Promise<boolean> {
  const cfg = runtimeConfig();
  if (!cfg) return false;
  const base = new URL(cfg.supabaseUrl || '/', window.location.origin).toString().replace(/\/$/, '');
  try {
    const res = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: cfg.supabaseAnonKey } });
    if (!res.ok) return false;
    const body = (await res.json()) as { saml_enabled?: boolean };
    return body.saml_enabled === true;
  } catch {
    return false;
  }
}
