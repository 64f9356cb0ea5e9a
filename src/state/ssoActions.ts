// Single sign-on actions: start signInWithSSO for a work-email domain, and complete the return on /auth/callback
// (fragment already read by supabase-js, a PKCE ?code=, or tokens in the query).
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import { ssoConfigured } from '../data/authSettingsRepository';

export { ssoConfigured };
import { store } from './store';
import { sessionAtom } from './session';
import { enterSession } from './auth';
import { ssoStartFailure } from './authErrors';
import { SSO_FAILURE } from './authStrings';
import { fail, ok, type Failure, type Result } from '../core/result';

/**
 * Asks the backend for the identity provider's URL for a work-email domain (the caller navigates to it): the URL,
 * or why there is none (`invalid` no provider for the domain, `refused` SSO off, `error` provider or server failed).
 */
export async function startSso(domain: string, redirectTo: string): Promise<Result<string>> {
  try {
    const { data, error } = await supabase().auth.signInWithSSO({ domain, options: { redirectTo, skipBrowserRedirect: true } });
    if (error) { console.error('SSO', error); return ssoStartFailure(error, domain); }
    return data?.url ? ok(data.url) : fail('error', SSO_FAILURE.missingUrl);
  } catch (err) {
    console.error('SSO', err);
    return fail('error', SSO_FAILURE.ssoError);
  }
}

export interface CallbackTokens { code?: string; access_token?: string; refresh_token?: string }

/** A failed SSO return: the message, and the provider's error code and description shown with it. */
export type SsoCallbackFailure = Failure & { readonly code: string | null; readonly description: string | null };

/**
 * Completes an SSO return on /auth/callback: the session from the URL (fragment read by supabase-js, a PKCE ?code=
 * exchanged, or tokens in the query), then the user's session entered (a missing profile created,
 * docs/product.md#session). Fails `gone` when the URL carried no session, `refused` with the provider's error.
 */
export async function completeSsoCallback(p: CallbackTokens): Promise<Exclude<Result, Failure> | SsoCallbackFailure> {
  try {
    const session = await sessionFromCallback(p);
    if (!session) return { ...fail('gone', SSO_FAILURE.ssoAuthError), code: null, description: SSO_FAILURE.noSession };
    await enterSession(session); // creates a missing profile (first one admin)
    return { ok: true, value: undefined };
  } catch (err) {
    console.error('SSO callback', err);
    const e = err as { message?: string; code?: string };
    return { ...fail('refused', SSO_FAILURE.ssoAuthError), code: e.code ?? null, description: e.message ?? null };
  }
}

/** The session of an SSO return, or null when the URL carried none. Throws the supabase error on failure. */
async function sessionFromCallback(p: CallbackTokens): Promise<Session | null> {
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
