// Single sign-on actions: start signInWithSSO for a work-email domain, and obtain the session on /auth/callback
// (fragment already read by supabase-js, a PKCE ?code=, or tokens in the query).
import type { AuthError, Session } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import { ssoConfigured } from '../data/authSettingsRepository';

export { ssoConfigured };
import { store } from './store';
import { sessionAtom } from './session';

export type SsoStart = { url: string | null; error: AuthError | null };

/** Asks the backend for the identity provider's URL; the caller navigates to it. */
export async function startSso(domain: string, redirectTo: string): Promise<SsoStart> {
  const { data, error } = await supabase().auth.signInWithSSO({ domain, options: { redirectTo, skipBrowserRedirect: true } });
  return { url: data?.url ?? null, error };
}

export interface CallbackTokens { code?: string; access_token?: string; refresh_token?: string }

/** The session of an SSO return, or null when the URL carried none. Throws the supabase error on failure. */
export async function sessionFromCallback(p: CallbackTokens): Promise<Session | null> {
  let session: Session | null = store.get(sessionAtom) ?? (await supabase().auth.getSession()).data.session;
  if (!session && p.code) {
    const { data, error } = await supabase().auth.exchangeCodeForSession(p.code);
    if (error) throw error;
    session = data.session;
  }
  if (!session && p.access_token && p.refresh_token) {
    const { data, error } = await supabase().auth.setSession({ access_token: p.access_token, refresh_token: p.refresh_token });
    if (error) throw error;
    session = data.session;
  }
  return session;
}
