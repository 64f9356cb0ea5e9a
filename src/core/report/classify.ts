// Point-in-zone classification for the route report (docs/product.md#report-rules): first zone (given order) whose polygon contains the
// point, via a flatbush index over zone boxes, an exact inside/outside cell grid, then the one point-in-zone rule
// (../zoneContains.ts: edges included).
import Flatbush from 'flatbush';
import type { ImagePoint } from '../types';
import { bboxOf } from '../geometry';
import { ringContains, zoneRing, type ZoneRing } from '../zoneContains';

/** Result codes per point, besides a zone index >= 0. */
export const NOT_ELIGIBLE = -2; // resolved, no km value, or km outside the range
export const OUTSIDE_ZONES = -1; // eligible but inside no zone polygon

/** Points as parallel typed arrays (image px); km is NaN when the point has no kmValue. */
export interface PointArrays {
  xs: Float32Array | Float64Array;
  ys: Float32Array | Float64Array;
  km: Float64Array;
  /** 1 when the point is resolved (excluded from the report), else 0. */
  resolved: Uint8Array;
}

export interface ZoneIndex {
  /** Closed rings, by zone index; null for a zone with fewer than 3 vertices. */
  polygons: (ZoneRing | null)[];
  /** Per zone, a grid over its bounding box telling which cells are wholly inside or outside (null when invalid). */
  grids: (ZoneGrid | null)[];
  /** Bounding-box index over the valid zones; item i is zone itemZone[i]. Null when no zone is valid. */
  tree: Flatbush | null;
  itemZone: Int32Array;
  /** Zone boxes as [minX, minY, maxX, maxY] per zone index. */
  boxes: Float64Array;
  /** Candidate zones per bucket of a coarse grid over all zone boxes, read from the flatbush index (see BucketTable). */
  buckets: BucketTable | null;
}

export const BUCKET_CELLS = 4096; // buckets over the union of the zone boxes

/**
 * For each bucket of a coarse grid, the zones whose box touches it (ascending zone index), found with one flatbush
 * query per bucket at build time; a point then reads its bucket's short list instead of walking the tree.
 * CSR layout: zones of bucket b are items[offsets[b] .. offsets[b + 1]).
 */
export interface BucketTable { minX: number; minY: number; cellW: number; cellH: number; nx: number; ny: number; offsets: Int32Array; items: Int32Array }

export const GRID_CELLS = 4096; // cells per zone grid (about 64×64 for a square box)
const CELL_OUT = 0;
const CELL_IN = 1;
const CELL_EDGE = 2; // an edge may touch the cell: ask the exact rule

/**
 * An exact acceleration in front of the exact rule: a cell that no polygon edge's bounding box comes near holds no boundary,
 * so all of it is inside or all of it is outside; the rule decides once per connected group of such cells.
 * Points in cells an edge may touch are always tested with the exact rule.
 */
export interface ZoneGrid { minX: number; minY: number; cellW: number; cellH: number; nx: number; ny: number; cells: Uint8Array }

function boundsOf(vertices: readonly ImagePoint[]): [number, number, number, number] {
  const b = bboxOf(vertices);
  return b ? [b.minX, b.minY, b.maxX, b.maxY] : [Infinity, Infinity, -Infinity, -Infinity];
}

