// Bulk changes of the selected points (docs/product.md#bulk-changes): status, team or criticality of every
// selected point in requests of at most 10,000 rows (progress between them), each row at the version the app
// holds; the answer patches the point index at once; rows changed meanwhile are listed, never overwritten.
// 'Annuler' restores the last batch of the session by its versions. Admins delete in bulk.
import { batchGroups, chunkGroups, emptyAnswer, mergeAnswers, undoGroups, BULK_MAX_PER_REQUEST, type BulkGroup, type BulkRow, type BulkSet, type BulkUpdateAnswer } from '../core/bulk/plan';
import { bulkRowAt, indexRowWith } from '../core/bulk/indexRows';
import { toggled, withAll, withRange } from '../core/bulk/selection';
import { findSlot, idAt } from '../core/pointIndex/store';
import { passes, slotsInPolygon } from '../core/pointIndex/queries';
import { statusFilterAtom } from './filters';
import { failureKind } from '../core/outbox/errors';
import type { ImagePoint } from '../core/types';
import type { PointIndexRow } from '../core/pointIndex/types';
import { bulkDeletePoints, bulkUpdatePoints } from '../data/bulkRepository';
import { removePointImage } from './actions';
import { bulkAnchorAtom, bulkOutcomeAtom, bulkProgressAtom, bulkSelectionAtom, bulkUndoAtom, type BulkOutcome } from './bulk';
import { BULK_STATE_TEXT as T } from './bulkStrings';
import { pointIndexAtom } from './pointIndex';
import { patchIndexRows } from './pointsCollection';
import { currentEpoch, isCurrent } from './sessionEpoch';
import { store } from './store';

// ---- selection ----------------------------------------------------------------------------------------------
export const clearBulkSelection = (): void => { store.set(bulkSelectionAtom, new Set()); store.set(bulkAnchorAtom, null); };

/** A checkbox click; with shift, the range from the last row clicked in the list's order (`order`: index slots). */
export function toggleBulkSelection(id: string, opts: { shift?: boolean; order?: ArrayLike<number> } = {}): void {
  const sel = store.get(bulkSelectionAtom);
  const ix = store.get(pointIndexAtom).index;
  const next = opts.shift && opts.order
    ? withRange(sel, opts.order, (slot) => idAt(ix, slot), store.get(bulkAnchorAtom), id, !sel.has(id))
    : toggled(sel, id);
  store.set(bulkSelectionAtom, next);
  store.set(bulkAnchorAtom, id);
}

/** Adds the points at these index slots ('Tout sélectionner' of a filtered list, a lasso). */
export function selectSlots(slots: ArrayLike<number>): void {
  const ix = store.get(pointIndexAtom).index;
  const ids: string[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) ids[i] = idAt(ix, slots[i]);
  store.set(bulkSelectionAtom, withAll(store.get(bulkSelectionAtom), ids));
}

/** Adds these point ids ('Sélectionner ces N' of a cluster sheet). */
export const selectIds = (ids: Iterable<string>): void => store.set(bulkSelectionAtom, withAll(store.get(bulkSelectionAtom), ids));

/** Adds the points inside a lasso (the one point-in-polygon rule of the index) that the status filter shows on the
 * map. Returns how many. */
export function selectInLasso(polygon: readonly ImagePoint[]): number {
  if (polygon.length < 3) return 0;
  const ix = store.get(pointIndexAtom).index;
  const filter = store.get(statusFilterAtom);
  const slots = slotsInPolygon(ix, polygon).filter((slot) => passes(ix.status[slot], filter));
  selectSlots(slots);
  return slots.length;
}

// ---- sending --------------------------------------------------------------------------------------------------
function selectedRows(): BulkRow[] {
  const ix = store.get(pointIndexAtom).index;
  const rows: BulkRow[] = [];
  for (const id of store.get(bulkSelectionAtom)) {
    const slot = findSlot(ix, id);
    if (slot >= 0) rows.push(bulkRowAt(ix, slot));
  }
  return rows;
}

