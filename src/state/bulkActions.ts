// Bulk changes of the selected points (docs/product.md#bulk-changes): status, team, criticality or assignee of every
// selected point as ONE outbox item (./offline/bulkSend: shown at once, sent now through bulk_update_points or
// queued offline), each row at the version the app holds; rows changed meanwhile are listed, never overwritten, and
// resolved in the conflict dialog. 'Annuler' restores the last batch of the session by its versions (same path).
// Admins delete in bulk (online only, BULK_CLIENT_BATCH rows a request).
import { batchGroups, emptyAnswer, undoGroups, undoableSet, BULK_CLIENT_BATCH, type BulkGroup, type BulkRow, type BulkSet, type BulkUpdateAnswer } from '../core/bulk/plan';
import { bulkRowAt } from '../core/bulk/indexRows';
import { fieldsOfSet } from '../core/outbox/bulk';
import { keepListed, toggled, withAll, withRange } from '../core/bulk/selection';
import { findSlot, idAt } from '../core/pointIndex/store';
import { passes, slotsInPolygon } from '../core/pointIndex/queries';
import { statusFilterAtom } from './filters';
import { failureKind } from '../core/outbox/errors';
import type { ImagePoint } from '../core/types';
import type { PointIndex } from '../core/pointIndex/types';
import { bulkDeletePoints } from '../data/bulkRepository';
import { removePointImage } from './actions';
import { bulkAnchorAtom, bulkOutcomeAtom, bulkProgressAtom, bulkSelectionAtom, bulkUndoAtom, type BulkOutcome } from './bulk';
import { BULK_STATE_TEXT as T } from './bulkStrings';
import { pointIndexAtom } from './pointIndex';
import { removePoints } from './pointsCollection';
import { currentSession } from './userSession';
import { sendBatch, type BatchResult } from './offline/bulkSend';
import { outboxItemsAtom } from './offline/atoms';
import { removeItem } from './offline/queue';
import { store } from './store';
import { SLICE_ROWS, yieldToPage } from '../platform/yieldToPage';

// ---- selection ----------------------------------------------------------------------------------------------
export const clearBulkSelection = (): void => { store.set(bulkSelectionAtom, new Set()); store.set(bulkAnchorAtom, null); };

/** A checkbox click; with shift, the range from the last row clicked in the list's order (`order`: slots of
 * `index`, by default the index shown). */
export function toggleBulkSelection(id: string, opts: { shift?: boolean; order?: ArrayLike<number>; index?: PointIndex } = {}): void {
  const sel = store.get(bulkSelectionAtom);
  const ix = opts.index ?? store.get(pointIndexAtom).index;
  const next = opts.shift && opts.order
    ? withRange(sel, opts.order, (slot) => idAt(ix, slot), store.get(bulkAnchorAtom), id, !sel.has(id))
    : toggled(sel, id);
  store.set(bulkSelectionAtom, next);
  store.set(bulkAnchorAtom, id);
}

/** Adds the points at these slots of `ix` ('Tout sélectionner' of a filtered list, a lasso): their ids are read in
 * slices with a yield between (no long task at 10,000), then the selection is set once. */
export async function selectSlots(slots: ArrayLike<number>, ix: PointIndex = store.get(pointIndexAtom).index): Promise<void> {
  const ids: string[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    if (i && i % SLICE_ROWS === 0) await yieldToPage();
    ids[i] = idAt(ix, slots[i]);
  }
  store.set(bulkSelectionAtom, withAll(store.get(bulkSelectionAtom), ids));
}

/** Keeps the selection to the points the list shows (`slots` of `ix`): after a change hides some of them. */
export function keepSelectionListed(slots: ArrayLike<number>, ix: PointIndex): void {
  const sel = store.get(bulkSelectionAtom);
  const next = keepListed(sel, slots, (id) => findSlot(ix, id), ix.count);
  if (next !== sel) store.set(bulkSelectionAtom, next);
}

/** Adds these point ids ('Sélectionner ces N' of a cluster sheet). */
export const selectIds = (ids: Iterable<string>): void => store.set(bulkSelectionAtom, withAll(store.get(bulkSelectionAtom), ids));

/** Adds the points inside a lasso (the one point-in-polygon rule of the index) that the status filter shows on the
 * map. Returns how many (the selection holds them once the returned promise settles). */
export function selectInLasso(polygon: readonly ImagePoint[]): { count: number; done: Promise<void> } {
  if (polygon.length < 3) return { count: 0, done: Promise.resolve() };
  const ix = store.get(pointIndexAtom).index;
  const filter = store.get(statusFilterAtom);
  const slots = slotsInPolygon(ix, polygon).filter((slot) => passes(ix.status[slot], filter));
  return { count: slots.length, done: selectSlots(slots, ix) };
}

// ---- sending --------------------------------------------------------------------------------------------------
/** The selected points as the app holds them, read in slices with a yield between (no long task at 10,000). */
async function selectedRows(): Promise<BulkRow[]> {
  const ix = store.get(pointIndexAtom).index;
  const rows: BulkRow[] = [];
  let n = 0;
  for (const id of store.get(bulkSelectionAtom)) {
    if (++n % SLICE_ROWS === 0) await yieldToPage();
    const slot = findSlot(ix, id);
    if (slot >= 0) rows.push(bulkRowAt(ix, slot, id));
  }
  return rows;
}

