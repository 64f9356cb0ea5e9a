import { describe, expect, it } from 'vitest';
import type { BulkOp } from './bulk';
import type { OutboxItem } from './types';
import { packBulkItem, packBulkOp, unpackBulkItem, unpackBulkOp } from './bulkStorage';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const op = (n: number, version: (i: number) => number | string): BulkOp => ({
  kind: 'bulk', pointId: 'bulk:x',
  groups: [{ set: { status: 'resolu', team_id: null }, ids: Array.from({ length: n }, (_, i) => uuid(i)), versions: Array.from({ length: n }, (_, i) => version(i)) },
    { set: { criticality: 'danger' }, ids: [], versions: [] }],
  before: Array.from({ length: n }, (_, i) => ({ id: uuid(i), version: version(i), status: i % 3 ? 'signale' : 'pris_en_charge', teamId: i % 2 ? `t${i % 5}` : null, criticality: i % 7 ? 'attention' : 'danger' })),
});
const item = (o: OutboxItem['op']): OutboxItem => ({
  id: 'i1', seq: 3, userId: 'u', queuedAt: 1, op: o, view: null, before: null, photos: [], photosDone: [], state: 'pending', error: null, server: null, conflict: null, attempts: 0,
});

describe('bulk item storage', () => {
  it('packs a batch into columns and back exactly (whole-ms versions, ISO versions of an undo)', () => {
    for (const o of [op(1000, (i) => 1_700_000_000_000 + i), op(50, (i) => new Date(1_700_000_000_000 + i).toISOString()), op(0, () => 0)]) {
      const packed = packBulkOp(o);
      expect(typeof packed.packed.before.ids).toBe('string');
      expect(unpackBulkOp(structuredClone(packed))).toEqual(o);
    }
    expect(packBulkOp(op(10, (i) => i)).packed.before.versions).toBeInstanceOf(Float64Array);
  });
  it('leaves other items and items stored before the packed form as they are', () => {
    const update = item({ kind: 'update', pointId: 'p', patch: { status: 'resolu' }, baseVersion: null } as OutboxItem['op']);
    expect(packBulkItem(update)).toBe(update);
    expect(unpackBulkItem(update)).toBe(update);
    const old = item(op(3, (i) => i));
    expect(unpackBulkItem(old)).toBe(old);
    expect(unpackBulkItem(structuredClone(packBulkItem(old)))).toEqual(old);
  });
  it('packs an op once, and reads back a batch this page holds as the same op (a changed one is unpacked anew)', () => {
    const o = op(100, (i) => 1_700_000_000_000 + i);
    const a = packBulkItem(item(o));
    expect(packBulkItem({ ...item(o), state: 'sending' }).op).toBe(a.op); // a state change does not pack the rows again
    const stored = structuredClone(a);
    const held = unpackBulkItem(stored, [o]);
    expect(held.op).toBe(o);
    expect(unpackBulkItem(structuredClone(a)).op).not.toBe(o);
    expect(unpackBulkItem(structuredClone(a)).op).toEqual(o);
    const rebased = op(100, (i) => 1_700_000_000_000 + i + (i === 7 ? 1 : 0));
    const other = unpackBulkItem(structuredClone(packBulkItem(item(rebased))), [o]);
    expect(other.op).not.toBe(o);
    expect(other.op).toEqual(rebased);
  });
});
