// A line's index restored from its stored record: a copy of the columns (the record stays untouched), every id
// found by the new hash, the newest-first order, and the record's cursor and save time carried over.
import { describe, expect, it } from 'vitest';
import { restoredFromRecord } from './restored';
import { createPointIndex, findSlot, idAt, upsertRows } from './store';
import { newestFirstOrder } from './queries';

const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;

describe('restoredFromRecord', () => {
  it('copies the columns, hashes every id, orders newest first, keeps the cursor', () => {
    const src = createPointIndex(8);
    upsertRows(src, Array.from({ length: 300 }, (_, n) => ({
      id: uuid(n), x: n, y: n % 40, km: n / 10, created: 1_000 + ((n * 37) % 120), updated: 2_000 + n,
      status: (['signale', 'pris_en_charge', 'resolu'] as const)[n % 3], criticality: `c${n % 4}`, teamId: n % 5 ? `t${n % 3}` : null,
    })));
    const rec = { ...src, cursorMs: 1_700_000_000_000, savedAt: 1_700_000_000_500 };
    const r = restoredFromRecord(rec);
    expect(r.index.count).toBe(300);
    expect(r.index.x).not.toBe(src.x); // a copy
    for (let n = 0; n < 300; n++) {
      const slot = findSlot(r.index, uuid(n));
      expect(slot).toBeGreaterThanOrEqual(0);
      expect(r.index.x[slot]).toBe(n);
      expect(r.index.critKeys[r.index.crit[slot]]).toBe(`c${n % 4}`);
    }
    expect(Array.from(r.order)).toEqual(Array.from(newestFirstOrder(src)));
    for (let i = 1; i < r.order.length; i++) expect(r.index.created[r.order[i - 1]]).toBeGreaterThanOrEqual(r.index.created[r.order[i]]);
    expect(idAt(r.index, r.order[0])).toBe(idAt(src, newestFirstOrder(src)[0]));
    expect([r.cursorMs, r.savedAt]).toEqual([1_700_000_000_000, 1_700_000_000_500]);
  });
});
