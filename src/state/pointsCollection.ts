// The points collection: the one place that loads, syncs, patches, saves and deletes
// points. State: the compact index (./pointIndex), details on demand (./pointDetails), and the collection's own
// per-session state (./points/session.ts, a part of the user's session: it ends with it). The parts:
//   ./points/load.ts     loadPoints() first load of a session or of a line (replica at once, then what changed; else
//                        every point page by page, progress in pointsLoadProgressAtom); syncPoints() what changed
//                        since the last sync (updates and tombstones), e.g. after a realtime reconnect
//   ./points/replica.ts  restorePoints() the map from the local replica at once; the debounced replica save
//   ./points/patch.ts    patchPoints(): domain points (saves, outbox views); patchIndexInPlace(): bulk changes;
//                        removePoints(): deletions
//   ./points/publish.ts  the index atom and its newest-first order
// A point's changes are written through the outbox (./offline: docs/architecture.md#where-a-point-is-written). Every
// write is dropped once the session that started it has ended (sign-out).
import { clearReplica } from '../data/replica';
import { clearPointDetails } from './pointDetails';
import { setReplicaEnabled } from './replicaStatus';
import { clearLineIndexes } from './recentLineIndexes';

export { loadPoints, syncPoints, SYNC_AFTER_SWITCH_MS, SYNC_OVERLAP_MS } from './points/load';
export { restorePoints } from './points/replica';
export { hasPoint, patchIndexInPlace, patchPoints, removePoints, showsPoint } from './points/patch';

/**
 * Sign-out (after the user's session ended: its points state and timers went with it): the parked lines and the
 * details go; `wipe` also empties the replica.
 */
export async function endPointsSession(wipe: boolean): Promise<void> {
  clearLineIndexes();
  clearPointDetails();
  setReplicaEnabled(false);
  if (wipe) await clearReplica();
}
