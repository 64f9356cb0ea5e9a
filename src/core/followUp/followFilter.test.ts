import { describe, expect, it } from 'vitest';
import { followFilterParams, slotsWithIds } from './followFilter';
import { indexOfPoints } from '../../../test/fixtures/pointIndex/fromPoints';
import { findSlot } from '../pointIndex/store';
import { point } from '../outbox/testItems';

const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];

describe('follow-up filters', () => {
  it('asks the server for the right points', () => {
    expect(followFilterParams('assigned', 'u1', 0)).toEqual({ assignee_id: 'eq.u1' });
    expect(followFilterParams('mine', 'u1', 0)).toEqual({ or: '(created_by.eq.u1,assignee_id.eq.u1)' });
    expect(followFilterParams('late', 'u1', Date.parse('2026-12-05T10:00:00Z'))).toEqual({ due_at: 'lt.2026-12-05T10:00:00.000Z', status: 'neq.resolu' });
  });

  it('keeps the slots of the ids, in the list order', () => {
    const ix = indexOfPoints(ids.map((id) => point(id)));
    const order = Int32Array.from([2, 1, 0].map((i) => findSlot(ix, ids[i])));
    expect([...slotsWithIds(ix, order, new Set([ids[0], ids[2], 'autre']))]).toEqual([findSlot(ix, ids[2]), findSlot(ix, ids[0])]);
    expect(slotsWithIds(ix, order, new Set())).toHaveLength(0);
  });
});
