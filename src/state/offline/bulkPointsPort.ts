// What a batch waiting in the outbox (or just sent) shows on the map and in the lists: the index rows of its points
// with the values it sets, at the version the device held (so a newer server version still wins a sync and the
// replay sees the conflict). The bulk counterpart of ./pointsPort, in place
// on the index's columns through pointsCollection.patchIndexInPlace.
import { setFieldsAt } from '../../core/bulk/indexRows';
import { bulkOverlay, bulkRowCount, type BulkFields, type BulkOp } from '../../core/outbox/bulk';
import type { OutboxItem } from '../../core/outbox/types';
import { STATUS_BY_CODE, type PointIndex } from '../../core/pointIndex/types';
import { findSlot } from '../../core/pointIndex/store';
import { patchIndexInPlace } from '../pointsCollection';
import { SLICE_ROWS, yieldToPage } from '../../platform/yieldToPage';
import { currentSession } from '../userSession';
import { definePart } from '../../core/session/scope';

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
  patchIndexInPlace((ix) => layOver(ix, fields, versions), removed);
}

/** Lays the fields over the index's columns; how many points changed. */
function layOver(ix: PointIndex, fields: Iterable<[string, BulkFields]>, versions?: ReadonlyMap<string, string>): number {
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
}

/**
 * showBulkFields for a whole batch without a long task: SLICE_ROWS points per slice with a yield to the page
 * between, and ONE publish (one React update) once every slice is laid. Each slice is laid on the index shown at
 * that moment (a line switched meanwhile simply lacks the points). Stops at a sign-out (nothing more is laid nor
 * published), and when `wanted()` turns false (what was laid so far is published, the rest is left).
 */
export async function showBulkFieldsInSlices(fields: ReadonlyMap<string, BulkFields>, versions?: ReadonlyMap<string, string>,
  removed: readonly string[] = [], wanted: () => boolean = () => true): Promise<void> {
  if (fields.size <= SLICE_ROWS) { showBulkFields(fields, versions, removed); return; }
  const scope = currentSession();
  const entries = [...fields];
  let changed = 0;
  for (let i = 0; i < entries.length; i += SLICE_ROWS) {
    if (i) await yieldToPage();
    if (!scope.active) return;
    if (!wanted()) break;
    // 0 to patchIndexInPlace: no publish yet (the points changed are counted, published after the last slice).
    patchIndexInPlace((ix) => { changed += layOver(ix, entries.slice(i, i + SLICE_ROWS), versions); return 0; });
  }
  await yieldToPage();
  if (scope.active) patchIndexInPlace(() => changed, removed);
}

/** A batch just queued, over the index (a later batch wins over what is shown: its fields go on top). */
export const showBatchInSlices = (op: BulkOp): Promise<void> => showBulkFieldsInSlices(bulkOverlay([{ seq: 0, op } as OutboxItem]));

/** The session's re-lay count, bumped by each re-lay of the waiting batches: a re-lay in slices stops as soon as a
 * newer one starts (the newer one lays the queue as it is then; a batch discarded meanwhile is never laid again by
 * the older one). */
const relayPart = definePart('bulkRelay', () => ({ generation: 0 }));

/**
 * The waiting batches over the index (after every publish: a load, a sync, a realtime change, a restore from the
 * replica). Up to SLICE_ROWS points at once; a larger overlay (a 10,000-point batch waiting or being sent) is laid
 * SLICE_ROWS points per slice after a yield and with a yield between, and published once at the end if it
 * changed anything (a sync's publish never re-lays a whole batch in one task).
 */
export function showBulkOverlayOf(items: readonly OutboxItem[]): void {
  const gen = ++currentSession().part(relayPart).generation;
  let rows = 0;
  for (const i of items) if (i.op.kind === 'bulk') rows += bulkRowCount(i.op);
  if (!rows) return;
  if (rows <= SLICE_ROWS) { showBulkFields(bulkOverlay(items)); return; }
  void relayInSlices(items, gen);
}

async function relayInSlices(items: readonly OutboxItem[], gen: number): Promise<void> {
  const scope = currentSession();
  const relay = scope.part(relayPart);
  const current = () => scope.active && gen === relay.generation;
  await yieldToPage(); // not in the publishing task: the overlay of 10,000 points is a task of its own
  // Superseded meanwhile: what was laid is published (the newer re-lay finds it already shown), the rest is the newer's.
  if (current()) await showBulkFieldsInSlices(bulkOverlay(items), undefined, [], current);
}
