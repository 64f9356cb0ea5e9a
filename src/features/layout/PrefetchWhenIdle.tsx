// Fetches code the user is likely to open next (the route report) once the first points load is over and the page
// is idle (requestIdleCallback: never during a gesture's frames), so its screen opens without waiting for the
// network and the module's evaluation (issue 19 item 4: at 1M points 'Rapport' waited about 200 ms for its chunk).
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { pointsLoadProgressAtom } from '../../state/pointIndex';

export function PrefetchWhenIdle({ load }: { load: () => Promise<unknown> }) {
  const { loading, loaded } = useAtomValue(pointsLoadProgressAtom);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || loading || loaded === 0 || typeof requestIdleCallback !== 'function') return;
    const id = requestIdleCallback(() => {
      done.current = true;
      load().catch(() => { /* offline or a new deploy: the screen loads (or says why) when opened */ });
    });
    return () => cancelIdleCallback(id);
  }, [loading, loaded, load]);
  return null;
}
