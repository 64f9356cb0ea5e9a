import { describe, expect, it } from 'vitest';
import { nextToSend, rebaseAfter } from './order';
import { fields, item } from './testItems';

describe('outbox replay order', () => {
  it('sends in FIFO order, whatever the array order', () => {
    const a = item({ kind: 'create', pointId: 'p1', fields: fields() });
    const b = item({ kind: 'create', pointId: 'p2', fields: fields() });
    expect(nextToSend([b, a])?.id).toBe(a.id);
    expect(nextToSend([])).toBeNull();
  });

  it('an item left "sending" by a closed page is sent again first (idempotent replay)', () => {
    const a = item({ kind: 'create', pointId: 'p1', fields: fields() }, { state: 'sending' });
    const b = item({ kind: 'create', pointId: 'p2', fields: fields() });
    expect(nextToSend([b, a])?.id).toBe(a.id);
  });

  it('a failed or conflicting item holds back the later changes of its point only', () => {
    for (const state of ['failed', 'conflict'] as const) {
      const a = item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: 'v1' }, { state });
      const a2 = item({ kind: 'update', pointId: 'p1', patch: { name: 'C' }, baseVersion: 'v1' });
      const b = item({ kind: 'create', pointId: 'p2', fields: fields() });
      expect(nextToSend([a, a2, b])?.id).toBe(b.id);
      expect(nextToSend([a, a2])).toBeNull();
    }
  });

  it('after a success, later items of the point state the version the server answered', () => {
    const create = item({ kind: 'create', pointId: 'p1', fields: fields() });
    const edit = item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: null });
    const other = item({ kind: 'update', pointId: 'p2', patch: { name: 'B' }, baseVersion: null });
    const rebased = rebaseAfter([create, edit, other], create, 'v2');
    expect(rebased).toHaveLength(1);
    expect(rebased[0]).toMatchObject({ id: edit.id, op: { baseVersion: 'v2' } });

    const u1 = item({ kind: 'update', pointId: 'p3', patch: { name: 'B' }, baseVersion: 'v1' });
    const u2 = item({ kind: 'delete', pointId: 'p3', baseVersion: 'v1', imageUrl: null });
    const u3 = item({ kind: 'update', pointId: 'p3', patch: { name: 'C' }, baseVersion: 'v9' });
    expect(rebaseAfter([u1, u2, u3], u1, 'v2').map((i) => [i.id, (i.op.kind === 'update' || i.op.kind === 'delete') && i.op.baseVersion])).toEqual([[u2.id, 'v2']]);
  });
});
