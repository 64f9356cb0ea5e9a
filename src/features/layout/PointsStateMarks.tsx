// The points' load state as User Timing marks: a 'rail:points-state' mark ({ points, line, loading } in its detail)
// at each change of how many points the app holds, of which line, and whether a load is running. Seen in the
// performance panel's Timings track and read by the benches. Renders nothing.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { dataLoadingAtom } from '../../state/tables';
import { pointIndexAtom, pointsLoadProgressAtom } from '../../state/pointIndex';
import { markPointsState } from '../../platform/loadMarks';

export function PointsStateMarks() {
  const snapshot = useAtomValue(pointIndexAtom);
  const points = snapshot.index.count;
  const line = snapshot.line ?? null;
  const tables = useAtomValue(dataLoadingAtom);
  const progress = useAtomValue(pointsLoadProgressAtom);
  const loading = tables || progress.loading;
  useEffect(() => { markPointsState({ points, line, loading }); }, [points, line, loading]);
  return null;
}
