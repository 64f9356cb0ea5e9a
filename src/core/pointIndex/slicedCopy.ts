// A copy of a point index's columns trimmed to its count (what the local replica stores), made a slice of rows at a
// time with a pause between slices, so that no single task holds the main thread (at 1M points the columns are
// 52 MB). The index may change
// during the pauses (a realtime row, a sync): the copy then gives up (null) rather than mix two versions, and the
// caller saves again later.
import { COLUMNS } from './store';
import type { PointColumns, PointIndex } from './types';

/** Rows copied per slice: about 1.7 MB of the nine columns (52 bytes a point), a few ms on a phone-class CPU. */
export const COPY_SLICE_ROWS = 32_768;

export async function copyColumnsInSlices(ix: PointIndex, pause: () => Promise<void>, rowsPerSlice = COPY_SLICE_ROWS): Promise<PointColumns | null> {
  const count = ix.count, version = ix.version;
  const out: PointColumns = {
    count, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys], idBytes: new Uint8Array(count * 16),
    x: new Float32Array(count), y: new Float32Array(count), km: new Float64Array(count), created: new Float64Array(count),
    updated: new Float64Array(count), status: new Uint8Array(count), crit: new Uint8Array(count), team: new Uint16Array(count),
  };
  for (let from = 0; from < count; from += rowsPerSlice) {
    if (from > 0) {
      await pause();
      if (ix.version !== version) return null;
    }
    const to = Math.min(count, from + rowsPerSlice);
    out.idBytes.set(ix.idBytes.subarray(from * 16, to * 16), from * 16);
    for (const c of COLUMNS) (out[c] as Float64Array).set(ix[c].subarray(from, to) as Float64Array, from);
  }
  // Dictionaries only grow, and a row using a new key comes with a new version: the keys copied first cover every code.
  return out;
}
