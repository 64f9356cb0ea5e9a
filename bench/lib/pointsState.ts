// The app's points load state for the benches, from its User Timing marks: each 'rail:points-state' mark
// ({ points, line, loading } in its detail, src/platform/loadMarks.ts) becomes window.__railPerf with the mark's time
// as `at`, so that the benches read one object whatever the build (older builds set window.__railPerf themselves).
// Added to a browser context with `context.addInitScript(POINTS_STATE_INIT)`.

export interface PointsState { points: number; line: string | null; loading: boolean; at: number }
declare global { interface Window { __railPerf?: PointsState } }

export const POINTS_STATE_INIT = () => {
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => {
    for (const e of list.getEntriesByName('rail:points-state')) {
      const d = (e as PerformanceMark).detail as Omit<PointsState, 'at'> | null;
      if (d) window.__railPerf = { points: d.points, line: d.line, loading: d.loading, at: e.startTime };
    }
  }).observe({ type: 'mark' });
};
