// A line's index restored from its stored record: every id found by the new hash, the newest-first order (the stored
// one when the record has it), the record's cursor and save time carried over; the record's arrays taken as they are
// when of its exact size (a fresh read from storage), copied otherwise.
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

  it("takes a record of exact size as it is, with its stored order; grows it on the next insert", () => {
    const src = createPointIndex(8);
    upsertRows(src, Array.from({ length: 40 }, (_, n) => ({
      id: uuid(n), x: n, y: 0, km: null, created: 1_000 + n, updated: 2_000, status: 'signale' as const, criticality: 'c', teamId: null,
    })));
    const exact = { ...src, idBytes: src.idBytes.slice(0, 40 * 16), x: src.x.slice(0, 40), y: src.y.slice(0, 40), km: src.km.slice(0, 40),
      created: src.created.slice(0, 40), updated: src.updated.slice(0, 40), status: src.status.slice(0, 40), crit: src.crit.slice(0, 40),
      team: src.team.slice(0, 40), cursorMs: 1, savedAt: 2 };
    const stored = newestFirstOrder(src);
    const r = restoredFromRecord({ ...exact, order: stored });
    expect(r.index.x).toBe(exact.x); // adopted, not copied
    expect(r.index.idBytes).toBe(exact.idBytes);
    expect(r.order).toBe(stored); // not sorted again
    expect(findSlot(r.index, uuid(17))).toBe(17);
    // An order of another size is ignored (sorted again).
    expect(restoredFromRecord({ ...exact, order: new Int32Array(3) }).order.length).toBe(40);
    upsertRows(r.index, [{ id: uuid(99), x: 99, y: 0, km: null, created: 9_999, updated: 2_000, status: 'signale', criticality: 'c', teamId: null }]);
    expect(r.index.count).toBe(41);
    expect(r.index.x[findSlot(r.index, uuid(99))]).toBe(99);
    expect(findSlot(r.index, uuid(17))).toBe(17);
  });
});
