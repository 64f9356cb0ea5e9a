// When the service worker may be registered without slowing the first open or the hand: its install
// precaches the app shell and the line tiles (seconds of CPU on a small machine: docs/performance.md), so it
// waits until no sign-in and no points load is
// under way and the user has not touched the page (pointer, wheel, key) for QUIET_MS, and never longer than
// MAX_WAIT_MS after the app started.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { pointsLoadProgressAtom } from '../../state/pointIndex';
import { sessionAtom } from '../../state/session';

export const QUIET_MS = 3000;
export const MAX_WAIT_MS = 30_000;

/** What counts as the user's hand at work: a press, a drag (a move with a button or finger down), a wheel, a key. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'wheel', 'keydown'] as const;
const isInput = (e: Event) => e.type !== 'pointermove' || (e as PointerEvent).buttons !== 0;

/** True from the first quiet moment on (it never goes back to false). The delays can be given for tests. */
export function useQuietMoment({ quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS } = {}): boolean {
  const loading = useAtomValue(pointsLoadProgressAtom).loading;
  const signedIn = !!useAtomValue(sessionAtom);
  const [seenLoad, setSeenLoad] = useState(false);
  const [quiet, setQuiet] = useState(false);
  if (loading && !seenLoad) setSeenLoad(true);
  // Signed in but the first load not begun yet (profile, lines): still busy.
  const busy = loading || (signedIn && !seenLoad);
  useEffect(() => {
    const t = setTimeout(() => setQuiet(true), maxWaitMs);
    return () => clearTimeout(t);
  }, [maxWaitMs]);
  useEffect(() => {
    if (busy || quiet) return;
    // The last input's time is kept outside React: an event costs one assignment, never a render.
    let lastInputAt = performance.now();
    const onInput = (e: Event) => { if (isInput(e)) lastInputAt = performance.now(); };
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = quietMs - (performance.now() - lastInputAt);
      if (left <= 0) setQuiet(true);
      else timer = setTimeout(check, left);
    };
    timer = setTimeout(check, quietMs);
    return () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [busy, quiet, quietMs]);
  return quiet;
}