/** Builds the cell grid of one polygon (see ZoneGrid). */
export function buildZoneGrid(polygon: ZoneRing, cells = GRID_CELLS): ZoneGrid | null {
  const ring = polygon.coordinates[0];
  const [minX, minY, maxX, maxY] = boundsOf(ring.map(([x, y]) => ({ x, y })));
  const w = maxX - minX;
  const h = maxY - minY;
  if (!(w > 0 && h > 0) || !Number.isFinite(w + h)) return null;
  const nx = Math.max(1, Math.min(cells, Math.round(Math.sqrt((cells * w) / h))));
  const ny = Math.max(1, Math.min(cells, Math.round(cells / nx)));
  const cellW = w / nx;
  const cellH = h / ny;
  const grid = new Uint8Array(nx * ny).fill(255); // 255: undecided
  // Margin so that rounding in the point-to-cell mapping can never move a point across a decided cell's border.
  const eps = 1e-6 * Math.max(cellW, cellH) + 1e-9 * Math.max(Math.abs(minX), Math.abs(maxX), Math.abs(minY), Math.abs(maxY));
  const col = (x: number) => Math.min(nx - 1, Math.max(0, Math.floor((x - minX) / cellW)));
  const row = (y: number) => Math.min(ny - 1, Math.max(0, Math.floor((y - minY) / cellH)));
  for (let i = 0; i < ring.length - 1; i++) {
    const [ax, ay] = ring[i];
    const [bx, by] = ring[i + 1];
    // Long edges are cut into pieces at most one cell long on each axis; each piece's box (plus eps) is marked.
    const pieces = Math.max(1, Math.ceil(Math.max(Math.abs(bx - ax) / cellW, Math.abs(by - ay) / cellH)));
    for (let p = 0; p < pieces; p++) {
      const t0 = p / pieces, t1 = (p + 1) / pieces;
      const x0 = ax + (bx - ax) * t0, x1 = p + 1 === pieces ? bx : ax + (bx - ax) * t1;
      const y0 = ay + (by - ay) * t0, y1 = p + 1 === pieces ? by : ay + (by - ay) * t1;
      const c0 = col(Math.min(x0, x1) - eps), c1 = col(Math.max(x0, x1) + eps);
      const r0 = row(Math.min(y0, y1) - eps), r1 = row(Math.max(y0, y1) + eps);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) grid[r * nx + c] = CELL_EDGE;
    }
  }
  // Flood fill each group of undecided cells; the rule tells whether the group's first cell centre is inside.
  const stack: number[] = [];
  for (let seed = 0; seed < grid.length; seed++) {
    if (grid[seed] !== 255) continue;
    const cx = minX + ((seed % nx) + 0.5) * cellW;
    const cy = minY + (Math.floor(seed / nx) + 0.5) * cellH;
    const status = ringContains(polygon, cx, cy) ? CELL_IN : CELL_OUT;
    grid[seed] = status;
    stack.push(seed);
    while (stack.length) {
      const k = stack.pop()!;
      const c = k % nx;
      if (c > 0 && grid[k - 1] === 255) { grid[k - 1] = status; stack.push(k - 1); }
      if (c < nx - 1 && grid[k + 1] === 255) { grid[k + 1] = status; stack.push(k + 1); }
      if (k >= nx && grid[k - nx] === 255) { grid[k - nx] = status; stack.push(k - nx); }
      if (k + nx < grid.length && grid[k + nx] === 255) { grid[k + nx] = status; stack.push(k + nx); }
    }
  }
  return { minX, minY, cellW, cellH, nx, ny, cells: grid };
}

/** Builds the polygons, their grids and the bounding-box index of the zones, kept in their given order. */
export function buildZoneIndex(zones: readonly (readonly ImagePoint[])[]): ZoneIndex {
  const polygons = zones.map((z) => zoneRing(z));
  const grids = polygons.map((p) => (p ? buildZoneGrid(p) : null));
  const valid: number[] = [];
  polygons.forEach((p, i) => { if (p) valid.push(i); });
  const boxes = new Float64Array(zones.length * 4);
  zones.forEach((z, i) => boxes.set(boundsOf(z), i * 4));
  if (valid.length === 0) return { polygons, grids, tree: null, itemZone: new Int32Array(0), boxes, buckets: null };
  const tree = new Flatbush(valid.length);
  for (const i of valid) tree.add(boxes[i * 4], boxes[i * 4 + 1], boxes[i * 4 + 2], boxes[i * 4 + 3]);
  tree.finish();
  const itemZone = Int32Array.from(valid);
  return { polygons, grids, tree, itemZone, boxes, buckets: buildBuckets(tree, itemZone) };
}

