// First-load progress: how many points are in and how many are to come, over the map, which is
// usable meanwhile; and the one message when the browser refuses local storage (the app works from memory).
import { useAtomValue } from 'jotai';
import { ProgressBar } from '../../ui';
import { dataLoadingAtom } from '../../state/tables';
import { pointsLoadProgressAtom, replicaErrorAtom } from '../../state/pointIndex';
import { LAYOUT_TEXT as T } from './strings';

/** Show the running count only for large loads. */
const LOAD_COUNT_VISIBLE_FROM = 2000; // points

export function PointsLoadProgress() {
  const loading = useAtomValue(dataLoadingAtom);
  const p = useAtomValue(pointsLoadProgressAtom);
  const replicaError = useAtomValue(replicaErrorAtom);
  const streaming = p.loading && !p.fromReplica;
  const total = p.total && p.total >= p.loaded ? p.total : null;
  return (
    <>
      {(loading || streaming) && (
        <div className="load-progress" role="status">
          <ProgressBar label={T.loading} value={streaming && total ? p.loaded / total : undefined} />
          {streaming && p.loaded >= LOAD_COUNT_VISIBLE_FROM && (
            <span className="load-count" data-testid="points-load-count">{T.loadingPointsOf(p.loaded, total)}</span>
          )}
        </div>
      )}
      {replicaError && <div className="replica-warning" role="status">{replicaError}</div>}
    </>
  );
}
