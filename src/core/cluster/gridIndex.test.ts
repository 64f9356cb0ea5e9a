import { describe, expect, it } from 'vitest';
import KDBush from 'kdbush';
import { mulberry32 } from '../prng';
import { GridIndex } from './gridIndex';

describe('GridIndex', () => {
  it('finds the same items as KDBush within any radius or bbox', () => {
    const rng = mulberry32(3);
    const n = 5000, stride = 3;
    const data = new Int32Array(n * stride);
    const kd = new KDBush(n, 16, Int32Array);
    for (let i = 0; i < n; i++) {
      // clumps and a few far outliers, in encoded-coordinate magnitudes
      const x = Math.round((i % 50 === 0 ? rng() * 2 - 1 : rng() * 0.01) * 2 ** 29);
      const y = Math.round((rng() * 0.002 - 0.001) * 2 ** 29);
      data[i * stride] = x;
      data[i * stride + 1] = y;
      kd.add(x, y);
    }
    kd.finish();
    const copied = new GridIndex(data, n, stride, 20000);
    // The same grid reading its items' coordinates from their source once built (its copies dropped).
    const sourced = new GridIndex(data, n, stride, 20000);
    const source = Int32Array.from(data);
    const freed = sourced.readCoordinatesFrom((i) => source[i * stride], (i) => source[i * stride + 1]);
    expect(freed.reduce((b, a) => b + a.byteLength, 0)).toBe(2 * 4 * n);
    expect(sourced.bytes).toBe(copied.bytes - 2 * 4 * n);
    for (const grid of [copied, sourced]) {
      expect(grid.numItems).toBe(n);
      for (let q = 0; q < 300; q++) {
        const j = Math.floor(rng() * n);
        const qx = data[j * stride] + Math.round((rng() - 0.5) * 40000);
        const qy = data[j * stride + 1] + Math.round((rng() - 0.5) * 40000);
        const r = [0, 5000, 20000, 70000, 3e6][q % 5];
        const sort = (a: number[]) => a.sort((u, v) => u - v);
        expect(sort(grid.within(qx, qy, r))).toEqual(sort(kd.within(qx, qy, r)));
        const out = new Uint32Array(n);
        expect(grid.withinInto(qx, qy, r, out)).toBe(kd.within(qx, qy, r).length);
        const box = [qx - r, qy - r / 2, qx + r / 3, qy + r] as const;
        expect(sort(grid.range(...box))).toEqual(sort(kd.range(...box)));
      }
    }
    source[0] += 1; // item 0 moved by one unit in the source: only the sourced grid reads it there
    expect(copied.within(data[0], data[1], 0)).toContain(0);
    expect(sourced.within(data[0], data[1], 0)).not.toContain(0);
  });
  it('handles no items and identical items', () => {
    expect(new GridIndex(new Int32Array(0), 0, 2, 10).within(0, 0, 100)).toEqual([]);
    const same = new GridIndex(Int32Array.of(7, 7, 7, 7), 2, 2, 10);
    expect(same.within(7, 7, 0).sort()).toEqual([0, 1]);
  });
});
