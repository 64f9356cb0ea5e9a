// The points collection's state, a part of the user's session: the sync cursor, the index's line, the work under way
// and the timers of the order and of the replica save (stopped when the session ends).
import { definePart } from '../../core/session/scope';
import { createPointIndex } from '../../core/pointIndex/store';
import type { PointIndex } from '../../core/pointIndex/types';
import { currentSession } from '../../data/currentSession';
import type { Result } from '../../core/result';
import { EMPTY_POINT_INDEX, pointIndexAtom } from '../pointIndex';
import { store } from '../store';

export interface PointsState {
  /** Reading time of the last complete load or sync (ms): every change before it is applied. */
  cursorMs: number;
  /** The cursor of the line's replica record as last written or read (0: not known). */
  savedCursorMs: number;
  /** The first load of the index's line finished. */
  loaded: boolean;
  /** The line whose points the index holds (null: every line / not known yet). */
  indexLine: string | null;
  syncing: Promise<Result> | null;
  orderTimer: ReturnType<typeof setTimeout> | undefined;
  orderRunning: boolean;
  orderAgain: boolean;
  saveTimer: ReturnType<typeof setTimeout> | undefined;
  savePending: boolean;
  /** The restore from the replica under way (one per user and line; a restore no longer here is dropped). */
  restoring: { user: string; line: string | null; done: Promise<boolean> } | null;
}

const pointsPart = definePart('points', (): PointsState => ({
  cursorMs: 0, savedCursorMs: 0, loaded: false, indexLine: null, syncing: null,
  orderTimer: undefined, orderRunning: false, orderAgain: false,
  saveTimer: undefined, savePending: false, restoring: null,
}), (s) => {
  clearTimeout(s.orderTimer);
  clearTimeout(s.saveTimer);
  s.syncing = null;
  s.restoring = null;
});

/** The current session's points state. */
export const pointsState = (): PointsState => currentSession().part(pointsPart);

/** The index shown (created empty on first use). */
export function currentIndex(): PointIndex {
  let ix = store.get(pointIndexAtom).index;
  if (ix === EMPTY_POINT_INDEX) {
    ix = createPointIndex(4096);
    store.set(pointIndexAtom, { index: ix, version: ix.version, line: pointsState().indexLine });
  }
  return ix;
}
