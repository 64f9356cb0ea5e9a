// A line's index restored from a stored record (the local replica's, on a warm open): the columns copied into a
// fresh index with its id hash, and its newest-first order (made by the point-index API, workers/pointIndexApi.ts).
import { indexFromColumns } from './store';
import { newestFirstOrder } from './queries';
import type { PointColumns, PointIndex } from './types';
import type { ClusterColumns } from '../cluster/types';

/** A stored line record: the columns, the sync cursor and when it was saved (ms). */
export interface StoredIndex extends PointColumns {
  /** Milliseconds: the newest change (update or deletion) the replica has seen from the server. */
  cursorMs: number;
  savedAt: number;
}

/** A line's index restored from its record, with its newest-first order. */
export interface RestoredLine {
  index: PointIndex; order: Int32Array; cursorMs: number; savedAt: number;
  /** The map's cluster columns for this index, made where it was restored (src/core/cluster/columns.ts), if any. */
  cluster?: ClusterColumns;
}

export function restoredFromRecord(rec: StoredIndex): RestoredLine {
  const index = indexFromColumns(rec);
  return { index, order: newestFirstOrder(index), cursorMs: rec.cursorMs, savedAt: rec.savedAt };
}
