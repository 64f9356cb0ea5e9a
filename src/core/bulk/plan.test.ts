import { describe, expect, it } from 'vitest';
import { batchGroups, chunkGroups, undoGroups, undoableSet, type BulkRow } from './plan';

const row = (i: number, over: Partial<BulkRow> = {}): BulkRow => ({ id: `p${i}`, version: 1000 + i, status: 'signale', teamId: null, criticality: 'attention', ...over });

describe('chunkGroups', () => {
  it('keeps every row once, in order, at most max per request', () => {
    const groups = [{ set: { status: 'resolu' as const }, ids: ['a', 'b', 'c'], versions: [1, 2, 3] }, { set: { status: 'signale' as const }, ids: ['d', 'e'], versions: [4, 5] }];
    const chunks = chunkGroups(groups, 2);
    expect(chunks.map((c) => c.map((g) => g.ids))).toEqual([[['a', 'b']], [['c'], ['d']], [['e']]]);
    expect(chunks[1][1]).toEqual({ set: { status: 'signale' }, ids: ['d'], versions: [4] });
    expect(chunkGroups([], 2)).toEqual([]);
  });
  it('25,000 rows make 3 requests of at most 10,000', () => {
    const rows = Array.from({ length: 25_000 }, (_, i) => row(i));
    const chunks = chunkGroups(batchGroups(rows, { status: 'resolu' }));
    expect(chunks.map((c) => c.reduce((n, g) => n + g.ids.length, 0))).toEqual([10_000, 10_000, 5_000]);
  });
});

describe('undoGroups', () => {
  it('puts each written row back to its former values, one group per former value, at the batch versions', () => {
    const before = [row(1), row(2, { status: 'pris_en_charge', teamId: 't1' }), row(3, { teamId: 't1' }), row(4)];
    const updated = new Map([['p1', 'v1'], ['p2', 'v2'], ['p3', 'v3']]); // p4: a conflict, not written
    const groups = undoGroups(before, { status: 'resolu', team_id: 't2' }, updated);
    expect(groups).toEqual([
      { set: { status: 'signale', team_id: null }, ids: ['p1'], versions: ['v1'] },
      { set: { status: 'pris_en_charge', team_id: 't1' }, ids: ['p2'], versions: ['v2'] },
      { set: { status: 'signale', team_id: 't1' }, ids: ['p3'], versions: ['v3'] },
    ]);
  });
  it('only the fields the batch set are restored', () => {
    const groups = undoGroups([row(1, { criticality: 'danger' }), row(2)], { criticality: 'danger' }, new Map([['p2', 'v']]));
    expect(groups).toEqual([{ set: { criticality: 'attention' }, ids: ['p2'], versions: ['v'] }]);
  });
});

describe('undoableSet', () => {
  it('undoes status, team and criticality batches, not an assignee one (the former assignees are not held)', () => {
    expect(undoableSet({ status: 'resolu' })).toBe(true);
    expect(undoableSet({ team_id: null, criticality: 'danger' })).toBe(true);
    expect(undoableSet({ assignee_id: 'u1' })).toBe(false);
    expect(undoableSet({ assignee_id: null })).toBe(false);
  });
});
