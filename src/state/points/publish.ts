// Publishing the points index to the map: the index atom at once, the newest-first order (sorted in the point-index
// worker) a moment later, once per burst of changes.
import { sortNewestFirst } from '../../data/pointIndexSource';
import { currentSession } from '../../data/currentSession';
import { newestOrderAtom, pointIndexAtom } from '../pointIndex';
import { store } from '../store';
import { currentIndex, pointsState } from './session';

const ORDER_DELAY_MS = 120;

export function publish(): void {
  const s = pointsState();
  const ix = currentIndex();
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: s.indexLine });
  clearTimeout(s.orderTimer);
  s.orderTimer = setTimeout(() => void refreshOrder(), ORDER_DELAY_MS);
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
    if (scope.active && store.get(pointIndexAtom).index === ix && ix.version === version) store.set(newestOrderAtom, order);
    else s.orderAgain = true;
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
