// Sets of cluster columns (ClusterColumns, ./types.ts): sized with room for the next data versions, and made in
// advance where a line's index is built (the point-index worker), so the memory the map sends the cluster worker
// is already mapped when the main thread fills it (fresh pages the main thread does not fault in when the worker's
// index is adopted).
import type { ClusterColumns } from './types';

/** Columns for `count` slots with room for a few more (a catch-up after a load, points added live): a sixteenth of
 * the count plus 64. The arrays are fresh (their pages are mapped as they are first written). */
export function emptyClusterColumns(count: number): ClusterColumns {
  const capacity = count + (count >> 4) + 64;
  return { count, x: new Float32Array(capacity), y: new Float32Array(capacity), status: new Uint8Array(capacity), severity: new Uint8Array(capacity) };
}

/** What a set is written from: an index's columns (src/core/pointIndex/types.ts). */
export interface IndexColumnsForCluster { count: number; x: Float32Array; y: Float32Array; status: Uint8Array; crit: Uint8Array }

/**
 * Writes the index's first `count` points into `out` (large enough): x, y and status copied, and per point the
 * severity rank `rankOfCode[crit]`, or the criticality code itself when no table is given. `out.count` becomes the
 * index's count.
 */
export function writeClusterColumns(out: ClusterColumns, ix: IndexColumnsForCluster, rankOfCode?: ArrayLike<number>): ClusterColumns {
  const n = ix.count, crit = ix.crit, severity = out.severity;
  out.count = n;
  out.x.set(ix.x.subarray(0, n));
  out.y.set(ix.y.subarray(0, n));
  out.status.set(ix.status.subarray(0, n));
  if (rankOfCode) for (let i = 0; i < n; i++) severity[i] = rankOfCode[crit[i]];
  else severity.set(crit.subarray(0, n));
  return out;
}

/**
 * A set for an index's points, written once where the index is built so every page of it is mapped there, its
 * severity column holding the criticality codes until the map writes the ranks (the ranks depend on the levels,
 * which only the main thread knows). Transfer it with the index.
 */
export function premadeClusterColumns(ix: IndexColumnsForCluster): ClusterColumns {
  return writeClusterColumns(emptyClusterColumns(ix.count), ix);
}

/** Whether a set can hold `count` slots. */
export const columnsFit = (c: ClusterColumns | null | undefined, count: number): c is ClusterColumns => !!c && c.x.length >= count;
