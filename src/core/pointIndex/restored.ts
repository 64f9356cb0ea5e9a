// A line's index restored from a stored record (the local replica's, on a warm open): the columns copied into a
// fresh index with its id hash, and its newest-first order (made by the point-index API, workers/pointIndexApi.ts).
import { indexFromColumns } from './store';
import { newestFirstOrder } from './queries';
import type { PointColumns } from './types';
import type { ReadyIndex } from './buildFromPages';

/** A stored line record: the columns, the sync cursor and when it was saved (ms). */
export interface StoredIndex extends PointColumns {
  /** Milliseconds: the newest change (update or deletion) the replica has seen from the server. */
  cursorMs: number;
  savedAt: number;
}

/** A line's index restored from its record, with its newest-first order and the record's cursor. */
export interface RestoredLine extends ReadyIndex { cursorMs: number; savedAt: number }

export function restoredFromRecord(rec: StoredIndex): RestoredLine {
  const index = indexFromColumns(rec);
  return { index, order: newestFirstOrder(index), cursorMs: rec.cursorMs, savedAt: rec.savedAt };
}
