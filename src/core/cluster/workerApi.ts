// The contract of workers/cluster.worker.ts, imported by both sides (the worker and the map's cluster client).
// Every typed array of a result is transferred (Comlink.transfer), never structured-cloned.
import type { ClusterColumns, ClusterFrame, Coords } from './types';

/** `cached`: the tree kept for that line was reused (same points), `buildMs` is then 0. */
export interface ClusterLoadResult { buildMs: number; count: number; levelCounts: number[]; cached: boolean }

export interface ClusterWorkerApi {
  /** Builds the 26-level index. Pass the arrays with Comlink.transfer: they move into the worker (keep a copy if needed).
   * `line`: the line these points belong to; the last lines' trees are then kept (src/core/cluster/treeCache.ts) and
   * a load of the same points for that line reuses its tree. Without it nothing is kept. The kept trees go with the
   * worker (one per mounted map: signing out unmounts it and terminates the worker). */
  load(xs: Coords, ys: Coords, severity: Uint8Array, width: number, height: number, line?: string): Promise<ClusterLoadResult>;
  /** Keeps a point index's columns under `id` (one call per data version and levels; transfer them), replacing the
   * kept ones, for loadFiltered. Returns the replaced set (transferred back, null if none) for the caller to fill
   * next time: copying into memory already mapped costs a fraction of fresh memory's page faults. */
  setColumns(id: number, columns: ClusterColumns): Promise<ClusterColumns | null>;
  /** load() of the kept columns' points that pass `pass` (status code → 1) and have a position, in slot order
   * (placedSlots, src/core/pointIndex/queries.ts): point index k is the k-th such slot, as on the main thread.
   * Rejects when the kept columns are not `id` (none kept, or a newer set). */
  loadFiltered(id: number, pass: Uint8Array, width: number, height: number, line?: string): Promise<ClusterLoadResult>;
  /** Items of `level` in an image-px bbox; an empty frame before the first load. */
  query(level: number, minX: number, minY: number, maxX: number, maxY: number): Promise<ClusterFrame>;
  /** Point indices of a cluster (a point index returns itself). */
  leaves(clusterId: number, limit?: number): Promise<Uint32Array>;
  /** The level at which a cluster splits (26 = never within zoom 0.5-3). */
  expansionLevel(clusterId: number): Promise<number>;
  /** The point nearest to (x, y) within `radius` image px (e.g. 15 / zoom), or -1. Uses the index's point tree. */
  nearest(x: number, y: number, radius: number): Promise<number>;
}

/** Comlink.transfer's shape, injected so src/core does not depend on comlink. */
export type TransferFn = <T>(value: T, transferables: Transferable[]) => T;

/** The buffers of a set of columns, for Comlink.transfer. */
export function columnsTransferables(c: ClusterColumns): ArrayBuffer[] {
  return [c.x.buffer, c.y.buffer, c.status.buffer, c.severity.buffer] as ArrayBuffer[];
}

/** The buffers of a frame, for Comlink.transfer. */
export function frameTransferables(f: ClusterFrame): ArrayBuffer[] {
  return [f.xs.buffer, f.ys.buffer, f.sizes.buffer, f.severity.buffer, f.ids.buffer] as ArrayBuffer[];
}
