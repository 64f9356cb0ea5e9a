// Marks of a cluster frame (docs/product.md#map-marks): which of the frame's single points are selected or late, and
// how many selected and late points each of its clusters holds. Computed on the main thread from the frame the worker
// sent and the marked points' positions, when the frame or the marks change (never per painted frame): a marked point
// that is no single item of the frame belongs to the frame's cluster nearest to it within twice the level's clustering
// radius (a cluster's members lie within one radius of its first member, its centre is their mean).
import type { ClusterFrame, Coords } from './types';

export const MARK_SELECTED = 1;
export const MARK_LATE = 2;
/** Set on a slot's flags while frameMarks runs: the point is a single item of the frame. */
const SHOWN = 128;
/** Marks per set at most (the sort key's low part). */
const ORDER_SPAN = 2 ** 23;

/** The marked points: `flags[slot]` (MARK_SELECTED | MARK_LATE) for every point slot, `slots` the marked ones by
 * ascending x (whole px) with their image px in `x` and `y` (a frame reads only those within its box's x range, in memory order). */
export interface PointMarks {
  flags: Uint8Array;
  slots: Int32Array;
  x: Float32Array;
  y: Float32Array;
}

export interface FrameMarks {
  /** Frame items (single points) and their flags. */
  singles: Int32Array;
  singleFlags: Uint8Array;
  /** Frame items (clusters) holding marked points, with how many selected and late ones each holds. */
  clusters: Int32Array;
  clusterSelected: Uint32Array;
  clusterLate: Uint32Array;
}

export const NO_FRAME_MARKS: FrameMarks = {
  singles: new Int32Array(0), singleFlags: new Uint8Array(0),
  clusters: new Int32Array(0), clusterSelected: new Uint32Array(0), clusterLate: new Uint32Array(0),
};

/**
 * `slotOf(mapIndex)`: the point slot of a frame single's id; `bbox`: the image-px box the frame was queried for (marks
 * outside it are skipped); `radius`: the level's clustering radius, image px.
 */
