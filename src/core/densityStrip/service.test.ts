import { describe, expect, it } from 'vitest';
import { binOpenPoints } from './bins';
import { createDensityService } from './service';

describe('density service', () => {
  it('bins as binOpenPoints does, then frees the columns it was handed', () => {
    const n = 5000;
    const km = Float64Array.from({ length: n }, (_, i) => (i * 7) % 3000 / 100);
    const status = Uint8Array.from({ length: n }, (_, i) => i % 3), crit = Uint8Array.from({ length: n }, (_, i) => i % 4);
    const rest = { count: n, counted: Uint8Array.of(1, 1, 0), rankOfCode: Uint8Array.of(1, 2, 3, 4) };
    const want = binOpenPoints({ ...rest, km: km.slice(), status: status.slice(), crit: crit.slice() });
    const got = createDensityService().bin({ ...rest, km, status, crit });
    expect(got.total).toBe(want.total);
    expect(Array.from(got.counts)).toEqual(Array.from(want.counts));
    expect(Array.from(got.worst)).toEqual(Array.from(want.worst));
    expect([km.byteLength, status.byteLength, crit.byteLength]).toEqual([0, 0, 0]);
    expect(rest.counted.byteLength).toBe(3); // the lookups are the caller's own
  });
});
