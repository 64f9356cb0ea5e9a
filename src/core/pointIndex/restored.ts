// A line's index restored from its replica record (a warm open, in the point-index API): id hash and order made.
import { indexFromColumns } from './store';
import { newestFirstOrder } from './queries';
import type { PointColumns } from './types';
import type { ReadyIndex } from './buildFromPages';

/** A stored line record: the columns, the sync cursor (every change before it is in) and when it was saved (ms). */
export interface StoredIndex extends PointColumns { cursorMs: number; savedAt: number }

/** A line's index restored from its record, with its order and the record's cursor. */
export interface RestoredLine extends ReadyIndex { cursorMs: number; savedAt: number }

export function restoredFromRecord(rec: StoredIndex): RestoredLine {
  const index = indexFromColumns(rec);
  return { index, order: newestFirstOrder(index), cursorMs: rec.cursorMs, savedAt: rec.savedAt };
}
