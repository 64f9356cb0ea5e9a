// The rules of a batch in the outbox: its points, its overlay, its own earlier write told from a real conflict,
// and the rebase of later changes on the versions it produced.
import { describe, expect, it } from 'vitest';
import { bulkOverlay, fieldsOfSet, pointIdsOf, rebaseAfterBulk, sameVersion, splitConflicts, touchesPoint, type BulkOp } from './bulk';
import { nextToSend, rebaseAfter } from './order';
import { enqueue } from './coalesce';
import { item } from './testItems';

const V1 = Date.parse('2026-11-25T08:00:00.123Z');
const bulk = (ids: string[], set: BulkOp['groups'][number]['set'], versions = ids.map(() => V1)): BulkOp =>
  ({ kind: 'bulk', pointId: `bulk:${ids.join(',')}`, groups: [{ set, ids, versions }], before: ids.map((id) => ({ id, version: V1, status: 'signale', teamId: null, criticality: 'attention' })) });

describe('a batch in the outbox', () => {
  it('changes every point of its groups, and is one item that is never merged into a point’s change', () => {
    const op = bulk(['a', 'b', 'c'], { status: 'resolu' });
    expect(pointIdsOf(op)).toEqual(['a', 'b', 'c']);
    expect(touchesPoint(op, 'b')).toBe(true);
    expect(touchesPoint(op, 'z')).toBe(false);
    const single = item({ kind: 'update', pointId: 'a', patch: { name: 'X' }, baseVersion: 'v1' });
    const r = enqueue([single], item(op));
    expect(r.items).toHaveLength(2);
    expect(r.put[0].op.kind).toBe('bulk');
  });

  it('shows its values in the form’s terms, a later batch winning', () => {
    expect(fieldsOfSet({ team_id: null })).toEqual({ teamId: null });
    expect(fieldsOfSet({ status: 'resolu', criticality: 'danger' })).toEqual({ status: 'resolu', criticality: 'danger' });
    const first = item(bulk(['a', 'b'], { status: 'pris_en_charge' }));
    const second = item(bulk(['b'], { status: 'resolu', team_id: 't1' }));
    const single = item({ kind: 'update', pointId: 'c', patch: { name: 'X' }, baseVersion: 'v1' });
    const o = bulkOverlay([second, single, first]);
    expect(o.get('a')).toEqual({ status: 'pris_en_charge' });
    expect(o.get('b')).toEqual({ status: 'resolu', teamId: 't1' });
    expect(o.has('c')).toBe(false);
  });

  it('tells its own earlier write (values already there) from a row someone else changed', () => {
    const op = bulk(['a', 'b', 'c'], { status: 'resolu', team_id: null });
    const { landed, real } = splitConflicts(op.groups, [
      { id: 'a', updated_at: '2026-11-25T09:00:00Z', status: 'resolu', team_id: null, criticality: 'danger' }, // landed (criticality not set by the batch)
      { id: 'b', updated_at: '2026-11-25T09:00:01Z', status: 'signale', team_id: null, criticality: 'attention' }, // real
      { id: 'c', updated_at: '2026-11-25T09:00:02Z', status: 'resolu', team_id: 't9', criticality: 'attention' }, // real: team differs
    ]);
    expect(landed).toEqual([['a', '2026-11-25T09:00:00Z']]);
    expect(real.map((c) => c.id)).toEqual(['b', 'c']);
  });

  it('an assignee batch landed only where the row holds that assignee', () => {
    const op = bulk(['a', 'b', 'c'], { assignee_id: 'u1' });
    const { landed, real } = splitConflicts(op.groups, [
      { id: 'a', updated_at: '2026-11-25T09:00:00Z', status: 'signale', team_id: 't1', criticality: 'danger', assignee_id: 'u1' }, // landed
      { id: 'b', updated_at: '2026-11-25T09:00:01Z', status: 'signale', team_id: 't1', criticality: 'danger', assignee_id: 'u2' }, // real
      { id: 'c', updated_at: '2026-11-25T09:00:02Z', status: 'signale', team_id: 't1', criticality: 'danger', assignee_id: null }, // real
    ]);
    expect(landed.map(([id]) => id)).toEqual(['a']);
    expect(real.map((c) => c.id)).toEqual(['b', 'c']);
    const cleared = splitConflicts(bulk(['d'], { assignee_id: null }).groups,
      [{ id: 'd', updated_at: '2026-11-25T09:00:03Z', status: 'signale', team_id: null, criticality: 'danger' }]);
    expect(cleared.landed.map(([id]) => id)).toEqual(['d']);
  });

  it('compares versions at the millisecond, ISO text or whole ms', () => {
    expect(sameVersion('2026-11-25T08:00:00.123456+00:00', V1)).toBe(true);
    expect(sameVersion('2026-11-25T08:00:00.124Z', V1)).toBe(false);
    expect(sameVersion(null, V1)).toBe(false);
  });

  it('rebases the later changes of its points on the versions it produced, not the others', () => {
    const b = item(bulk(['a', 'b'], { status: 'resolu' }));
    const later = item({ kind: 'update', pointId: 'a', patch: { name: 'X' }, baseVersion: new Date(V1).toISOString() });
    const other = item({ kind: 'update', pointId: 'b', patch: { name: 'Y' }, baseVersion: '2026-11-25T07:00:00Z' }); // based on something else
    const laterBulk = item(bulk(['b'], { criticality: 'danger' }));
    const out = rebaseAfterBulk([b, later, other, laterBulk], b, new Map([['a', '2026-11-25T10:00:00Z'], ['b', '2026-11-25T10:00:01Z']]));
    expect(out.map((i) => i.id)).toEqual([later.id, laterBulk.id]);
    expect(out[0].op.kind === 'update' && out[0].op.baseVersion).toBe('2026-11-25T10:00:00Z');
    expect(out[1].op.kind === 'bulk' && out[1].op.groups[0].versions).toEqual([Date.parse('2026-11-25T10:00:01Z')]);
  });

  it('is rebased itself when an earlier change of one of its points lands', () => {
    const base = new Date(V1).toISOString();
    const single = item({ kind: 'update', pointId: 'b', patch: { name: 'Y' }, baseVersion: base });
    const b = item(bulk(['a', 'b'], { status: 'resolu' }));
    const out = rebaseAfter([single, b], single, '2026-11-25T11:00:00Z');
    expect(out).toHaveLength(1);
    expect(out[0].op.kind === 'bulk' && out[0].op.groups[0].versions).toEqual([V1, Date.parse('2026-11-25T11:00:00Z')]);
  });

  it('is replayed in its turn (FIFO), one item for all its rows', () => {
    const b = item(bulk(['a', 'b'], { status: 'resolu' }));
    const after = item({ kind: 'update', pointId: 'a', patch: { name: 'X' }, baseVersion: 'v1' });
    expect(nextToSend([after, b])?.id).toBe(b.id);
  });
});
