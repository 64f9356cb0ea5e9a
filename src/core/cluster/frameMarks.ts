// Marks of a cluster frame (docs/product.md#map-marks): which of the frame's single points are selected or late, and
// how many selected and late points each of its clusters holds. Computed on the main thread from the frame the worker
// sent and the marked points' positions, when the frame or the marks change (never per painted frame): a marked point
// that is no single item of the frame belongs to the frame's cluster nearest to it within twice the level's clustering
// radius (a cluster's members lie within one radius of its first member, its centre is their mean).
import type { ClusterFrame, Coords } from './types';

export const MARK_SELECTED = 1;
export const MARK_LATE = 2;

/** The marked points: `flags[slot]` (MARK_SELECTED | MARK_LATE) for every point slot, `slots` the marked ones. */
export interface PointMarks {
  flags: Uint8Array;
  slots: Int32Array;
  /** Image px by slot. */
  x: Coords;
  y: Coords;
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
  const { sizes, ids, xs, ys } = frame;
  const flags = marks.flags;
  const singles: number[] = [];
  const singleFlags: number[] = [];
  const asSingle = new Set<number>();
  let clusterCount = 0;
  for (let i = 0; i < frame.count; i++) {
    if (sizes[i] !== 1) { clusterCount++; continue; }
    const slot = slotOf[ids[i]];
    const f = flags[slot];
    if (f === 0) continue;
    singles.push(i);
    singleFlags.push(f);
    asSingle.add(slot);
  }
  if (clusterCount === 0) return { ...NO_FRAME_MARKS, singles: Int32Array.from(singles), singleFlags: Uint8Array.from(singleFlags) };

  // The clusters in a grid of cells 2·radius wide: a marked point looks at the 3×3 cells around its own.
  const cell = 2 * radius;
  const grid = new Map<number, number[]>();
  const key = (cx: number, cy: number) => cx * 65_536 + cy;
  for (let i = 0; i < frame.count; i++) {
    if (sizes[i] === 1) continue;
    const k = key(Math.floor(xs[i] / cell), Math.floor(ys[i] / cell));
    const list = grid.get(k);
    if (list) list.push(i); else grid.set(k, [i]);
  }
  const selected = new Map<number, number>();
  const late = new Map<number, number>();
  const max2 = cell * cell;
  const { x, y } = marks;
  for (let m = 0; m < marks.slots.length; m++) {
    const slot = marks.slots[m];
    if (asSingle.has(slot)) continue;
    const px = x[slot], py = y[slot];
    if (!(px >= bbox.minX && px <= bbox.maxX && py >= bbox.minY && py <= bbox.maxY)) continue;
    const cx = Math.floor(px / cell), cy = Math.floor(py / cell);
    let best = -1, bestD = max2;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) {
      const list = grid.get(key(cx + dx, cy + dy));
      if (!list) continue;
      for (const i of list) {
        const d = (xs[i] - px) ** 2 + (ys[i] - py) ** 2;
        if (d <= bestD) { bestD = d; best = i; }
      }
    }
    if (best < 0) continue;
    const f = flags[slot];
    if (f & MARK_SELECTED) selected.set(best, (selected.get(best) ?? 0) + 1);
    if (f & MARK_LATE) late.set(best, (late.get(best) ?? 0) + 1);
  }
  const clusters = [...new Set([...selected.keys(), ...late.keys()])].sort((a, b) => a - b);
  return {
    singles: Int32Array.from(singles), singleFlags: Uint8Array.from(singleFlags),
    clusters: Int32Array.from(clusters),
    clusterSelected: Uint32Array.from(clusters, (i) => selected.get(i) ?? 0),
    clusterLate: Uint32Array.from(clusters, (i) => late.get(i) ?? 0),
  };
}

/** The marks of a set of slots: `selected` and `late` slots (either may be empty), image px from the point index. */
export function pointMarks(count: number, x: Coords, y: Coords, selected: ArrayLike<number>, late: ArrayLike<number>): PointMarks {
  if (selected.length === 0 && late.length === 0) return { flags: new Uint8Array(0), slots: new Int32Array(0), x, y };
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
  return { flags, slots: Int32Array.from(out), x, y };
}
