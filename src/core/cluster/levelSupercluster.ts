// A Supercluster 9.1 subclass whose hierarchical levels each use their own exact radius (50 screen px / zoom,
// in image px), fed from typed arrays of image px, carrying each cluster's max severity in a spare stride slot.
// Why a subclass: 9.1's `_cluster(data, numItems, zoom, out)` reads `options.radius` at every level, so setting it
// per level gives one hierarchy exact at zoom 0.5, 0.6, … 3.0 instead of 26 separate indexes (docs/performance.md#clustering).
import Supercluster from 'supercluster';
import type KDBush from 'kdbush';
import { GridIndex } from './gridIndex';
import { releaseBuffers } from '../releaseBuffers';
import { clusterRadiusImagePx, MAX_LEVEL } from './levels';
import type { Coords } from './types';

// Internal layout of Supercluster 9.1 (index.js): Int32 items of `stride` slots, coords in [0, 1] encoded as
// (c - 0.5) · 2^30; cluster ids = (originIndex << 5) + (zoom + 1) + numPoints.
export const SCALE = 0x40000000;
export const OFFSET_ZOOM = 2;
export const OFFSET_ID = 3;
export const OFFSET_PARENT = 4;
export const OFFSET_NUM = 5;
export const OFFSET_SEVERITY = 6; // the slot 9.1 reserves for `reduce` (unused here)
export const STRIDE = 7;

export const encode = (c: number): number => (c - 0.5) * SCALE;
export const decode = (v: number): number => v / SCALE + 0.5;
/** An image-px coordinate as a level's items store it (Int32) for an image of max side `scale`. */
const encodedCoord = (v: number, scale: number): number => encode(clamp01(v / scale)) | 0;

/** What the clustering and the lookups need from a tree (9.1 uses KDBush; here a GridIndex at every level). */
export type LevelTree = Pick<KDBush, 'numItems' | 'range' | 'within' | 'withinInto'> & { data: Int32Array };

interface SuperclusterInternals {
  options: { radius: number; extent: number; maxZoom: number; minZoom: number };
  trees: (LevelTree | undefined)[];
  stride: number;
  numPoints: number;
  _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number;
  _createTree(data: Int32Array, numItems: number): LevelTree;
}

const parentCluster = (Supercluster.prototype as unknown as SuperclusterInternals)._cluster;

export class LevelSupercluster extends Supercluster {
  /** Encoded query radius actually used by `_cluster` at each level (for finding children later). */
  readonly encodedRadius = new Float64Array(MAX_LEVEL + 1);
  /** max(width, height) in image px: image px / scale = supercluster's [0, 1] coordinate. */
  readonly scale: number;
  /** The raw points' grid (tree MAX_LEVEL + 1). Once built it keeps no items: raw item i is input point i. */
  raw: GridIndex | null = null;
  /** The cluster id of raw item i at the level above it (-1 = none): all the raw items' slots still needed. */
  parents = new Int32Array(0);
  private scratch: Int32Array | null = null;

  constructor(width: number, height: number) {
    const scale = Math.max(width, height, 1);
    super({ minZoom: 0, maxZoom: MAX_LEVEL, minPoints: 2, extent: scale, radius: 1, nodeSize: 64 });
    this.scale = scale;
    this.internals.stride = STRIDE; // 9.1 copies every slot of unclustered items, so severity travels with them
  }

  get internals(): SuperclusterInternals {
    return this as unknown as SuperclusterInternals;
  }

