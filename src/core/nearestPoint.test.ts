import { describe, expect, it } from 'vitest';
import { mulberry32 } from './prng';
import { trackDataset } from '../../bench/lib/trackDataset';
import { createHitIndex, hitRadiusImagePx, nearestLinear } from './nearestPoint';

describe('createHitIndex', () => {
  it('gives the same answers as a linear scan on seeded random probes', () => {
    const d = trackDataset(20000, 21);
    const index = createHitIndex(d.xs, d.ys);
    const rng = mulberry32(99);
    let hits = 0;
    for (let p = 0; p < 2000; p++) {
      // half the probes next to an existing point, half anywhere
      const near = p % 2 === 0;
      const j = Math.floor(rng() * d.xs.length);
      const x = near ? d.xs[j] + (rng() - 0.5) * 20 : rng() * d.width;
      const y = near ? d.ys[j] + (rng() - 0.5) * 20 : rng() * d.height;
      const r = hitRadiusImagePx([0.5, 1, 2.3, 3][p % 4]);
      const want = nearestLinear(d.xs, d.ys, d.xs.length, x, y, r);
      expect(index.nearest(x, y, r)).toBe(want);
      if (want >= 0) hits++;
    }
    expect(hits).toBeGreaterThan(900);
  });
  it('lets the nearest win and breaks ties by lowest index', () => {
    const xs = Float64Array.of(0, 10, 4, 6, 6);
    const ys = Float64Array.of(0, 0, 0, 0, 0);
    const index = createHitIndex(xs, ys);
    expect(index.nearest(5.5, 0, 15)).toBe(3);
    expect(index.nearest(5, 0, 15)).toBe(2); // 4 and 6 tie at 1 px: lowest index
    expect(index.nearest(50, 0, 15)).toBe(-1);
    expect(index.within(5.5, 0, 2)).toEqual([3, 4, 2]);
  });
  it('indexes only the first `count` items', () => {
    const xs = Float64Array.of(0, 100, 200);
    const ys = new Float64Array(3);
    const index = createHitIndex(xs, ys, 2);
    expect(index.count).toBe(2);
    expect(index.nearest(200, 0, 5)).toBe(-1);
    expect(createHitIndex(xs, ys, 0).nearest(0, 0, 5)).toBe(-1);
  });
  it('uses 15 screen px / zoom as radius', () => {
    expect(hitRadiusImagePx(0.5)).toBe(30);
    expect(hitRadiusImagePx(3)).toBe(5);
  });
});
