// splitSpecs: every spec in exactly one group, groups in name order, costs balanced, the same split every time.
import { describe, expect, it } from 'vitest';
import { splitSpecs } from './e2eShards.mjs';

describe('splitSpecs', () => {
  const files = ['d.spec.ts', 'a.spec.ts', 'heavy.spec.ts', 'c.spec.ts', 'b.spec.ts', 'e.spec.ts'];
  const weight = { 'heavy.spec.ts': 5 };

  it('puts every file in exactly one group, each group in name order', () => {
    const groups = splitSpecs(files, 2, weight);
    expect(groups.flat().sort()).toEqual([...files].sort());
    for (const g of groups) expect(g).toEqual([...g].sort());
  });

  it('balances the cost: the heavy spec alone against the rest', () => {
    expect(splitSpecs(files, 2, weight)).toEqual([['heavy.spec.ts'], ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts']]);
    const even = splitSpecs(['a', 'b', 'c', 'd'], 2, {});
    expect(even.map((g) => g.length)).toEqual([2, 2]);
  });

  it('gives the same split whatever the order of the list', () => {
    expect(splitSpecs([...files].reverse(), 2, weight)).toEqual(splitSpecs(files, 2, weight));
  });

  it('makes no empty group: one group for one file, one group when asked for one', () => {
    expect(splitSpecs(['only.spec.ts'], 2)).toEqual([['only.spec.ts']]);
    expect(splitSpecs(files, 1, weight)).toEqual([[...files].sort()]);
  });
});