function failureText(err: unknown, done: number): string {
  const kind = failureKind(err);
  if (kind === 'network') return T.offline;
  if ((err as { code?: string })?.code === '42501') return T.deleteRefused;
  return T.failed(done);
}

/** A batch through the outbox (./offline/bulkSend): shown at once, sent now or when the network returns. */
async function runBatch(kind: 'update' | 'undo', groups: BulkGroup[], before: BulkRow[]): Promise<{ outcome: BulkOutcome; answer: BulkUpdateAnswer }> {
  const r = await sendBatch(groups, before).catch((err: unknown): BatchResult => {
    console.error('Modification groupée', err); // not even recorded on the device (no session, storage refused)
    return { kind: 'refused', error: failureText(err, 0) };
  });
  const answer = r.kind === 'sent' ? r.answer : emptyAnswer();
  const outcome: BulkOutcome = {
    kind, written: answer.updated.length + answer.unchanged.length, conflicts: answer.conflicts, missing: answer.missing,
    error: r.kind === 'refused' ? r.error : null, undoable: false, ...(r.kind === 'queued' ? { queued: r.rows } : {}),
  };
  return { outcome, answer };
}

/** Sets `set` on every selected point. Resolves with the outcome (also in bulkOutcomeAtom). */
export async function applyBulkChange(set: BulkSet): Promise<BulkOutcome> {
  const my = currentSession();
  store.set(bulkProgressAtom, { done: 0, total: store.get(bulkSelectionAtom).size, sending: true });
  const before = await selectedRows();
  if (my.active) store.set(bulkProgressAtom, { done: 0, total: before.length, sending: true });
  const groups = batchGroups(before, set);
  await yieldToPage(); // the batch is packed and written next: not in the same task as the rows read
  const { outcome, answer } = await runBatch('update', groups, before).finally(() => {
    if (my.active) store.set(bulkProgressAtom, null);
  });
  const updated = new Map(answer.updated);
  outcome.undoable = updated.size > 0 && undoableSet(set);
  if (my.active) {
    store.set(bulkUndoAtom, outcome.undoable ? { before, set, updated } : null);
    store.set(bulkOutcomeAtom, outcome);
  }
  return outcome;
}

/** 'Annuler': the last batch's rows back to their former values, refusing those changed since (listed). */
export async function undoLastBulk(): Promise<BulkOutcome | null> {
  const undo = store.get(bulkUndoAtom);
  if (!undo) return null;
  const my = currentSession();
  store.set(bulkUndoAtom, null);
  store.set(bulkProgressAtom, { done: 0, total: undo.updated.size, sending: true });
  // The rows as the batch left them, read in slices (the click's own task stays short), then the groups to send.
  const fields = fieldsOfSet(undo.set);
  const after: BulkRow[] = [];
  for (let i = 0; i < undo.before.length; i++) {
    if (i && i % SLICE_ROWS === 0) await yieldToPage();
    const r = undo.before[i];
    const version = undo.updated.get(r.id);
    if (version !== undefined) after.push({ ...r, ...fields, version });
  }
  await yieldToPage();
  const groups = undoGroups(undo.before, undo.set, undo.updated);
  await yieldToPage();
  const { outcome } = await runBatch('undo', groups, after).finally(() => {
    if (my.active) store.set(bulkProgressAtom, null);
  });
  if (my.active) store.set(bulkOutcomeAtom, outcome);
  return outcome;
}

/** The conflicts of points now deleted have nothing left to resolve. */
async function dropConflictsOf(ids: ReadonlySet<string>): Promise<void> {
  for (const i of store.get(outboxItemsAtom)) if (i.state === 'conflict' && i.op.kind !== 'bulk' && ids.has(i.op.pointId)) await removeItem(i.id);
}

/** Admins: deletes every selected point (and its photo), each at the version the app holds. */
export async function deleteSelectedPoints(): Promise<BulkOutcome> {
  const my = currentSession();
  const rows = await selectedRows();
  const total = rows.length;
  const removed: string[] = [];
  const outcome: BulkOutcome = { kind: 'delete', written: 0, conflicts: [], missing: [], error: null, undoable: false };
  store.set(bulkProgressAtom, { done: 0, total });
  try {
    for (let i = 0; i < rows.length; i += BULK_CLIENT_BATCH) {
      const part = rows.slice(i, i + BULK_CLIENT_BATCH);
      const ans = await bulkDeletePoints(part.map((r) => r.id), part.map((r) => r.version));
      if (!my.active) break;
      const gone = ans.deleted.map(([id]) => id);
      removePoints([...gone, ...ans.missing]);
      for (const id of gone) removed.push(id);
      for (const id of ans.missing) removed.push(id);
      outcome.written += gone.length;
      outcome.conflicts.push(...ans.conflicts);
      outcome.missing.push(...ans.missing);
      store.set(bulkProgressAtom, { done: Math.min(total, i + part.length), total });
      for (const [, url] of ans.deleted) if (url) await removePointImage(url).catch((e) => console.warn('Photo non supprimée', e));
    }
  } catch (err) {
    console.error('Suppression groupée', err);
    outcome.error = failureText(err, outcome.written);
  } finally {
    if (my.active) store.set(bulkProgressAtom, null);
  }
  if (my.active) {
    store.set(bulkUndoAtom, null);
    const next = new Set(store.get(bulkSelectionAtom));
    for (const id of removed) next.delete(id);
    await dropConflictsOf(new Set(removed));
    store.set(bulkSelectionAtom, next);
    store.set(bulkOutcomeAtom, outcome);
  }
  return outcome;
}
