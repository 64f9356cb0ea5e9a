// Publishing the points index: the index atom at once, the newest-first order (sorted in the point-index worker) once
// per burst of changes, or both at once when the worker built them together.
import { sortNewestFirst } from '../../data/pointIndexSource';
import { currentSession } from '../../data/currentSession';
import { newestOrderAtom, pointIndexAtom } from '../pointIndex';
import { store } from '../store';
import { currentIndex, pointsState } from './session';
import type { PointIndex } from '../../core/pointIndex/types';
import type { ClusterColumns } from '../../core/cluster/types';
import type { IndexViews } from '../../core/pointIndex/queries';
import { offerClusterColumns } from '../clusterColumnsHandoff';

const ORDER_DELAY_MS = 120;
/** The index version each published newest-first order was sorted for (weak: an index let go takes its entry along). */
const sortedVersion = new WeakMap<PointIndex, number>();
const orderIsCurrent = (ix: PointIndex) => sortedVersion.get(ix) === ix.version;

export function publish(): void {
  const s = pointsState();
  const ix = currentIndex();
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: s.indexLine });
  clearTimeout(s.orderTimer);
  s.orderTimer = setTimeout(() => void refreshOrder(), ORDER_DELAY_MS);
}

/** Shows an index made by the point-index API with its order (null: sort it), cluster columns and views. Subscribers
 * may lay changes over it at once (the outbox's waiting changes): the order is then sorted again, the views dropped. */
export function showIndex(ix: PointIndex, order: Int32Array | null, cluster: ClusterColumns | undefined, views?: IndexViews): void {
  offerClusterColumns(ix, cluster);
  const version = ix.version;
  store.set(pointIndexAtom, { index: ix, version, line: pointsState().indexLine, views: order ? views : undefined });
  if (order && ix.version === version) publishSorted(order, views); else publish();
}

/** Publishes an index whose newest-first order is already sorted: no re-sort. */
function publishSorted(order: Int32Array, views: IndexViews | undefined): void {
  const s = pointsState();
  const ix = currentIndex();
  clearTimeout(s.orderTimer);
  sortedVersion.set(ix, ix.version);
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: s.indexLine, views });
  store.set(newestOrderAtom, order);
}

async function refreshOrder(): Promise<void> {
  const scope = currentSession();
  const s = pointsState();
  if (s.orderRunning) { s.orderAgain = true; return; }
  s.orderRunning = true;
  try {
    const ix = currentIndex();
    const version = ix.version;
    const order = await sortNewestFirst(ix);
    if (scope.active && store.get(pointIndexAtom).index === ix && ix.version === version) { sortedVersion.set(ix, version); store.set(newestOrderAtom, order); }
    else if (!orderIsCurrent(store.get(pointIndexAtom).index)) s.orderAgain = true;
  } catch (e) {
    if (scope.active) console.error('Tri des signalements impossible', e);
  } finally {
    s.orderRunning = false;
    if (s.orderAgain && scope.active) { s.orderAgain = false; s.orderTimer = setTimeout(() => void refreshOrder(), ORDER_DELAY_MS); }
  }
}

/** The sync cursor moves to a newer reading time. */
export function advanceCursor(asOf: string | null | undefined): void {
  if (!asOf) return;
  const ms = Date.parse(asOf);
  const s = pointsState();
  if (Number.isFinite(ms) && ms > s.cursorMs) s.cursorMs = ms;
}
