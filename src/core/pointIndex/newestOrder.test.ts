// The radix newest-first order equals the comparator's (created desc, then id bytes asc) on times with fractions,
// ties, negatives and zeros, and reads only the first `count` slots.
import { describe, expect, it } from 'vitest';
import { newestFirstOrder, type CreatedColumns } from './newestOrder';
import { mulberry32 } from '../prng';

function reference(ix: CreatedColumns): number[] {
  const c = ix.created, ids = ix.idBytes;
  return Array.from({ length: ix.count }, (_, i) => i).sort((a, b) => {
    const d = c[b] - c[a];
    if (d) return d;
    for (let k = 0; k < 16; k++) { const e = ids[a * 16 + k] - ids[b * 16 + k]; if (e) return e; }
    return 0;
  });
}

function columns(created: number[], seed = 1, extra = 0): CreatedColumns {
  const rnd = mulberry32(seed);
  const idBytes = new Uint8Array((created.length + extra) * 16);
  for (let i = 0; i < idBytes.length; i++) idBytes[i] = Math.floor(rnd() * 4); // few values: ids share long prefixes
  return { count: created.length, created: Float64Array.from([...created, ...Array(extra).fill(9e15)]), idBytes };
}

describe('newestFirstOrder (radix)', () => {
  it('orders like the comparator on spread times with fractions', () => {
    const rnd = mulberry32(7);
    const ix = columns(Array.from({ length: 5000 }, () => 1_600_000_000_000 + Math.floor(rnd() * 1e11) + Math.floor(rnd() * 1000) / 1000));
    expect(Array.from(newestFirstOrder(ix))).toEqual(reference(ix));
  });

  it('orders equal times by id, and places negatives, zeros and huge times', () => {
    const rnd = mulberry32(3);
    const pool = [0, -0, -1, -1.5, -1e12, 1, 1.5, 2 ** 40, 2 ** 52 + 2, 1_700_000_000_000.25, Number.MAX_VALUE, -Number.MAX_VALUE];
    const ix = columns(Array.from({ length: 3000 }, () => pool[Math.floor(rnd() * pool.length)]), 5);
    const got = Array.from(newestFirstOrder(ix));
    expect(got).toEqual(reference(ix));
    expect(ix.created[got[0]]).toBe(Number.MAX_VALUE);
  });

  it('reads only the first `count` slots, and handles none and one', () => {
    const ix = columns([5, 9, 1], 2, 4);
    expect(Array.from(newestFirstOrder(ix))).toEqual([1, 0, 2]);
    expect(newestFirstOrder(columns([])).length).toBe(0);
    expect(Array.from(newestFirstOrder(columns([42])))).toEqual([0]);
  });

  it('keeps every slot once when all times are equal (the ids decide)', () => {
    const ix = columns(Array(2000).fill(1_700_000_000_000), 9);
    const got = Array.from(newestFirstOrder(ix));
    expect(got).toEqual(reference(ix));
    expect(new Set(got).size).toBe(2000);
  });
});
