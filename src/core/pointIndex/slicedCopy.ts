// A copy of a point index's columns trimmed to its count (what the local replica stores). On the main thread it is
// made a slice of rows at a time with a pause between slices, so that no single task holds the page; the index may
// change during the pauses (a realtime row, a sync): the copy then gives up (null) rather than mix two versions, and
// the caller saves again later. trimmedColumns makes it in one go (the point-index API's replica record, and a cold
// load's seed: the few points shown before the whole index is built).
import { allocColumns, COLUMNS } from './store';
import type { PointColumns, PointIndex } from './types';

/** Rows copied per slice (52 bytes a point over the nine columns). */
export const COPY_SLICE_ROWS = 32_768;

/** Fresh columns of `ix`'s size and dictionaries, rows not copied yet. */
function emptyCopy(ix: PointIndex): PointColumns {
  return { ...allocColumns(ix.count), count: ix.count, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys] };
}

function copyRows(ix: PointIndex, out: PointColumns, from: number, to: number): void {
  out.idBytes.set(ix.idBytes.subarray(from * 16, to * 16), from * 16);
  for (const c of COLUMNS) (out[c] as Float64Array).set(ix[c].subarray(from, to) as Float64Array, from);
}

/** The copy in one go (no pause: for the point-index API, or an index known to be small). */
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
