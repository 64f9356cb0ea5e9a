// Fetches code the user is likely to open next (the route report) once the first points load is over, the hand has
// rested a second (../offline/useQuietMoment: no press, drag, wheel or key) and the page is idle (requestIdleCallback),
// so its screen opens without waiting for the network and the module's evaluation, and that evaluation never lands
// in a pan or a zoom on a phone.
import { useEffect, useRef } from 'react';
import { useQuietMoment } from '../offline/useQuietMoment';

/** Quiet time before the prefetch (ms): shorter than the service worker's 3 s, the module is small. */
export const PREFETCH_QUIET_MS = 1000;

export function PrefetchWhenIdle({ load }: { load: () => Promise<unknown> }) {
  const quiet = useQuietMoment({ quietMs: PREFETCH_QUIET_MS });
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !quiet) return;
    const start = () => {
      done.current = true;
      load().catch(() => { /* offline or a new deploy: the screen loads (or says why) when opened */ });
    };
    if (typeof requestIdleCallback !== 'function') { start(); return; }
    const id = requestIdleCallback(start);
    return () => cancelIdleCallback(id);
  }, [quiet, load]);
  return null;
}
