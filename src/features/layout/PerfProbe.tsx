// Load figures for benchmarks and tests : window.__railPerf = { points, loading, at } where `points` is
// how many points the app holds, `line` the line they are of and `loading` whether a load is still running.
// Renders nothing.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { dataLoadingAtom } from '../../state/tables';
import { pointIndexAtom, pointsLoadProgressAtom } from '../../state/pointIndex';

export interface RailPerf { points: number; line: string | null; loading: boolean; at: number }
declare global { interface Window { __railPerf?: RailPerf } }

export function PerfProbe() {
  const snapshot = useAtomValue(pointIndexAtom);
  const points = snapshot.index.count;
  const line = snapshot.line ?? null;
  const tables = useAtomValue(dataLoadingAtom);
  const progress = useAtomValue(pointsLoadProgressAtom);
  const loading = tables || progress.loading;
  useEffect(() => { window.__railPerf = { points, line, loading, at: performance.now() }; }, [points, line, loading]);
  return null;
}
