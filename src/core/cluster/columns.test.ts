// Sets of cluster columns: room for the next versions, and the set made with an index (its columns copied, the
// criticality codes standing in the severity column until the map writes the ranks).
import { describe, expect, it } from 'vitest';
import { columnsFit, emptyClusterColumns, premadeClusterColumns, writeClusterColumns } from './columns';

describe('cluster column sets', () => {
  it('have a sixteenth of the count plus 64 slots of room', () => {
    const c = emptyClusterColumns(1600);
    expect(c.count).toBe(1600);
    for (const a of [c.x, c.y, c.status, c.severity]) expect(a.length).toBe(1600 + 100 + 64);
    expect(columnsFit(c, 1764)).toBe(true);
    expect(columnsFit(c, 1765)).toBe(false);
    expect(columnsFit(null, 0)).toBe(false);
  });

  it('made with an index copy its positions, statuses and criticality codes up to its count', () => {
    const n = 5;
    const ix = {
      count: n,
      x: Float32Array.from([1, 2, NaN, 4, 5, 99]), y: Float32Array.from([6, 7, 8, 9, 10, 99]),
      status: Uint8Array.from([0, 1, 2, 0, 1, 7]), crit: Uint8Array.from([3, 2, 1, 0, 3, 7]),
    };
    const c = premadeClusterColumns(ix);
    expect(c.count).toBe(n);
    expect(Array.from(c.x.subarray(0, n))).toEqual([1, 2, NaN, 4, 5]);
    expect(Array.from(c.y.subarray(0, n))).toEqual([6, 7, 8, 9, 10]);
    expect(Array.from(c.status.subarray(0, n))).toEqual([0, 1, 2, 0, 1]);
    expect(Array.from(c.severity.subarray(0, n))).toEqual([3, 2, 1, 0, 3]);
    expect(c.x[n]).toBe(0); // past the count: room, not the index's slots
    expect(c.x.buffer).not.toBe(ix.x.buffer);
  });

  it('written again with a rank table: the ranks of the codes, and the new count', () => {
    const ix = { count: 3, x: Float32Array.from([1, 2, 3]), y: Float32Array.from([4, 5, 6]), status: Uint8Array.from([0, 1, 2]), crit: Uint8Array.from([2, 0, 1]) };
    const c = writeClusterColumns(emptyClusterColumns(10), ix, [7, 8, 9]);
    expect(c.count).toBe(3);
    expect(Array.from(c.severity.subarray(0, 3))).toEqual([9, 7, 8]);
    expect(Array.from(c.x.subarray(0, 3))).toEqual([1, 2, 3]);
  });
});
