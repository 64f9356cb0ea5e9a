import { describe, expect, it } from 'vitest';
import { sortByKm } from './kmOrder';

/** The reference: a comparator sort by km, NaN last, ties by position in `indices`. */
function reference(indices: Int32Array, km: Float64Array): number[] {
  const pos = new Map(Array.from(indices, (v, k) => [v, k]));
  const key = (i: number) => (Number.isNaN(km[i]) ? Infinity : km[i]);
  return Array.from(indices).sort((a, b) => {
    const ka = key(a), kb = key(b);
    if (ka !== kb) return ka < kb ? -1 : 1;
    const na = Number.isNaN(km[a]), nb = Number.isNaN(km[b]);
    if (na !== nb) return na ? 1 : -1; // a real +Infinity before NaN
    return pos.get(a)! - pos.get(b)!;
  });
}

function rng(seed: number) { return () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32); }

describe('sortByKm', () => {
  it('orders by km like a comparator sort, ties kept in the given order, at 50,000 points with many equal values', () => {
    const r = rng(7);
    const n = 50_000;
    const km = Float64Array.from({ length: n }, () => Math.round(r() * 2000) / 100 - 3); // -3..17 by 0.01: many ties, negatives
    const indices = Int32Array.from({ length: n }, (_, i) => i);
    expect(Array.from(sortByKm(indices, km))).toEqual(reference(indices, km));
  });

  it('handles NaN (last), -0 and 0 as equal, infinities, and a subset of indices given out of order', () => {
    const km = new Float64Array([5, NaN, -0, 0, -1e-300, 1e300, Infinity, -Infinity, 2.5, NaN, 2.5]);
    const indices = new Int32Array([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(Array.from(sortByKm(indices, km))).toEqual([7, 4, 3, 2, 10, 8, 0, 5, 6, 9, 1]);
    expect(Array.from(sortByKm(indices, km))).toEqual(reference(indices, km));
  });

  it('whole-metre keys: PK decimals with NaN and negatives; a span beyond a uint32 of metres still sorts right', () => {
    const km = new Float64Array([1.5, NaN, -2.25, 1.5, 0.001, 17.125]);
    const all = new Int32Array([0, 1, 2, 3, 4, 5]);
    expect(Array.from(sortByKm(all, km))).toEqual([2, 4, 0, 3, 5, 1]);
    const wide = new Float64Array([5_000_000, 0.5, -1, 4_999_999.999]);
    expect(Array.from(sortByKm(new Int32Array([0, 1, 2, 3]), wide))).toEqual([2, 1, 3, 0]);
  });

  it('returns a copy for tiny inputs and keeps fractional differences below 2^-16 apart', () => {
    const one = new Int32Array([3]);
    expect(sortByKm(one, new Float64Array(4))).not.toBe(one);
    const km = new Float64Array([1 + 2 ** -40, 1, 1 + 2 ** -45]);
    expect(Array.from(sortByKm(new Int32Array([0, 1, 2]), km))).toEqual([1, 2, 0]);
  });
});
