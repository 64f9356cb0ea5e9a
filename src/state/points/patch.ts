// Changes laid on the points index and the details (saved points, bulk changes in place, deletions), and what the
// index shows of one point.
import { findSlot, removeIds, upsertRows } from '../../core/pointIndex/store';
import { STATUS_BY_CODE, type PointIndex, type PointIndexRow } from '../../core/pointIndex/types';
import type { Point } from '../../core/types';
import { forgetPointDetails, pointDetails, remember } from '../pointDetails';
import { currentIndex } from './session';
import { publish } from './publish';
import { scheduleSave } from './replica';

/** Removes `deletedIds` and their details, lays `change` (points changed) over the index; publishes and saves if any. */
function patchIndex(deletedIds: readonly string[], change: (ix: PointIndex) => number): void {
  const ix = currentIndex();
  const changed = removeIds(ix, deletedIds) + change(ix);
  forgetPointDetails(deletedIds);
  if (changed) { publish(); scheduleSave(); }
}

/** Removes points (deleted, or moved to another line) from the index and the details. */
export function removePoints(ids: readonly string[]): void {
  patchIndex(ids, () => 0);
}

/** Changes made in place on the columns (a bulk change over known slots; `apply` returns how many) after deletions. */
export function patchIndexInPlace(apply: (ix: PointIndex) => number, deletedIds: readonly string[] = []): void {
  patchIndex(deletedIds, (ix) => {
    const n = apply(ix);
    if (n) ix.version++;
    return n;
  });
}

/** Domain points (a save's answer, the outbox's views) into the index and the details. `force`: shown even over a
 * newer server version of the same point (a change waiting in the outbox is laid over it). */
export function patchPoints(points: readonly Point[], deletedIds: readonly string[] = [], force = false): void {
  patchIndex(deletedIds, (ix) => {
    if (!points.length) return 0;
    const rows = points.map((p) => {
      const row = pointToIndexRow(p);
      if (force) { const slot = findSlot(ix, p.id); if (slot >= 0 && ix.updated[slot] > row.updated) row.updated = ix.updated[slot]; }
      return row;
    });
    const n = upsertRows(ix, rows);
    remember(points.map((p, k) => ({ point: p, updatedMs: rows[k].updated, updatedAt: p.updatedAt ?? '' })));
    return n;
  });
}

function pointToIndexRow(p: Point): PointIndexRow {
  const created = Date.parse(p.creationDate);
  const updated = p.updatedAt ? Date.parse(p.updatedAt) : created;
  return {
    id: p.id, x: p.position.x, y: p.position.y, km: p.kmValue ?? null, created: Number.isFinite(created) ? created : Date.now(),
    updated: Number.isFinite(updated) ? updated : Date.now(), status: p.status, criticality: p.criticality, teamId: p.teamId ?? null,
  };
}

/** Whether the index has this point. */
export const hasPoint = (id: string): boolean => findSlot(currentIndex(), id) >= 0;

/** Whether this very point object is shown: its details and its index fields (a restored index may hold older ones). */
export function showsPoint(p: Point): boolean {
  const ix = currentIndex();
  const slot = findSlot(ix, p.id);
  if (slot < 0 || pointDetails(p.id) !== p) return false;
  const km = ix.km[slot];
  return STATUS_BY_CODE[ix.status[slot]] === p.status && ix.critKeys[ix.crit[slot]] === p.criticality
    && (ix.team[slot] === 0 ? null : ix.teamKeys[ix.team[slot] - 1]) === (p.teamId ?? null)
    && ix.x[slot] === Math.fround(p.position.x) && ix.y[slot] === Math.fround(p.position.y)
    && (Number.isNaN(km) ? p.kmValue === null || p.kmValue === undefined : km === p.kmValue);
}
