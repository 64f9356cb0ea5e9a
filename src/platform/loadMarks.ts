// The phases of a page's first open as User Timing marks: `rail:<phase>` at its first occurrence on this
// page, seen in the performance panel's Timings track and read by the benches (bench/app/loadPhases.ts) to say where
// a cold or warm open's time goes without a trace (a trace slows a phone-class run by about 1.6×). A mark costs a
// few microseconds; later occurrences of a phase (a line switch, a refresh) add nothing. The points' load state has a
// mark at each of its changes ('rail:points-state').

export const LOAD_PHASES = [
  'sign-in-sent', // the password was sent
  'session', // the session is open: profile read (or cached), live updates and the first load started
  'lines', // the lines are read: the line shown is known
  'points-first-page', // the first page of points is in the index (cold open)
  'points-restored', // the index came back from the local replica (warm open)
  'points-adopted', // the whole index built in the point-index worker is in use (cold open)
  'points-loaded', // the points load is over
  'map-frame', // the first clusters from the cluster worker reach the points layer (drawn at the next frame)
] as const;
export type LoadPhase = (typeof LOAD_PHASES)[number];

/** Marks `phase` unless the page already holds its mark (at most a handful of marks: the lookup is cheap). */
export function markLoad(phase: LoadPhase): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `rail:${phase}`;
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

/** Resolves once `phase` is marked on this page (at once when it already is); never when marks are unavailable. */
export function whenMarked(phase: LoadPhase): Promise<void> {
  const name = `rail:${phase}`;
  return new Promise((resolve) => {
    if (typeof performance === 'undefined' || typeof PerformanceObserver === 'undefined') return;
    if (performance.getEntriesByName(name, 'mark').length) { resolve(); return; }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(name).length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'mark' });
  });
}

export interface PointsState { points: number; line: string | null; loading: boolean }

/** Marks the points' load state: how many points the app holds, of which line, whether a load is running. */
export function markPointsState(state: PointsState): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark('rail:points-state', { detail: state });
}
