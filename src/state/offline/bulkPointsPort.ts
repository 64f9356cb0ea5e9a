// What a batch waiting in the outbox (or just sent) shows on the map and in the lists: the index rows of its points
// with the values it sets, at the version the device held (so a newer server version still wins a sync and the
// replay sees the conflict). The bulk counterpart of ./pointsPort, in place
// on the index's columns through pointsCollection.patchIndexInPlace.
import { setFieldsAt } from '../../core/bulk/indexRows';
import { bulkOverlay, type BulkFields } from '../../core/outbox/bulk';
import type { OutboxItem } from '../../core/outbox/types';
import { STATUS_BY_CODE, type PointIndex } from '../../core/pointIndex/types';
import { findSlot } from '../../core/pointIndex/store';
import { patchIndexInPlace } from '../pointsCollection';

/** Whether the index row at `slot` already shows `f`. */
function shows(ix: PointIndex, slot: number, f: BulkFields): boolean {
  if (f.status !== undefined && STATUS_BY_CODE[ix.status[slot]] !== f.status) return false;
  if (f.criticality !== undefined && ix.critKeys[ix.crit[slot]] !== f.criticality) return false;
  if (f.teamId !== undefined && (ix.team[slot] ? ix.teamKeys[ix.team[slot] - 1] : null) !== f.teamId) return false;
  return true;
}

/**
 * Lays `fields` over these points, in place on the index's columns; `versions` (id → the server's new version)
 * for rows a batch wrote, else the row keeps its version (a row the index already holds newer is left as is).
 * Writes nothing when every row already shows its values (no loop with the subscribers).
 */
export function showBulkFields(fields: ReadonlyMap<string, BulkFields>, versions?: ReadonlyMap<string, string>, removed: readonly string[] = []): void {
  patchIndexInPlace((ix) => {
    let changed = 0;
    for (const [id, f] of fields) {
      const slot = findSlot(ix, id);
      if (slot < 0) continue;
      const v = versions?.get(id);
      const ms = v ? Date.parse(v) : ix.updated[slot];
      if (ms < ix.updated[slot] || (shows(ix, slot, f) && ms === ix.updated[slot])) continue;
      setFieldsAt(ix, slot, f, ms);
      changed++;
    }
    return changed;
  }, removed);
}

/** The waiting batches over the index (after a load, a sync or a restore from the replica). */
export const showBulkOverlayOf = (items: readonly OutboxItem[]): void => {
  if (items.some((i) => i.op.kind === 'bulk')) showBulkFields(bulkOverlay(items));
};
