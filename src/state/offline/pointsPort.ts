// The one seam between the offline mode and the points state (issue 11 ↔ issue 10): everything the outbox needs
// from the points lives here, so moving from the points array (main today) to the compact index with details on
// demand (issue 10) means rewriting this file only:
//   currentPoint(id)          → pointDetails(id) (with its updatedAt) from ./pointDetails
//   showPoints(ups, removed)  → patchPointRows(rows with id, updated_at, created_at, created_by, teams.name)
//   onPointsChanged(cb)       → store.sub(pointIndexAtom, cb)
//   pointsForSnapshot/restorePointsSnapshot → not needed: the replica persists the points (keep the small tables)
import type { Point } from '../../core/types';
import { applyOverlay } from '../../core/outbox/overlay';
import type { OutboxItem } from '../../core/outbox/types';
import { pointsAtom } from '../data';
import { patchPoints } from '../actions';
import { store } from '../store';

/** The point as the device shows it now (with a waiting change laid over it), or null. */
export const currentPoint = (id: string): Point | null => store.get(pointsAtom).find((p) => p.id === id) ?? null;

/** Shows (inserts or replaces) points and removes ids on the map and in the lists. */
export const showPoints = (upserts: Point[], removedIds: string[] = []): void => patchPoints(upserts, removedIds);

/** Lays the outbox's waiting changes over the points; writes nothing when they already show. */
export function showOverlayOf(items: readonly OutboxItem[]): void {
  const points = store.get(pointsAtom);
  const next = applyOverlay(points, items);
  if (next !== points) store.set(pointsAtom, next as Point[]);
}

/** Calls `cb` after every change of the points state (a load replaces it: the overlay is laid again). */
export const onPointsChanged = (cb: () => void): (() => void) => store.sub(pointsAtom, cb);

export const pointsForSnapshot = (): Point[] => store.get(pointsAtom);
export const restorePointsSnapshot = (points: Point[], items: readonly OutboxItem[]): void => {
  store.set(pointsAtom, applyOverlay(points, items) as Point[]);
};
