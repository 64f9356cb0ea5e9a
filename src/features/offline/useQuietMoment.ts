// When the service worker may be registered without slowing the first open (issue 19): its install precaches the
// app shell and the line tiles (~2 s of CPU on a 2-core machine, measured in bench coldOpen), so it waits until no
// sign-in and no points load is under way for QUIET_MS (the login screen left alone, or the first load done), and
// never longer than MAX_WAIT_MS after the app started.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { pointsLoadProgressAtom } from '../../state/pointIndex';
import { sessionAtom } from '../../state/session';

export const QUIET_MS = 3000;
export const MAX_WAIT_MS = 30_000;

/** True from the first quiet moment on (it never goes back to false). */
export function useQuietMoment(): boolean {
  const loading = useAtomValue(pointsLoadProgressAtom).loading;
  const signedIn = !!useAtomValue(sessionAtom);
  const [seenLoad, setSeenLoad] = useState(false);
  const [quiet, setQuiet] = useState(false);
  if (loading && !seenLoad) setSeenLoad(true);
  // Signed in but the first load not begun yet (profile, lines): still busy.
  const busy = loading || (signedIn && !seenLoad);
  useEffect(() => {
    const t = setTimeout(() => setQuiet(true), MAX_WAIT_MS);
    return () => clearTimeout(t);
  }, []);
  useEffect(() => {
    if (busy || quiet) return;
    const t = setTimeout(() => setQuiet(true), QUIET_MS);
    return () => clearTimeout(t);
  }, [busy, quiet]);
  return quiet;
}
