// The contract of workers/cluster.worker.ts, imported by both sides (the worker and the map's cluster client).
// Every typed array of a result is transferred (Comlink.transfer), never structured-cloned.
import type { ClusterFrame } from './types';

export interface ClusterLoadResult { buildMs: number; count: number; levelCounts: number[] }

export interface ClusterWorkerApi {
  /** Builds the 26-level index. Pass the arrays with Comlink.transfer: they move into the worker (keep a copy if needed). */
  load(xs: Float64Array, ys: Float64Array, severity: Uint8Array, width: number, height: number): Promise<ClusterLoadResult>;
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

/** The buffers of a frame, for Comlink.transfer. */
export function frameTransferables(f: ClusterFrame): ArrayBuffer[] {
  return [f.xs.buffer, f.ys.buffer, f.sizes.buffer, f.severity.buffer, f.ids.buffer] as ArrayBuffer[];
}
