// Session actions: startup (config, client, session, profile), sign-in, invitation sign-up, sign-out (clears all state).
import type { Session } from '@supabase/supabase-js';
import { ACCOUNT_DISABLED_HINT, initSupabase, loadRuntimeConfig, onAccountDisabled, supabase } from '../data/client';
import { accessRevokedAtom } from './accessRevoked';
import * as repo from '../data/tableRepositories';
import type { Profile } from '../core/types';
import { authReadyAtom, profileAtom, sessionAtom } from './session';
import { bootErrorAtom } from './status';
import { startLive, stopLive } from './live';
import { beginUserSession, currentSession, endUserSession } from './userSession';
import { definePart } from '../core/session/scope';
import { endPointsSession, restorePoints } from './pointsCollection';
import { prewarmPointIndexWorker } from '../data/pointIndexSource';
import { bindReplica } from '../data/replica';
import { hasRememberedLine, initialLine } from './lineActions';
import { currentLineIdAtom } from './tables';
import { pendingLinkSearch } from './links';
import { store } from './store';
import { DATA_TEXT } from './strings';
import { AUTH_FAILURE } from './authStrings';
import { loginErrorMessage, signupErrorMessage } from './authErrors';
import { fail, ok, type Failure, type Result } from '../core/result';
import { resetSessionState } from './signOutReset';
import { forgetCachedPhotos } from '../platform/photoCache';
import { startOffline } from './offline';
import { markLoad } from '../platform/loadMarks';
import { cachedProfile, forgetProfile, forgetStoredSession, restoreSession } from './offline/session';
import { showSnapshotLines } from './offline/snapshot';

/** How long the main screen may wait for the device's copy of the lines (read while the profile is asked for). */
const DEVICE_LINES_WAIT_MS = 300;

let started = false; // once per page (see SESSION_STATE_EXCEPTIONS): the client and its auth listener outlive sessions

/** The session's sign-in under way (one per user session) and a revocation being handled. */
const authPart = definePart('auth', () => ({ entering: null as Promise<void> | null, revoking: null as Promise<void> | null }));

/** Loads /config.json, creates the client, restores the session and its profile; then follows auth changes. */
export async function bootstrap(): Promise<void> {
  if (started) return;
  started = true;
  try {
    initSupabase(await loadRuntimeConfig());
  } catch (err) {
    console.error(err);
    store.set(bootErrorAtom, DATA_TEXT.configError);
    return;
  }
  // A deactivated account: every request is refused (HTTP 403, hint account_disabled); close the session and say why.
  onAccountDisabled(() => { void endRevokedSession(); });
  startOffline();
  // Offline with an expired access token: opens on the stored session, refreshed when the network returns.
  const session = await restoreSession();
  if (session) await enterSession(session);
  store.set(authReadyAtom, true);
  supabase().auth.onAuthStateChange((event, session) => {
    // Never await supabase calls inside this callback (supabase-js holds its lock): defer.
    setTimeout(() => {
      if (event === 'SIGNED_OUT' || !session) {
        if (store.get(sessionAtom)) clearSession();
      } else if (event === 'SIGNED_IN' && store.get(sessionAtom)?.user.id !== session.user.id) {
        // Only if still the current session (a deactivated account's session may be closed meanwhile).
        void supabase().auth.getSession().then(({ data: cur }) => {
          if (cur.session?.access_token === session.access_token) void enterSession(session);
        });
      } else {
        store.set(sessionAtom, session);
      }
    }, 0);
  });
}

/**
 * Opens the user's session (src/state/userSession.ts), sets it, creates a missing profile (docs/product.md#session),
 * starts live updates and the first load. Another user signed in on this page: the previous session is cleared first.
 */
