// The waiting batches laid over the index in slices: a re-lay superseded before it starts lays nothing
// (a batch discarded meanwhile is never laid again), the newer one lays its own batches whole and publishes once.
import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../store';
import { pointIndexAtom } from '../pointIndex';
import { createPointIndex, findSlot, upsertRows } from '../../core/pointIndex/store';
import { STATUS_BY_CODE, type PointIndexRow } from '../../core/pointIndex/types';
import type { OutboxItem } from '../../core/outbox/types';
import type { BulkOp } from '../../core/outbox/bulk';
import { resetSessionState } from '../signOutReset';
import { showBulkOverlayOf } from './bulkPointsPort';

const N = 2_500; // points per batch: above SLICE_ROWS, so laid in slices
const id = (batch: number, k: number) => `00000000-0000-4000-8000-${String(batch * 100_000 + k).padStart(12, '0')}`;
const T0 = Date.parse('2026-11-01T08:00:00Z');

function indexWith(ids: string[]) {
  const ix = createPointIndex(ids.length);
  const rows: PointIndexRow[] = ids.map((i, k) => ({ id: i, x: k, y: 10, km: 1, created: T0, updated: T0, status: 'signale', criticality: 'faible', teamId: null }));
  upsertRows(ix, rows);
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: null });
  return ix;
}

function batch(seq: number, ids: string[], status: 'pris_en_charge' | 'resolu'): OutboxItem {
  const op: BulkOp = { kind: 'bulk', pointId: `bulk:${seq}`, groups: [{ set: { status }, ids, versions: ids.map(() => T0) }], before: [] };
  return { id: `item-${seq}`, seq, userId: 'u', queuedAt: T0, op, view: null, before: null, photos: [], photosDone: [], state: 'pending', error: null, server: null, conflict: null, attempts: 0 };
}

/** Lets every slice run (each waits for a macrotask). */
const slicesDone = () => new Promise((r) => setTimeout(r, 200));

afterEach(() => resetSessionState());

describe('showBulkOverlayOf', () => {
  it('lays a batch over 1,000 points in slices, then publishes once', async () => {
    const a = Array.from({ length: N }, (_, k) => id(1, k));
    const ix = indexWith(a);
    let publishes = 0;
    const off = store.sub(pointIndexAtom, () => publishes++);
    showBulkOverlayOf([batch(1, a, 'pris_en_charge')]);
    expect(STATUS_BY_CODE[ix.status[findSlot(ix, a[0])]]).toBe('signale'); // not in the publishing task
    await slicesDone();
    off();
    expect(a.every((i) => STATUS_BY_CODE[ix.status[findSlot(ix, i)]] === 'pris_en_charge')).toBe(true);
    expect(publishes).toBe(1);
  });

  it('a re-lay superseded before it starts lays nothing: a batch discarded meanwhile is not laid again', async () => {
    const a = Array.from({ length: N }, (_, k) => id(1, k));
    const b = Array.from({ length: N }, (_, k) => id(2, k));
    const ix = indexWith([...a, ...b]);
    showBulkOverlayOf([batch(1, a, 'resolu'), batch(2, b, 'pris_en_charge')]); // both waiting
    showBulkOverlayOf([batch(2, b, 'pris_en_charge')]); // batch 1 discarded before the first re-lay began
    await slicesDone();
    expect(a.filter((i) => STATUS_BY_CODE[ix.status[findSlot(ix, i)]] !== 'signale')).toEqual([]);
    expect(b.every((i) => STATUS_BY_CODE[ix.status[findSlot(ix, i)]] === 'pris_en_charge')).toBe(true);
  });
});