export function frameMarks(frame: ClusterFrame, slotOf: ArrayLike<number>, marks: PointMarks, bbox: { minX: number; minY: number; maxX: number; maxY: number }, radius: number): FrameMarks {
  if (marks.slots.length === 0 || frame.count === 0) return NO_FRAME_MARKS;
  const { sizes, ids, xs, ys, count } = frame;
  const flags = marks.flags;
  // The marked singles, their slots flagged SHOWN meanwhile (cleared before returning): no set of slots to build.
  const singles: number[] = [];
  let clusterCount = 0;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < count; i++) {
    if (sizes[i] !== 1) {
      clusterCount++;
      const cx = xs[i], cy = ys[i];
      if (cx < minX) minX = cx;
      if (cx > maxX) maxX = cx;
      if (cy < minY) minY = cy;
      if (cy > maxY) maxY = cy;
      continue;
    }
    const slot = slotOf[ids[i]];
    if (flags[slot] === 0) continue;
    singles.push(i);
    flags[slot] |= SHOWN;
  }
  const singleFlags = Uint8Array.from(singles, (i) => flags[slotOf[ids[i]]] & ~SHOWN);
  const selected = new Uint32Array(clusterCount > 0 ? count : 0);
  const late = new Uint32Array(clusterCount > 0 ? count : 0);
  if (clusterCount > 0) {
    // The clusters in a grid of cells at least 2·radius wide (a marked point looks at the 3×3 cells around its own),
    // as counting-sorted lists (at most about 4 cells per cluster).
    let cell = 2 * radius;
    const spanX = maxX - minX, spanY = maxY - minY;
    while ((Math.floor(spanX / cell) + 1) * (Math.floor(spanY / cell) + 1) > 4 * clusterCount + 64) cell *= 2;
    const cols = Math.floor(spanX / cell) + 1, rows = Math.floor(spanY / cell) + 1;
    const cellOf = (x: number, y: number) => Math.floor((y - minY) / cell) * cols + Math.floor((x - minX) / cell);
    const start = new Int32Array(cols * rows + 1);
    for (let i = 0; i < count; i++) if (sizes[i] !== 1) start[cellOf(xs[i], ys[i]) + 1]++;
    for (let c = 0; c < cols * rows; c++) start[c + 1] += start[c];
    const fill = start.slice(0, cols * rows);
    const items = new Int32Array(clusterCount);
    for (let i = 0; i < count; i++) if (sizes[i] !== 1) items[fill[cellOf(xs[i], ys[i])]++] = i;
    const max2 = 4 * radius * radius;
    const { x, y, slots } = marks;
    // Ordered by whole px: the range read is one px wider on each side, each mark then tested exactly.
    for (let m = firstAtOrAfter(x, bbox.minX - 1); m < slots.length; m++) {
      const px = x[m];
      if (px > bbox.maxX + 1) break;
      if (px < bbox.minX || px > bbox.maxX) continue;
      const slot = slots[m];
      const f = flags[slot];
      if (f & SHOWN) continue;
      const py = y[m];
      if (!(py >= bbox.minY && py <= bbox.maxY)) continue;
      const gx = Math.floor((px - minX) / cell), gy = Math.floor((py - minY) / cell);
      let best = -1, bestD = max2;
      for (let cy = Math.max(0, gy - 1), cy1 = Math.min(rows - 1, gy + 1); cy <= cy1; cy++) {
        for (let cx = Math.max(0, gx - 1), cx1 = Math.min(cols - 1, gx + 1); cx <= cx1; cx++) {
          const c = cy * cols + cx;
          for (let k = start[c], end = start[c + 1]; k < end; k++) {
            const i = items[k];
            const dx = xs[i] - px, dy = ys[i] - py;
            const d = dx * dx + dy * dy;
            if (d <= bestD) { bestD = d; best = i; }
          }
        }
      }
      if (best < 0) continue;
      if (f & MARK_SELECTED) selected[best]++;
      if (f & MARK_LATE) late[best]++;
    }
  }
  for (const i of singles) flags[slotOf[ids[i]]] &= ~SHOWN;
  const clusters: number[] = [];
  for (let i = 0; i < selected.length; i++) if (selected[i] > 0 || late[i] > 0) clusters.push(i);
  return {
    singles: Int32Array.from(singles), singleFlags,
    clusters: Int32Array.from(clusters),
    clusterSelected: Uint32Array.from(clusters, (i) => selected[i]),
    clusterLate: Uint32Array.from(clusters, (i) => late[i]),
  };
}

/** The first position of `x` (ascending by whole px) that is at least `minX`. */
function firstAtOrAfter(x: Float32Array, minX: number): number {
  let lo = 0, hi = x.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x[mid] < minX) lo = mid + 1; else hi = mid;
  }
  return lo;
}

/** The marks of a set of slots: `selected` and `late` slots (either may be empty), image px from the point index. */
export function pointMarks(count: number, x: Coords, y: Coords, selected: ArrayLike<number>, late: ArrayLike<number>): PointMarks {
  if (selected.length === 0 && late.length === 0) return { flags: new Uint8Array(0), slots: new Int32Array(0), x: new Float32Array(0), y: new Float32Array(0) };
  const flags = new Uint8Array(count);
  const out: number[] = [];
  const add = (list: ArrayLike<number>, bit: number) => {
    for (let i = 0; i < list.length; i++) {
      const s = list[i];
      if (s < 0 || s >= count) continue;
      if (flags[s] === 0) out.push(s);
      flags[s] |= bit;
    }
  };
  add(selected, MARK_SELECTED);
  add(late, MARK_LATE);
  // By ascending whole image px: one native numeric sort of floor(x) · 2^23 + k (k: the mark's place in `out`).
  const keys = Float64Array.from(out, (s, k) => Math.max(0, Math.floor(x[s])) * ORDER_SPAN + k).sort();
  const n = out.length;
  const mx = new Float32Array(n), my = new Float32Array(n), slots = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const s = out[keys[j] % ORDER_SPAN];
    slots[j] = s; mx[j] = x[s]; my[j] = y[s];
  }
  return { flags, slots, x: mx, y: my };
}
