// The store's upsert/remove/lookup invariants and the queries, on pages decoded from the wire format.
import { describe, expect, it } from 'vitest';
import { decodePointIndexBinary } from './decodeBinary';
import { appendPage, createPointIndex, findSlot, idAt, indexFromColumns, removeIds, reserve, upsertRows } from './store';
import { filterSlots, indexStatusCounts, indexViews, placedSlots, statusPassTable, indexTeamCounts, newestFirstOrder, slotsInPolygon } from './queries';
import type { PointIndexRow } from './types';
import { encodePointIndexBinary } from '../../../test/fixtures/pointIndex/encodeBinary';

const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;
/** One page of these rows, decoded. */
const page = (rows: PointIndexRow[]) => decodePointIndexBinary(encodePointIndexBinary([rows])).pages[0];

const TEAM = '11111111-2222-4333-8444-555555555555';
function row(n: number, over: Partial<PointIndexRow> = {}): PointIndexRow {
  return { id: uuid(n), x: 100 + n + 0.25, y: 50 - n, km: n % 3 ? 12 + n / 100 : null, created: 1_700_000_000_000 + n * 1000, updated: 1_700_000_000_000 + n * 1000,
    status: (['signale', 'pris_en_charge', 'resolu'] as const)[n % 3], criticality: n % 2 ? 'danger' : 'attention', teamId: n % 4 ? TEAM : null, ...over };
}

