// The one seam between the offline mode and the points state (compact index with details on
// demand, ./pointsCollection and ./pointDetails). Everything the outbox needs from the points lives here.
// The local replica persists the points; the offline snapshot (./snapshot) keeps the small tables only.
import type { Point } from '../../core/types';
import { overlayViews } from '../../core/outbox/overlay';
import type { OutboxItem } from '../../core/outbox/types';
import { touchesPoint } from '../../core/outbox/bulk';
import { pointDetails } from '../pointDetails';
import { pointDetailsVersionAtom, pointIndexAtom } from '../pointIndex';
import { hasPoint, patchPoints, showsPoint } from '../pointsCollection';
import { store } from '../store';
import { offlineAtom, outboxItemsAtom } from './atoms';

/** The point as the device shows it now (with a waiting change laid over it), or null. */
export const currentPoint = (id: string): Point | null => (hasPoint(id) ? pointDetails(id) ?? null : null);

/**
 * The point a form should edit without asking the server: the device's version when offline or when a change of
 * it waits in the outbox (null: not on the device); undefined when the server's current version should be read.
 */
export function localPointToEdit(id: string): Point | null | undefined {
  if (!store.get(offlineAtom) && !store.get(outboxItemsAtom).some((i) => touchesPoint(i.op, id))) return undefined;
  return currentPoint(id);
}

/** Shows (inserts or replaces) points and removes ids on the map and in the lists. */
export const showPoints = (upserts: Point[], removedIds: string[] = []): void => patchPoints(upserts, removedIds);

/** Lays the outbox's waiting changes over the points; writes nothing when they already show. */
export function showOverlayOf(items: readonly OutboxItem[]): void {
  if (!items.length) return;
  const ups: Point[] = [];
  const gone: string[] = [];
  for (const [id, view] of overlayViews(items)) {
    if (!view) { if (hasPoint(id)) gone.push(id); continue; }
    if (!showsPoint(view)) ups.push(view);
  }
  if (ups.length || gone.length) patchPoints(ups, gone, true);
}

/** Calls `cb` after every change of the points (index or details: a load or a fetch may replace a shown change). */
export const onPointsChanged = (cb: () => void): (() => void) => {
  const a = store.sub(pointIndexAtom, cb);
  const b = store.sub(pointDetailsVersionAtom, cb);
  return () => { a(); b(); };
};