function buildBuckets(tree: Flatbush, itemZone: Int32Array, cells = BUCKET_CELLS): BucketTable {
  const { minX, minY, maxX, maxY } = tree;
  const w = Math.max(maxX - minX, 1e-9);
  const h = Math.max(maxY - minY, 1e-9);
  const nx = Math.max(1, Math.min(cells, Math.round(Math.sqrt((cells * w) / h))));
  const ny = Math.max(1, Math.min(cells, Math.round(cells / nx)));
  const cellW = w / nx;
  const cellH = h / ny;
  const eps = 1e-6 * Math.max(cellW, cellH) + 1e-9 * Math.max(Math.abs(minX), Math.abs(maxX), Math.abs(minY), Math.abs(maxY));
  const offsets = new Int32Array(nx * ny + 1);
  const items: number[] = [];
  for (let r = 0; r < ny; r++) {
    for (let c = 0; c < nx; c++) {
      const x0 = minX + c * cellW, y0 = minY + r * cellH;
      // Conservative: the bucket grown by eps, so rounding in the point-to-bucket mapping never loses a zone.
      const found = tree.search(x0 - eps, y0 - eps, x0 + cellW + eps, y0 + cellH + eps).map((i) => itemZone[i]).sort((a, b) => a - b);
      for (const z of found) items.push(z);
      offsets[r * nx + c + 1] = items.length;
    }
  }
  return { minX, minY, cellW, cellH, nx, ny, offsets, items: Int32Array.from(items) };
}

/** A locator: the lowest-index zone containing (x, y), edges included, or OUTSIDE_ZONES. */
function makeLocator(index: ZoneIndex): (x: number, y: number) => number {
  const { buckets, polygons, grids, boxes } = index;
  if (!buckets) return () => OUTSIDE_ZONES;
  const { minX, minY, cellW, cellH, nx, ny, offsets, items } = buckets;
  const maxX = minX + nx * cellW;
  const maxY = minY + ny * cellH;
  return (x, y) => {
    if (!(x >= minX && x <= maxX && y >= minY && y <= maxY)) return OUTSIDE_ZONES;
    const b = Math.min(ny - 1, Math.floor((y - minY) / cellH)) * nx + Math.min(nx - 1, Math.floor((x - minX) / cellW));
    for (let k = offsets[b], end = offsets[b + 1]; k < end; k++) {
      const z = items[k]; // ascending: the first zone that contains the point wins
      const o = z * 4;
      if (x < boxes[o] || y < boxes[o + 1] || x > boxes[o + 2] || y > boxes[o + 3]) continue;
      const g = grids[z];
      let status = CELL_EDGE;
      if (g) {
        const c = Math.min(g.nx - 1, Math.max(0, Math.floor((x - g.minX) / g.cellW)));
        const r = Math.min(g.ny - 1, Math.max(0, Math.floor((y - g.minY) / g.cellH)));
        status = g.cells[r * g.nx + c];
      }
      if (status === CELL_IN) return z;
      if (status === CELL_EDGE) {
        if (ringContains(polygons[z]!, x, y)) return z;
      }
    }
    return OUTSIDE_ZONES;
  };
}

/** Zone index of each position (the lowest-index zone containing it, edges included) or OUTSIDE_ZONES. */
export function classifyPositions(xs: Float64Array, ys: Float64Array, index: ZoneIndex, out = new Int32Array(xs.length)): Int32Array {
  const locate = makeLocator(index);
  for (let i = 0; i < xs.length; i++) out[i] = locate(xs[i], ys[i]);
  return out;
}

/** Whether a point takes part in the report: not resolved, with a km value inside [start, end] (docs/product.md#report-rules). */
export function isEligible(km: number, resolved: number, start: number, end: number): boolean {
  return resolved === 0 && km === km && km >= start && km <= end;
}

/** Full classification on typed arrays: NOT_ELIGIBLE, OUTSIDE_ZONES, or the zone index, per point. */
export function classifyPoints(points: PointArrays, start: number, end: number, index: ZoneIndex): Int32Array {
  const { xs, ys, km, resolved } = points;
  const out = new Int32Array(xs.length);
  const locate = makeLocator(index);
  for (let i = 0; i < xs.length; i++) {
    out[i] = isEligible(km[i], resolved[i], start, end) ? locate(xs[i], ys[i]) : NOT_ELIGIBLE;
  }
  return out;
}
