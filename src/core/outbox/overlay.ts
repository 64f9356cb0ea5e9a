// The device's view of the points: the loaded (server) points with the outbox's waiting changes laid over them,
// so a change made offline shows at once on the map and in the lists, and survives a reload from the server.
import type { Point } from '../types';
import { bySeq } from './order';
import type { OutboxItem } from './types';

/** The final view per point id (null: deleted on the device). */
export function overlayViews(items: readonly OutboxItem[]): Map<string, Point | null> {
  const views = new Map<string, Point | null>();
  for (const i of [...items].sort(bySeq)) views.set(i.op.pointId, i.view);
  return views;
}

/**
 * `points` with the overlay applied; the very same array when it already shows every view (by reference),
 * so a subscriber that re-applies the overlay after each load never loops. New points go first (newest first).
 */
export function applyOverlay(points: readonly Point[], items: readonly OutboxItem[]): readonly Point[] {
  if (!items.length) return points;
  const views = overlayViews(items);
  const seen = new Set<string>();
  let changed = false;
  for (const p of points) {
    if (!views.has(p.id)) continue;
    seen.add(p.id);
    if (views.get(p.id) !== p) changed = true;
  }
  for (const [id, v] of views) if (v && !seen.has(id)) changed = true;
  if (!changed) return points;
  const fresh: Point[] = [];
  for (const [id, v] of views) if (v && !seen.has(id)) fresh.push(v);
  fresh.sort((a, b) => b.creationDate.localeCompare(a.creationDate));
  const out: Point[] = [...fresh];
  for (const p of points) {
    if (!views.has(p.id)) { out.push(p); continue; }
    const v = views.get(p.id);
    if (v) out.push(v);
  }
  return out;
}
