// Maps provider (GoTrue), invitation and single sign-on errors to the French messages of docs/product.md#invitation-messages
// and #single-sign-on.
import { AUTH_FAILURE as T, SSO_FAILURE } from './authStrings';
import { fail, type Failure } from '../core/result';
import { ACCESS_REVOKED_TEXT } from './accessRevoked';

type ErrLike = { code?: unknown; message?: unknown; status?: unknown } | null | undefined;
const codeOf = (e: ErrLike) => (typeof e?.code === 'string' ? e.code : '');
const msgOf = (e: ErrLike) => (typeof e?.message === 'string' ? e.message : '');

/** The login-table message of docs/product.md#sign-in-messages for a sign-in or sign-up error. */
export function loginErrorMessage(err: unknown): string {
  const e = err as ErrLike;
  const code = codeOf(e);
  const msg = msgOf(e).toLowerCase();
  // A deactivated (or deleted) member is a banned user for Supabase Auth and the embedded server.
  if (code === 'user_banned' || msg.includes('user is banned')) return ACCESS_REVOKED_TEXT;
  if (code === 'email_not_confirmed' || msg.includes('email not confirmed')) return T.errEmailNotConfirmed;
  if (code === 'invalid_credentials' || msg.includes('invalid login credentials')) return T.errInvalidCredentials;
  if (code === 'user_already_exists' || code === 'email_exists' || msg.includes('already registered') || msg.includes('already been registered')) return T.errAlreadyRegistered;
  return T.errGeneric;
}

const KNOWN_TOKEN_MESSAGES: string[] = [T.tokenMissing, T.tokenInvalid, T.tokenExpired, T.tokenNotFound, T.tokenCheckError];

/** The message for a failed invitation check: the server's own French text when it is one of docs/product.md#invitation-messages. */
export function tokenErrorMessage(err: unknown): string {
  const msg = msgOf(err as ErrLike);
  const known = KNOWN_TOKEN_MESSAGES.find((m) => msg.includes(m));
  if (known) return known;
  const low = msg.toLowerCase();
  if (low.includes('expir')) return T.tokenExpired;
  if (low.includes('not found') || low.includes('introuvable') || low.includes('used') || low.includes('utilis')) return T.tokenNotFound;
  if (low.includes('invalid') || low.includes('invalide')) return T.tokenInvalid;
  return T.tokenCheckError;
}

/** The message for a failed invitation sign-up: token messages, the login table, else 'Erreur lors de la création du compte'. */
export function signupErrorMessage(err: unknown): string {
  const msg = msgOf(err as ErrLike);
  const known = KNOWN_TOKEN_MESSAGES.find((m) => msg.includes(m));
  if (known) return known;
  const login = loginErrorMessage(err);
  if (login !== T.errGeneric) return login;
  if (/invitation|token/i.test(msg)) return T.tokenInvalid;
  return T.accountError;
}

/** Why signInWithSSO failed (an error of supabase-js), as a failure with its French message. */
export function ssoStartFailure(error: { code?: string; status?: number } | null, domain: string): Failure {
  if (error?.code === 'sso_provider_not_found' || error?.status === 404) return fail('invalid', SSO_FAILURE.noProvider(domain));
  if (error?.code === 'sso_provider_unavailable' || error?.status === 502 || error?.status === 504) return fail('error', SSO_FAILURE.providerUnavailable);
  if (error?.code === 'sso_provider_disabled' || error?.code === 'saml_provider_disabled') return fail('refused', SSO_FAILURE.ssoDisabled);
  return fail('error', SSO_FAILURE.ssoError);
}
