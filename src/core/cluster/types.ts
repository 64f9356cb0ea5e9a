// Public API of the cluster engine (src/core/cluster): one hierarchical index over image-px points,
// queried per zoom level (26 levels: zoom 0.5, 0.6, … 3.0), results as typed arrays that can be transferred.

/** Clusters and single points of one level inside a bbox. Parallel arrays of length `count`. */
export interface ClusterFrame {
  level: number;
  count: number;
  xs: Float64Array; // image px (a single point: its exact position; a cluster: the weighted centre)
  ys: Float64Array; // image px
  sizes: Uint32Array; // number of points; 1 = a single point
  severity: Uint8Array; // highest severity rank among its points (see src/core/severity.ts)
  ids: Float64Array; // single point: its point index in the input arrays; cluster: its cluster id (for leaves())
}

/** Input coordinates: Float32 (the point index's own precision, half the memory) or Float64. */
export type Coords = Float32Array | Float64Array;

export interface ClusterInput {
  xs: Coords; // image px
  ys: Coords; // image px
  severity: Uint8Array; // rank per point
  width: number; // image px
  height: number; // image px
}

/** A point index's columns kept by the cluster worker (ClusterWorkerApi.setColumns), slot by slot: a filter change
 * then sends only its pass table (a status filter at 1M without 9 MB of fresh arrays per click). */
export interface ClusterColumns {
  /** Slots in use: the arrays may be longer (a reused set keeps its capacity). */
  count: number;
  x: Coords; // image px, NaN = no position
  y: Coords;
  status: Uint8Array; // status code (src/core/pointIndex/types.ts)
  severity: Uint8Array; // severity rank (src/core/severity.ts)
}

export interface ClusterStats {
  buildMs: number;
  count: number; // number of input points
  levelCounts: number[]; // clusters + single points per level (index = level)
  bytes: number; // memory held by the index: every level's items and grid, and the input arrays
}

export interface ClusterIndex {
  readonly stats: ClusterStats;
  /** Everything of `level` (0..29, see levelForZoom) whose position lies in the image-px bbox (inclusive). */
  query(level: number, minX: number, minY: number, maxX: number, maxY: number): ClusterFrame;
  /** Point indices of a cluster (at most `limit`, default all); a point index given as id returns itself. */
  leaves(clusterId: number, limit?: number): Uint32Array;
  /** The first level (higher zoom) at which the cluster splits into several items; LEVEL_COUNT if it never does within the zoom range. */
  expansionLevel(clusterId: number): number;
  /** Number of points of a cluster id (1 for a point index). */
  sizeOf(clusterId: number): number;
  /** Frees the index's arrays at once (`withInput`: the input arrays too); it answers like an empty index after. */
  release(withInput: boolean): void;
  /** Index of the input point nearest to (x, y) within `radius` image px (ties: lowest index), or -1. */
  nearest(x: number, y: number, radius: number): number;
}
