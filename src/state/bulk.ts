// Selection of many points and the state of a bulk change (docs/product.md#bulk-changes).
import { atom } from 'jotai';
import type { BulkConflict, BulkUpdateAnswer } from '../core/bulk/plan';
import type { ImagePoint } from '../core/types';
import { resetAtSignOut } from './signOutReset';

const NONE: ReadonlySet<string> = new Set(); // eslint-disable-line no-restricted-syntax -- an empty set never written, shared by every session

/** Ids of the selected points (lists' checkboxes, a cluster, a lasso, 'Tout sélectionner'). */
export const bulkSelectionAtom = resetAtSignOut(atom<ReadonlySet<string>>(NONE));
/** The last row clicked (the start of a shift-click range). */
export const bulkAnchorAtom = resetAtSignOut(atom<string | null>(null));
/** Rows of a batch sent so far, while it runs; `sending`: one request whose answer is awaited (no count to show). */
export const bulkProgressAtom = resetAtSignOut(atom<{ done: number; total: number; sending?: boolean } | null>(null));
/** The lasso being drawn in Sélection mode (image px). */
export const lassoAtom = resetAtSignOut(atom<ImagePoint[]>([]));

export interface BulkOutcome {
  kind: 'update' | 'delete' | 'undo';
  /** Rows written. */
  written: number;
  /** Rows changed meanwhile by someone else: not written (their current values). */
  conflicts: BulkConflict[];
  /** Rows deleted meanwhile (or not visible). */
  missing: string[];
  /** French text of a failure that stopped the batch (the requests before it were applied). */
  error: string | null;
  /** Whether 'Annuler' can restore this batch. */
  undoable: boolean;
  /** Recorded on the device, sent when the network returns (the rows show the new values already). */
  queued?: number;
}
export const bulkOutcomeAtom = resetAtSignOut(atom<BulkOutcome | null>(null));

/** What 'Annuler' needs of the last batch of this session: the rows before it, what it set, the versions it produced. */
export interface BulkUndo { before: import('../core/bulk/plan').BulkRow[]; set: import('../core/bulk/plan').BulkSet; updated: Map<string, string> }
export const bulkUndoAtom = resetAtSignOut(atom<BulkUndo | null>(null));

/** The server's answer to a batch replayed from the outbox, by outbox item id (read once by the action that queued it). */
export const bulkRepliesAtom = resetAtSignOut(atom<ReadonlyMap<string, BulkUpdateAnswer>>(new Map()));