describe('point index store', () => {
  it('appends pages, finds ids, merges dictionaries, upserts and removes keeping the hash right', () => {
    const ix = createPointIndex(16);
    appendPage(ix, page(Array.from({ length: 300 }, (_, i) => row(i))));
    appendPage(ix, page(Array.from({ length: 100 }, (_, i) => row(300 + i, { criticality: 'faible' }))));
    expect(ix.count).toBe(400);
    expect(ix.critKeys.sort()).toEqual(['attention', 'danger', 'faible']);
    for (let n = 0; n < 400; n++) expect(idAt(ix, findSlot(ix, uuid(n)))).toBe(uuid(n));
    expect(findSlot(ix, uuid(9999))).toBe(-1);

    // An older version never overwrites a newer one; a newer one does.
    const s5 = findSlot(ix, uuid(5));
    expect(ix.status[s5]).toBe(2); // row(5) is resolu
    upsertRows(ix, [row(5, { status: 'signale', updated: 0 })]);
    expect(ix.status[s5]).toBe(2);
    upsertRows(ix, [row(5, { status: 'signale', updated: Date.now() })]);
    expect(ix.status[s5]).toBe(0);
    upsertRows(ix, [row(1000, { criticality: 'nouveau', teamId: null })]);
    expect(ix.count).toBe(401);
    expect(ix.critKeys[ix.crit[findSlot(ix, uuid(1000))]]).toBe('nouveau');

    const gone = Array.from({ length: 150 }, (_, i) => uuid(i * 2));
    expect(removeIds(ix, [...gone, uuid(5555)])).toBe(150);
    expect(ix.count).toBe(251);
    for (const id of gone) expect(findSlot(ix, id)).toBe(-1);
    for (let n = 1; n < 400; n += 2) expect(idAt(ix, findSlot(ix, uuid(n)))).toBe(uuid(n));
    expect(idAt(ix, findSlot(ix, uuid(1000)))).toBe(uuid(1000));
  });

  it('a page of rows the index already holds at the same version touches nothing (a bulk change\'s own echo); a changed one does', () => {
    const ix = createPointIndex(16);
    const rows = Array.from({ length: 50 }, (_, i) => row(i, { km: i % 2 ? null : i }));
    appendPage(ix, page(rows));
    const version = ix.version;
    expect(appendPage(ix, page(rows))).toBe(0);
    expect(ix.version).toBe(version);
    expect(appendPage(ix, page([...rows.slice(0, 49), { ...rows[49], status: 'signale' as const }]))).toBe(1);
    expect(ix.status[findSlot(ix, uuid(49))]).toBe(0);
  });

  it('plain rows go through the page rule: one slot per id, the newer row kept, a non-uuid id left out', () => {
    const ix = createPointIndex(16);
    const older = row(7, { status: 'signale', updated: 1000 });
    const newer = row(7, { status: 'resolu', updated: 2000 });
    expect(upsertRows(ix, [newer, older, { ...row(8), id: 'pas-un-uuid' }])).toBe(1);
    expect(ix.count).toBe(1);
    expect(ix.status[findSlot(ix, uuid(7))]).toBe(2);
    expect(upsertRows(ix, [newer])).toBe(0); // the same row again changes nothing
    expect(upsertRows(ix, [{ ...newer, criticality: 'faible' }])).toBe(1); // same time, other fields: laid over
    expect(ix.critKeys[ix.crit[findSlot(ix, uuid(7))]]).toBe('faible');
  });

  it('a copy from stored columns (the replica record) finds every id and keeps the values', () => {
    const src = createPointIndex(16);
    appendPage(src, page(Array.from({ length: 500 }, (_, i) => row(i))));
    removeIds(src, [uuid(3), uuid(7)]);
    const copy = indexFromColumns(src);
    expect(copy.count).toBe(498);
    expect(copy.version).toBe(1);
    for (let n = 0; n < 500; n++) {
      const s = findSlot(copy, uuid(n));
      if (n === 3 || n === 7) { expect(s).toBe(-1); continue; }
      expect(idAt(copy, s)).toBe(uuid(n));
      const t = findSlot(src, uuid(n));
      expect([copy.x[s], copy.km[s], copy.status[s], copy.critKeys[copy.crit[s]], copy.team[s]]).toEqual([src.x[t], src.km[t], src.status[t], src.critKeys[src.crit[t]], src.team[t]]);
    }
    upsertRows(copy, [row(9000)]); // room to grow like any index
    expect(findSlot(copy, uuid(9000))).toBeGreaterThanOrEqual(0);
  });

  it('counts, orders newest first and filters by status', () => {
    const ix = createPointIndex();
    upsertRows(ix, Array.from({ length: 30 }, (_, i) => row(i, { created: 1000 + (i % 10) })));
    expect(indexStatusCounts(ix)).toEqual({ signale: 10, pris_en_charge: 10, resolu: 10 });
    const teams = indexTeamCounts(ix);
    expect(teams.get('')!.signale + teams.get('')!.pris_en_charge + teams.get('')!.resolu).toBe(8);
    const order = newestFirstOrder(ix);
    for (let k = 1; k < order.length; k++) {
      const a = order[k - 1], b = order[k];
      expect(ix.created[a] > ix.created[b] || (ix.created[a] === ix.created[b] && idAt(ix, a) < idAt(ix, b))).toBe(true);
    }
    const open = filterSlots(ix, order, 'tous');
    expect(open.length).toBe(20);
    expect([...open].every((s) => ix.status[s] !== 2)).toBe(true);
    expect(filterSlots(ix, order, 'resolu').length).toBe(10);
    expect(Array.from(open)).toEqual(Array.from(order).filter((s) => ix.status[s] !== 2)); // the order is kept
    expect(Array.from(filterSlots(ix, Int32Array.from([...order, 99]), 'signale'))).toEqual(Array.from(order).filter((s) => ix.status[s] === 0)); // a slot past the index is left out
  });

  it('derives the map points of a filter: slots that pass and have a position, ascending (placedSlots)', () => {
    expect(Array.from(statusPassTable('tous'))).toEqual([1, 1, 0]);
    expect(Array.from(statusPassTable('pris_en_charge'))).toEqual([0, 1, 0]);
    const x = Float32Array.from([1, NaN, 3, 4, 5, 6]), y = Float32Array.from([1, 2, 3, NaN, 5, 6]);
    const status = Uint8Array.from([0, 0, 2, 1, 1, 0]);
    expect(Array.from(placedSlots(x, y, status, 6, statusPassTable('tous')))).toEqual([0, 4, 5]);
    expect(Array.from(placedSlots(x, y, status, 5, statusPassTable('tous')))).toEqual([0, 4]); // only below count
    expect(Array.from(placedSlots(x, y, status, 6, statusPassTable('resolu')))).toEqual([2]);
  });

  it('makes the views of a filter: the counts, the filtered order and the placed slots, as the separate passes give them', () => {
    const ix = createPointIndex();
    upsertRows(ix, Array.from({ length: 40 }, (_, i) => row(i, i % 7 ? {} : { x: NaN })));
    const order = newestFirstOrder(ix);
    for (const filter of ['tous', 'signale', 'pris_en_charge', 'resolu'] as const) {
      const v = indexViews(ix, order, filter);
      expect(v.filter).toBe(filter);
      expect(v.order).toBe(order);
      expect(v.counts).toEqual(indexStatusCounts(ix));
      expect(Array.from(v.listSlots)).toEqual(Array.from(filterSlots(ix, order, filter)));
      expect(Array.from(v.placed)).toEqual(Array.from(placedSlots(ix.x, ix.y, ix.status, ix.count, statusPassTable(filter))));
      expect(v.placed.length).toBeLessThan(v.listSlots.length + 1); // points without a position are listed, not placed
    }
  });

  it('finds the points inside a polygon', () => {
    const ix = createPointIndex();
    upsertRows(ix, Array.from({ length: 20 }, (_, i) => row(i)));
    // x = 100.25 + n, y = 50 - n: a box around n = 2..5
    const slots = slotsInPolygon(ix, [{ x: 101.5, y: 49 }, { x: 106, y: 49 }, { x: 106, y: 44 }, { x: 101.5, y: 44 }]);
    expect([...slots].map((s) => idAt(ix, s)).sort()).toEqual([2, 3, 4, 5].map(uuid).sort());
  });
});

describe('reserve (a load that knows its size)', () => {
  it('allocates once: pages appended after keep the same arrays and every id is found', () => {
    const ix = createPointIndex(16);
    reserve(ix, 3000);
    const x = ix.x, lookup = ix.lookup;
    for (let p = 0; p < 3; p++) appendPage(ix, page(Array.from({ length: 1000 }, (_, i) => row(p * 1000 + i + 1))));
    expect(ix.count).toBe(3000);
    expect(ix.x).toBe(x); // no reallocation while the pages came in
    expect(ix.lookup).toBe(lookup);
    for (const n of [1, 999, 1000, 2500, 3000]) expect(ix.x[findSlot(ix, uuid(n))]).toBe(Math.fround(100 + n + 0.25));
    expect(findSlot(ix, uuid(3001))).toBe(-1);
  });
});