  /** Index image-px points directly (no GeoJSON objects), then cluster level 25 down to 0 as Supercluster.load does. */
  loadTyped(xs: Coords, ys: Coords, severity: Uint8Array): this {
    const self = this.internals;
    const n = xs.length;
    const S = this.scale;
    self.numPoints = n;
    const notProcessed = MAX_LEVEL + 1;
    const data = new Int32Array(n * STRIDE);
    for (let i = 0, w = 0; i < n; i++, w += STRIDE) {
      data[w] = encodedCoord(xs[i], S);
      data[w + 1] = encodedCoord(ys[i], S);
      data[w + OFFSET_ZOOM] = notProcessed;
      data[w + OFFSET_ID] = i;
      data[w + OFFSET_PARENT] = -1;
      data[w + OFFSET_NUM] = 1;
      data[w + OFFSET_SEVERITY] = severity[i];
    }
    let prev: Int32Array = data;
    let prevNum = n;
    // Trees are uniform grids (O(n) counting sort) rather than kd-trees: the 1M-point kd-sort was the largest single
    // cost of the build. Cells of the radius that will query them: a neighbour query reads at most 3×3 cells.
    self.trees[MAX_LEVEL + 1] = new GridIndex(data, n, STRIDE, (clusterRadiusImagePx(MAX_LEVEL) / S) * SCALE);
    this.scratch = new Int32Array(n);

    // Same loop as Supercluster.load: level 25 (smallest radius) first, each level clustering the previous one.
    // One scratch slab serves every level (output never exceeds input); each level keeps a tight copy of its items,
    // instead of 9.1's slab sized for the previous level (28 MB kept for a few thousand items at 1M points).
    const slab = new Int32Array(n * STRIDE);
    for (let z = MAX_LEVEL; z >= 0; z--) {
      const written = this._cluster(prev, prevNum, z, slab);
      if (written === prevNum) {
        self.trees[z] = self.trees[z + 1];
      } else {
        const items = slab.slice(0, written * STRIDE);
        // Level z's items are clustered next with radius R_(z-1): that radius is the grid cell.
        self.trees[z] = new GridIndex(items, written, STRIDE, (clusterRadiusImagePx(Math.max(0, z - 1)) / S) * SCALE);
        prev = items;
        prevNum = written;
      }
    }
    // The raw items' 7 slots are reduced to their parents (position, id, size and severity are the input's), then
    // the build's buffers are freed now rather than at the worker's next GC.
    const parents = new Int32Array(n);
    for (let i = 0, k = OFFSET_PARENT; i < n; i++, k += STRIDE) parents[i] = data[k];
    this.parents = parents;
    this.raw = self.trees[MAX_LEVEL + 1] as GridIndex;
    this.raw.forgetItems();
    // Past the build its queries are a frame's or a tap's: the raw points' coordinates are read from the input.
    const copies = this.raw.readCoordinatesFrom((i) => encodedCoord(xs[i], S), (i) => encodedCoord(ys[i], S));
    releaseBuffers([data.buffer, slab.buffer, this.scratch.buffer, ...copies]);
    this.scratch = null;
    return this;
  }

  /** 9.1's clustering with this level's exact radius, then the max severity of each new cluster's members. */
  _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number {
    const self = this.internals;
    // 9.1 uses r = radius / (extent · 2^zoom) · SCALE; with extent = S this makes r = R_level / S · SCALE.
    self.options.radius = clusterRadiusImagePx(zoom) * (1 << zoom);
    this.encodedRadius[zoom] = (self.options.radius / (self.options.extent * (1 << zoom))) * SCALE;
    const written = parentCluster.call(self, data, numItems, zoom, out);
    if (written !== numItems) this.reduceSeverity(data, numItems, zoom, out, written);
    return written;
  }

  private reduceSeverity(data: Int32Array, numItems: number, zoom: number, out: Int32Array, written: number): void {
    const np = this.internals.numPoints;
    const tag = zoom + 1;
    const posByOrigin = this.scratch && this.scratch.length >= numItems ? this.scratch : new Int32Array(numItems);
    for (let k = 0, end = written * STRIDE; k < end; k += STRIDE) {
      const id = out[k + OFFSET_ID];
      if (out[k + OFFSET_NUM] > 1 && id >= np && (id - np) % 32 === tag) {
        posByOrigin[(id - np) >> 5] = k;
        out[k + OFFSET_SEVERITY] = 0; // 9.1 leaves this slot untouched for new clusters (it may be a recycled slab)
      }
    }
    for (let k = 0, end = numItems * STRIDE; k < end; k += STRIDE) {
      const parent = data[k + OFFSET_PARENT];
      if (parent === -1) continue;
      const c = posByOrigin[(parent - np) >> 5];
      if (data[k + OFFSET_SEVERITY] > out[c + OFFSET_SEVERITY]) out[c + OFFSET_SEVERITY] = data[k + OFFSET_SEVERITY];
    }
  }

  /** The tree of a level (0..MAX_LEVEL), or null where that level is the raw points, unclustered (see `raw`). */
  tree(level: number): LevelTree | null {
    const tree = this.internals.trees[level]!;
    return tree === this.raw ? null : tree;
  }

  /** Every array the built levels hold (the items and grids of each level, the raw grid, the parents). */
  buffers(): ArrayBufferLike[] {
    const trees = new Set(this.internals.trees.filter((t): t is LevelTree => !!t));
    return [...[...trees].flatMap((t) => (t instanceof GridIndex ? t.buffers() : [t.data.buffer])), this.parents.buffer];
  }

  /** Raw item i's encoded coordinates, as the build stored them (the clustering queried around these). */
  encodedRaw(xs: Coords, ys: Coords, i: number): [number, number] {
    return [encodedCoord(xs[i], this.scale), encodedCoord(ys[i], this.scale)];
  }

  get pointCount(): number {
    return this.internals.numPoints;
  }
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
