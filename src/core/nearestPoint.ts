// Hit-testing of drawn items (points, clusters) with a kdbush index instead of Konva's pixel hit graph:
// the nearest item within 15 screen px / zoom (image px, SPEC §9) wins; ties go to the lowest index.
import KDBush from 'kdbush';
import { HIT_RADIUS_SCREEN_PX } from './constants';

export interface HitIndex {
  readonly count: number;
  /** Index of the nearest item within `radius` image px of (x, y), or -1. */
  nearest(x: number, y: number, radius: number): number;
  /** Indices of all items within `radius` image px, nearest first. */
  within(x: number, y: number, radius: number): number[];
}

/** The hit radius in image px at a zoom (screen px per image px): 15 / zoom. */
export function hitRadiusImagePx(zoom: number): number {
  return HIT_RADIUS_SCREEN_PX / zoom;
}

/** Indexes the first `count` (default all) positions of xs/ys, in image px. */
export function createHitIndex(xs: ArrayLike<number>, ys: ArrayLike<number>, count = Math.min(xs.length, ys.length)): HitIndex {
  const n = Math.max(0, Math.min(count, xs.length, ys.length));
  if (n === 0) return { count: 0, nearest: () => -1, within: () => [] };
  const tree = new KDBush(n, 64, Float64Array);
  for (let i = 0; i < n; i++) tree.add(xs[i], ys[i]);
  tree.finish();
  const sq = (i: number, x: number, y: number) => (xs[i] - x) ** 2 + (ys[i] - y) ** 2;
  return {
    count: n,
    nearest(x, y, radius) {
      if (!(radius >= 0)) return -1;
      let best = -1;
      let bestD = Infinity;
      for (const i of tree.within(x, y, radius)) {
        const d = sq(i, x, y);
        if (d < bestD || (d === bestD && i < best)) {
          best = i;
          bestD = d;
        }
      }
      return best;
    },
    within(x, y, radius) {
      if (!(radius >= 0)) return [];
      return tree.within(x, y, radius).sort((a, b) => sq(a, x, y) - sq(b, x, y) || a - b);
    },
  };
}

/** Reference linear scan with the same rule (nearest within radius, ties to the lowest index). */
export function nearestLinear(xs: ArrayLike<number>, ys: ArrayLike<number>, count: number, x: number, y: number, radius: number): number {
  let best = -1;
  let bestD = radius * radius;
  for (let i = 0; i < count; i++) {
    const dx = xs[i] - x;
    const dy = ys[i] - y;
    const d = dx * dx + dy * dy;
    if (d < bestD || (d === bestD && best === -1)) {
      best = i;
      bestD = d;
    }
  }
  return best;
}
