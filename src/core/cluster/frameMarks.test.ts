import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { buildClusterIndex } from './clusterIndex';
import { clusterRadiusImagePx } from './levels';
import { frameMarks, MARK_LATE, MARK_SELECTED, NO_FRAME_MARKS, pointMarks } from './frameMarks';

const ALL = { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };

function build(xs: number[], ys: number[]) {
  const index = buildClusterIndex({ xs: Float64Array.from(xs), ys: Float64Array.from(ys), severity: new Uint8Array(xs.length), width: 12000, height: 1500 });
  return { index, x: Float32Array.from(xs), y: Float32Array.from(ys), identity: Int32Array.from(xs, (_, i) => i) };
}

describe('frameMarks', () => {
  it('rings marked single points and counts the marked members of each cluster', () => {
    // 0-4: a tight group at (1000, 600); 5-7: a group at (5000, 600); 8: alone at (9000, 600).
    const xs = [1000, 1002, 1004, 1001, 1003, 5000, 5002, 5004, 9000];
    const ys = [600, 601, 602, 603, 604, 600, 601, 602, 600];
    const { index, x, y, identity } = build(xs, ys);
    const level = 10;
    const f = index.query(level, -Infinity, -Infinity, Infinity, Infinity);
    expect(f.count).toBe(3);
    const marks = pointMarks(xs.length, x, y, [0, 1, 8], [2, 5, 8]);
    const m = frameMarks(f, identity, marks, ALL, clusterRadiusImagePx(level));
    const item = (px: number) => Array.from({ length: f.count }, (_, i) => i).find((i) => Math.abs(f.xs[i] - px) < 10)!;
    expect(Array.from(m.singles)).toEqual([item(9000)]);
    expect(Array.from(m.singleFlags)).toEqual([MARK_SELECTED | MARK_LATE]);
    const byItem = new Map(Array.from(m.clusters, (c, k) => [c, [m.clusterSelected[k], m.clusterLate[k]]]));
    expect(byItem.get(item(1002))).toEqual([2, 1]);
    expect(byItem.get(item(5002))).toEqual([0, 1]);
    expect(byItem.size).toBe(2);
  });

  it('skips marks outside the queried box and returns nothing without marks', () => {
    const { index, x, y, identity } = build([1000, 1002, 5000, 5002], [600, 600, 600, 600]);
    const f = index.query(10, -Infinity, -Infinity, Infinity, Infinity);
    const marks = pointMarks(4, x, y, [0, 2], []);
    const m = frameMarks(f, identity, marks, { minX: 0, minY: 0, maxX: 3000, maxY: 1500 }, clusterRadiusImagePx(10));
    expect(Array.from(m.clusterSelected)).toEqual([1]);
    expect(frameMarks(f, identity, pointMarks(4, x, y, [], []), ALL, 20)).toBe(NO_FRAME_MARKS);
  });

  it('maps frame ids through the slots of the filtered points', () => {
    // Map index k is slot slots[k]: the frame's ids are map indexes, the marks are by slot.
    const { index } = build([1000, 9000], [600, 600]);
    const f = index.query(29, -Infinity, -Infinity, Infinity, Infinity);
    const slots = Int32Array.from([7, 3]);
    const x = new Float32Array(8), y = new Float32Array(8);
    x[7] = 1000; y[7] = 600; x[3] = 9000; y[3] = 600;
    const m = frameMarks(f, slots, pointMarks(8, x, y, [3], []), ALL, clusterRadiusImagePx(29));
    expect(m.singles.length).toBe(1);
    expect(f.xs[m.singles[0]]).toBe(9000);
  });

  it('gives every marked point in view to a single or to the cluster holding it (seeded track, every level)', () => {
    const n = 3000;
    const d = trackDataset(n, 5, { width: 30000, height: 2000 });
    const index = buildClusterIndex(d);
    const rng = mulberry32(9);
    const sel: number[] = [], late: number[] = [];
    for (let i = 0; i < n; i++) { if (rng() < 0.05) sel.push(i); if (rng() < 0.03) late.push(i); }
    const marks = pointMarks(n, d.xs, d.ys, sel, late);
    const identity = Int32Array.from({ length: n }, (_, i) => i);
    let agree = 0, total = 0;
    for (const level of [0, 2, 4, 9, 15, 22, 29]) {
      const f = index.query(level, -Infinity, -Infinity, Infinity, Infinity);
      const m = frameMarks(f, identity, marks, ALL, clusterRadiusImagePx(level));
      const selectedSingles = Array.from(m.singleFlags).filter((v) => v & MARK_SELECTED).length;
      const lateSingles = Array.from(m.singleFlags).filter((v) => v & MARK_LATE).length;
      expect(selectedSingles + m.clusterSelected.reduce((a, b) => a + b, 0)).toBe(sel.length);
      expect(lateSingles + m.clusterLate.reduce((a, b) => a + b, 0)).toBe(late.length);
      // Against the true membership (leaves): the nearest cluster is the one holding the point for most (a point near
    // the border of two clusters may be counted on its neighbour; the totals above stay exact).
      const selSet = new Set(sel);
      for (let k = 0; k < m.clusters.length; k++) {
        const truth = Array.from(index.leaves(f.ids[m.clusters[k]])).filter((i) => selSet.has(i)).length;
        total += Math.max(truth, m.clusterSelected[k]);
        agree += Math.min(truth, m.clusterSelected[k]);
      }
    }
    expect(agree / total).toBeGreaterThan(0.9);
  });
});