export function enterSession(session: Session): Promise<void> {
  const previous = currentSession().userId;
  if (previous !== null && previous !== session.user.id) clearSession();
  const auth = beginUserSession(session.user.id).part(authPart);
  if (auth.entering) return auth.entering;
  auth.entering = (async () => {
    // The replica's database opened and its owner read while the profile and the lines are asked for
    // (a cold open's first pages wait for that answer); restorePoints below uses this binding and reports its failures.
    bindReplica(session.user.id).mine.catch(() => undefined); // restorePoints reports it
    // Reopened online, the device's copy of the lines meanwhile: the main screen opens on the remembered line's own
    // image (a first visit has none: nothing is read, the first pages' wait for the replica's owner is not delayed).
    const deviceLines = navigator.onLine && hasRememberedLine(session.user.id)
      ? showSnapshotLines(session.user.id).catch((e) => console.warn('Instantané hors ligne illisible', e))
      : Promise.resolve();
    let profile: Profile | null = null;
    try {
      // Offline, the cached profile is used at once (a request would wait for the token refresh, up to 30 s).
      profile = navigator.onLine ? await repo.ensureProfile(session.user.id, session.user.email ?? '') : null;
    } catch (err) {
      if ((err as { hint?: unknown } | null)?.hint === ACCOUNT_DISABLED_HINT) {
        await endRevokedSession();
        return;
      }
      console.error('Profil introuvable', err);
    }
    if (profile && profile.active === false) {
      await endRevokedSession();
      return;
    }
    await Promise.race([deviceLines, new Promise((done) => setTimeout(done, DEVICE_LINES_WAIT_MS))]);
    store.set(accessRevokedAtom, false);
    // The role defaults to user (docs/product.md#session).
    store.set(profileAtom, profile ?? cachedProfile(session.user.id) ?? { id: session.user.id, email: session.user.email ?? '', role: 'user', teamId: null });
    store.set(sessionAtom, session);
    markLoad('session');
    store.set(currentLineIdAtom, initialLine(session.user.id, pendingLinkSearch()));
    void restorePoints(session.user.id); // a warm open draws the map of that line from the local replica at once
    void prewarmPointIndexWorker().catch(() => undefined); // its script and token ready before the first page is asked for
    // An admin ending this access signs every open page out at once, idle or not (docs/product.md#session).
    void startLive({ userId: session.user.id, onAccessRevoked: () => { void endRevokedSession(); } });
  })();
  return auth.entering;
}

/** Closes the local session of a deactivated account and keeps the reason for the login screen (once at a time). */
function endRevokedSession(): Promise<void> {
  const auth = currentSession().part(authPart);
  auth.revoking ??= (async () => {
    stopLive();
    await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined); // the local session is forgotten below anyway
    forgetStoredSession();
    forgetProfile();
    clearSession();
    store.set(accessRevokedAtom, true);
  })().finally(() => { auth.revoking = null; });
  return auth.revoking;
}

function clearSession(): void {
  stopLive();
  // Ends everything the user's session owned; loads and saves still in flight for it write nothing.
  endUserSession();
  // Sign-out clears the local replica too (the next user of this browser must not see these data).
  void endPointsSession(true);
  void forgetCachedPhotos(); // the photos this user viewed, kept by the service worker
  resetSessionState();
  store.set(authReadyAtom, true);
}

/** A refusal of the provider (docs/product.md#sign-in-messages) or an unexpected error, with its message. */
const authFailure = (message: string): Failure => fail(message === AUTH_FAILURE.errGeneric || message === AUTH_FAILURE.accountError ? 'error' : 'refused', message);

export async function signIn(email: string, password: string): Promise<Result> {
  markLoad('sign-in-sent');
  const { data, error } = await supabase().auth.signInWithPassword({ email: email.trim(), password });
  if (error || !data.session) return authFailure(loginErrorMessage(error ?? new Error('no session')));
  await enterSession(data.session);
  return ok();
}

/** The invited email for a token; throws the RPC error; null when unknown, used or expired. */
export function checkInvitation(token: string): Promise<string | null> {
  return repo.validateInvitation(token);
}

/** Creates the account of an invitation. The value is false when the server asks for an email confirmation (no session yet). */
export async function signUpWithInvitation(token: string, email: string, password: string): Promise<Result<boolean>> {
  const { data, error } = await supabase().auth.signUp({ email, password, options: { data: { invitation_token: token } } });
  if (error) return authFailure(signupErrorMessage(error));
  if (data.session) {
    await enterSession(data.session);
    return ok(true);
  }
  return ok(false);
}

/** Signs out (local session even when the server is unreachable) and clears all data and state (docs/product.md#session). */
export async function signOut(): Promise<void> {
  stopLive();
  try {
    await supabase().auth.signOut();
  } catch (err) {
    console.warn('Déconnexion serveur impossible', err);
    await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined); // clearSession below ends the session here anyway
  }
  clearSession();
}
