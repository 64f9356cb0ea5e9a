// A line's index restored from a stored record (the local replica's, issue 19 warm open): the record's columns taken
// as the index's own (they are fresh copies read from storage; copied only when not of the record's exact size), its
// id hash built, and its newest-first order (the stored one when the record carries it, else sorted). One rule for
// the point-index worker and the main-thread fallback (src/data/pointIndexSource.ts).
import { indexFromColumns, rebuildLookup } from './store';
import { newestFirstOrder } from './queries';
import type { PointColumns, PointIndex } from './types';

/** A stored line record: the columns, the sync cursor, when it was saved (ms) and, when known, its newest-first order. */
export interface StoredLineRecord extends PointColumns { cursorMs: number; savedAt: number; order?: Int32Array }

/** A line's index restored from its record, with its newest-first order. */
export interface RestoredLine { index: PointIndex; order: Int32Array; cursorMs: number; savedAt: number }

const NUMERIC = ['x', 'y', 'km', 'created', 'updated', 'status', 'crit', 'team'] as const;

/** `rec`'s arrays become the index's (no 50 MB copy at 1M): the caller gives up the record. */
export function restoredFromRecord(rec: StoredLineRecord): RestoredLine {
  const n = rec.count;
  const exact = n > 0 && rec.idBytes.length === n * 16 && NUMERIC.every((k) => rec[k].length === n);
  let index: PointIndex;
  if (exact) {
    index = {
      count: n, version: 1, idBytes: rec.idBytes, x: rec.x, y: rec.y, km: rec.km, created: rec.created, updated: rec.updated,
      status: rec.status, crit: rec.crit, team: rec.team, critKeys: [...rec.critKeys], teamKeys: [...rec.teamKeys], lookup: new Int32Array(0),
    };
    rebuildLookup(index);
  } else index = indexFromColumns(rec);
  const order = rec.order && rec.order.length === n ? rec.order : newestFirstOrder(index);
  return { index, order, cursorMs: rec.cursorMs, savedAt: rec.savedAt };
}
