// The sidebar's filtered slots kept per newest-first order: the last two filters of one snapshot are reused, a new
// snapshot (the index changed in place, published before its new order) is filtered again.
import { describe, expect, it } from 'vitest';
import { createPointIndex, upsertRows } from '../../core/pointIndex/store';
import { filterSlots, indexViews, newestFirstOrder } from '../../core/pointIndex/queries';
import type { PointIndexRow } from '../../core/pointIndex/types';
import { filterSlotsKept } from './useSidebarData';

const STATUSES = ['signale', 'pris_en_charge', 'resolu'] as const;
const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const row = (n: number, over: Partial<PointIndexRow> = {}): PointIndexRow => ({ id: uuid(n), x: n, y: n, km: null, created: n, updated: n, status: STATUSES[n % 3], criticality: 'attention', teamId: null, ...over });

describe('filterSlotsKept', () => {
  it('reuses the last two filters of a snapshot and filters a new snapshot again', () => {
    const index = createPointIndex(16);
    upsertRows(index, Array.from({ length: 9 }, (_, n) => row(n)));
    const order = newestFirstOrder(index);
    const snap = { index, version: index.version, line: null };
    const tous = filterSlotsKept(snap, order, 'tous');
    expect(Array.from(tous)).toEqual(Array.from(filterSlots(index, order, 'tous')));
    const signale = filterSlotsKept(snap, order, 'signale');
    expect(filterSlotsKept(snap, order, 'tous')).toBe(tous);
    expect(filterSlotsKept(snap, order, 'signale')).toBe(signale);
    filterSlotsKept(snap, order, 'resolu'); // a third: the least recent ('tous') goes
    expect(filterSlotsKept(snap, order, 'tous')).not.toBe(tous);
    upsertRows(index, [row(0, { status: 'resolu' })]); // same order, new snapshot
    const next = { index, version: index.version, line: null };
    const after = filterSlotsKept(next, order, 'tous');
    expect(Array.from(after)).not.toContain(0);
    expect(Array.from(after)).toEqual(Array.from(filterSlots(index, order, 'tous')));
  });

  it("takes a snapshot's views for their filter and order, and filters for any other", () => {
    const index = createPointIndex(16);
    upsertRows(index, Array.from({ length: 9 }, (_, n) => row(n)));
    const order = newestFirstOrder(index);
    const views = indexViews(index, order, 'signale');
    const snap = { index, version: index.version, line: null, views };
    expect(filterSlotsKept(snap, order, 'signale')).toBe(views.listSlots);
    const tous = filterSlotsKept(snap, order, 'tous');
    expect(tous).not.toBe(views.listSlots);
    expect(Array.from(tous)).toEqual(Array.from(filterSlots(index, order, 'tous')));
    const otherOrder = Int32Array.from(order);
    expect(filterSlotsKept(snap, otherOrder, 'signale')).not.toBe(views.listSlots); // an order sorted since
  });
});
