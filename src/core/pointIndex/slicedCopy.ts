// A copy of a point index's columns trimmed to its count (what the replica stores): in one go, or on the main thread a
// slice of rows at a time with pauses, given up (null) if the index changes meanwhile rather than mix two versions.
import { allocColumns, copyRows } from './store';
import type { PointColumns, PointIndex } from './types';

/** Rows copied per slice (52 bytes a point over the nine columns). */
export const COPY_SLICE_ROWS = 32_768;

/** Fresh columns of `ix`'s size and dictionaries, rows not copied yet. */
function emptyCopy(ix: PointIndex): PointColumns {
  return { ...allocColumns(ix.count), count: ix.count, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys] };
}

/** The copy in one go (in the point-index API, or of an index known to be small). */
export function trimmedColumns(ix: PointIndex): PointColumns {
  const out = emptyCopy(ix);
  copyRows(ix, out, 0, ix.count);
  return out;
}

export async function copyColumnsInSlices(ix: PointIndex, pause: () => Promise<void>, rowsPerSlice = COPY_SLICE_ROWS): Promise<PointColumns | null> {
  const count = ix.count, version = ix.version;
  const out = emptyCopy(ix);
  for (let from = 0; from < count; from += rowsPerSlice) {
    if (from > 0) {
      await pause();
      if (ix.version !== version) return null;
    }
    copyRows(ix, out, from, Math.min(count, from + rowsPerSlice));
  }
  // Dictionaries only grow, and a row using a new key comes with a new version: the keys copied first cover every code.
  return out;
}