/** The answer laid over the index: written rows with their new values and version, conflicts with the server's. */
function applyAnswer(ans: BulkUpdateAnswer, groups: readonly BulkGroup[]): void {
  const ix = store.get(pointIndexAtom).index;
  const setOf = new Map<string, BulkSet>();
  for (const g of groups) for (const id of g.ids) setOf.set(id, g.set);
  const rows: PointIndexRow[] = [];
  for (const [id, version] of ans.updated) {
    const slot = findSlot(ix, id);
    const set = setOf.get(id);
    if (slot < 0 || !set) continue;
    rows.push(indexRowWith(ix, slot, { status: set.status, teamId: set.team_id, criticality: set.criticality }, Date.parse(version)));
  }
  for (const c of ans.conflicts) {
    const slot = findSlot(ix, c.id);
    if (slot >= 0) rows.push(indexRowWith(ix, slot, { status: c.status, teamId: c.team_id, criticality: c.criticality }, Date.parse(c.updated_at)));
  }
  patchIndexRows(rows, ans.missing);
}

function failureText(err: unknown, done: number): string {
  const kind = failureKind(err);
  if (kind === 'network') return T.offline;
  if ((err as { code?: string })?.code === '42501') return T.deleteRefused;
  return T.failed(done);
}

async function sendGroups(groups: BulkGroup[]): Promise<{ answer: BulkUpdateAnswer; error: string | null }> {
  const my = currentEpoch();
  const chunks = chunkGroups(groups, BULK_MAX_PER_REQUEST);
  const total = groups.reduce((n, g) => n + g.ids.length, 0);
  let answer = emptyAnswer();
  let done = 0;
  store.set(bulkProgressAtom, { done: 0, total });
  try {
    for (const chunk of chunks) {
      const part = await bulkUpdatePoints(chunk);
      if (!isCurrent(my)) break;
      applyAnswer(part, chunk);
      answer = mergeAnswers(answer, part);
      done += chunk.reduce((n, g) => n + g.ids.length, 0);
      store.set(bulkProgressAtom, { done, total });
    }
    return { answer, error: null };
  } catch (err) {
    console.error('Modification groupée', err);
    return { answer, error: failureText(err, answer.updated.length) };
  } finally {
    if (isCurrent(my)) store.set(bulkProgressAtom, null);
  }
}

/** Sets `set` on every selected point. Resolves with the outcome (also in bulkOutcomeAtom). */
export async function applyBulkChange(set: BulkSet): Promise<BulkOutcome> {
  const before = selectedRows();
  const { answer, error } = await sendGroups(batchGroups(before, set));
  const updated = new Map(answer.updated);
  store.set(bulkUndoAtom, updated.size ? { before, set, updated } : null);
  const outcome: BulkOutcome = { kind: 'update', written: answer.updated.length + answer.unchanged.length, conflicts: answer.conflicts, missing: answer.missing, error, undoable: updated.size > 0 };
  store.set(bulkOutcomeAtom, outcome);
  return outcome;
}

/** 'Annuler': the last batch's rows back to their former values, refusing those changed since (listed). */
export async function undoLastBulk(): Promise<BulkOutcome | null> {
  const undo = store.get(bulkUndoAtom);
  if (!undo) return null;
  const { answer, error } = await sendGroups(undoGroups(undo.before, undo.set, undo.updated));
  store.set(bulkUndoAtom, null);
  const outcome: BulkOutcome = { kind: 'undo', written: answer.updated.length + answer.unchanged.length, conflicts: answer.conflicts, missing: answer.missing, error, undoable: false };
  store.set(bulkOutcomeAtom, outcome);
  return outcome;
}

/** Admins: deletes every selected point (and its photo), each at the version the app holds. */
export async function deleteSelectedPoints(): Promise<BulkOutcome> {
  const my = currentEpoch();
  const rows = selectedRows();
  const total = rows.length;
  const removed: string[] = [];
  const outcome: BulkOutcome = { kind: 'delete', written: 0, conflicts: [], missing: [], error: null, undoable: false };
  store.set(bulkProgressAtom, { done: 0, total });
  try {
    for (let i = 0; i < rows.length; i += BULK_MAX_PER_REQUEST) {
      const part = rows.slice(i, i + BULK_MAX_PER_REQUEST);
      const ans = await bulkDeletePoints(part.map((r) => r.id), part.map((r) => r.version));
      if (!isCurrent(my)) break;
      const gone = ans.deleted.map(([id]) => id);
      patchIndexRows([], [...gone, ...ans.missing]);
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
    if (isCurrent(my)) store.set(bulkProgressAtom, null);
  }
  if (isCurrent(my)) {
    store.set(bulkUndoAtom, null);
    const next = new Set(store.get(bulkSelectionAtom));
    for (const id of removed) next.delete(id);
    store.set(bulkSelectionAtom, next);
    store.set(bulkOutcomeAtom, outcome);
  }
  return outcome;
}
