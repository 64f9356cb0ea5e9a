// Routes of docs/product.md#routes: /auth/callback (SSO return), /invitation?token=… (login in invite mode), /accessibilite
// (the accessibility statement, signed in or not), / (main or login).
import { useDeferredValue, useEffect, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { authReadyAtom, profileAtom, sessionAtom } from './state/session';
import { bootErrorAtom } from './state/status';
import { bootstrap } from './state/auth';
import { LoadingScreen } from './features/layout/LoadingScreen';
import { MainScreen } from './features/layout/MainScreen';
import { LoginScreen } from './features/auth/LoginScreen';
import { AuthCallback } from './features/auth/AuthCallback';
import { Toaster } from './ui';
import { UpdatePrompt } from './features/offline/UpdatePrompt';
import { AccessibilityPage } from './features/accessibility/AccessibilityPage';
import { ACCESSIBILITY_PATH } from './features/accessibility/navigate';

const LOCATION_EVENT = 'locationchange';
function subscribeLocation(cb: () => void) {
  window.addEventListener('popstate', cb);
  window.addEventListener(LOCATION_EVENT, cb);
  return () => { window.removeEventListener('popstate', cb); window.removeEventListener(LOCATION_EVENT, cb); };
}
const getHref = () => window.location.href;

// history.replaceState/pushState do not fire popstate: announce them so the routes follow.
for (const fn of ['pushState', 'replaceState'] as const) {
  const orig = window.history[fn].bind(window.history);
  window.history[fn] = (...args: Parameters<History['pushState']>) => { orig(...args); window.dispatchEvent(new Event(LOCATION_EVENT)); };
}

/** The SSO return: /auth/callback, or a query/hash holding an access token or a code (docs/product.md#routes). */
export function isAuthCallback(loc: Location): boolean {
  if (loc.pathname.startsWith('/auth/callback')) return true;
  const q = new URLSearchParams(loc.search);
  return q.has('code') || q.has('access_token') || /(^#|&)access_token=/.test(loc.hash);
}

export function App() {
  useSyncExternalStore(subscribeLocation, getHref);
  const ready = useAtomValue(authReadyAtom);
  const session = useAtomValue(sessionAtom);
  const profile = useAtomValue(profileAtom);
  const bootError = useAtomValue(bootErrorAtom);
  useEffect(() => { void bootstrap(); }, []);
  // Signing in, the main screen is mounted in a deferred (time-sliced) render: its first render does not hold the
  // main thread in one long task while the sign-in's first answers (lines, the point pages) arrive.
  // Leaving it (sign-out) is immediate.
  const wantMain = !!(session && profile);
  const mainReady = useDeferredValue(wantMain);

  const loc = window.location;
  let screen;
  if (loc.pathname === ACCESSIBILITY_PATH) screen = <AccessibilityPage />;
  else if (!ready) screen = <LoadingScreen error={bootError} />;
  else if (isAuthCallback(loc)) screen = <AuthCallback />;
  else if (wantMain && mainReady) screen = <MainScreen />;
  else if (wantMain) screen = <LoadingScreen error={null} />;
  else {
    const token = new URLSearchParams(loc.search).get('token');
    const invite = loc.pathname.startsWith('/invitation') || token !== null;
    screen = <LoginScreen key={invite ? 'invite' : 'signin'} inviteToken={invite ? token ?? '' : null} />;
  }
  return (
    <>
      {screen}
      <Toaster />
      <UpdatePrompt />
    </>
  );
}
