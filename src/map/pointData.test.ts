// The map's points derived from the point index: the slots passing the filter (in slot order), the dimmed flags, and
// the cluster worker's coordinates made on demand at the index's precision.
import { describe, expect, it } from 'vitest';
import { createPointIndex, upsertRows } from '../core/pointIndex/store';
import type { PointIndexRow } from '../core/pointIndex/types';
import { indexViews, newestFirstOrder, placedSlots } from '../core/pointIndex/queries';
import { createSeverityScale } from '../core/severity';
import { deriveIndexArrays, deriveIndexArraysKept, mapIndexOfSlot } from './pointData';
import { premadeClusterColumns } from '../core/cluster/columns';
import { offerClusterColumns } from '../state/clusterColumnsHandoff';

const LEVELS = [{ id: 'attention', order: 1, color: '#f59e0b' }, { id: 'danger', order: 2, color: '#dc2626' }];
const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const STATUSES = ['signale', 'pris_en_charge', 'resolu'] as const;
function row(n: number, over: Partial<PointIndexRow> = {}): PointIndexRow {
  return { id: uuid(n), x: 10 * n + 0.5, y: 20 * n + 0.25, km: null, created: n, updated: n, status: STATUSES[n % 3], criticality: n % 2 ? 'danger' : 'attention', teamId: null, ...over };
}

describe('deriveIndexArrays', () => {
  const ix = createPointIndex(16);
  upsertRows(ix, [...Array.from({ length: 9 }, (_, n) => row(n)), row(9, { x: NaN })]);
  const scale = createSeverityScale(LEVELS);

  it("keeps the slots passing the filter ('tous': every status but resolu), without points lacking a position", () => {
    const d = deriveIndexArrays(ix, 'tous', scale);
    expect(Array.from(d.slots)).toEqual([0, 1, 3, 4, 6, 7]); // slot 9 (status 0) has no x
    expect(d.arrays.count).toBe(6);
    expect(Array.from(d.arrays.resolved)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(d.ids[2]).toBe(uuid(3));
    expect(mapIndexOfSlot(d.slots, 4)).toBe(3);
  });

  it('dims exactly the resolved points, under every status filter', () => {
    for (const filter of ['tous', 'signale', 'pris_en_charge', 'resolu'] as const) {
      const d = deriveIndexArrays(ix, filter, scale);
      expect(Array.from(d.arrays.resolved), filter).toEqual(Array.from(d.slots, (s) => (ix.status[s] === 2 ? 1 : 0)));
    }
  });

  it('makes fresh Float32 coordinates and severity ranks for the worker at each call', () => {
    const d = deriveIndexArrays(ix, 'resolu', scale);
    expect(Array.from(d.slots)).toEqual([2, 5, 8]);
    expect(Array.from(d.arrays.resolved)).toEqual([1, 1, 1]);
    const a = d.arrays.clusterInput();
    expect(a.xs).toBeInstanceOf(Float32Array);
    expect(Array.from(a.xs)).toEqual([20.5, 50.5, 80.5]);
    expect(Array.from(a.ys)).toEqual([40.25, 100.25, 160.25]);
    expect(Array.from(a.severity)).toEqual([scale.rankOf('attention'), scale.rankOf('danger'), scale.rankOf('attention')]);
    const b = d.arrays.clusterInput();
    expect(b.xs).not.toBe(a.xs); // each call its own arrays: the caller transfers them
    expect(Array.from(b.xs)).toEqual(Array.from(a.xs));
  });
});

describe('the views made with the index', () => {
  const scale = createSeverityScale(LEVELS);
  it('give the placed slots of their own filter, and no other', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, [...Array.from({ length: 9 }, (_, n) => row(n)), row(9, { x: NaN })]);
    const views = indexViews(ix, newestFirstOrder(ix), 'tous');
    expect(deriveIndexArrays(ix, 'tous', scale, views).slots).toBe(views.placed);
    const resolu = deriveIndexArrays(ix, 'resolu', scale, views).slots;
    expect(resolu).not.toBe(views.placed);
    expect(Array.from(resolu)).toEqual([2, 5, 8]);
  });
});

describe('deriveIndexArraysKept (a line shown again)', () => {
  const scale = createSeverityScale(LEVELS);
  it('reuses the last result of an unchanged index, and derives again after a change, another filter or other levels', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, Array.from({ length: 6 }, (_, n) => row(n)));
    const first = deriveIndexArraysKept(ix, 'tous', scale);
    expect(deriveIndexArraysKept(ix, 'tous', scale)).toBe(first);
    const other = createPointIndex(16);
    upsertRows(other, Array.from({ length: 6 }, (_, n) => row(n)));
    expect(deriveIndexArraysKept(other, 'tous', scale)).not.toBe(first); // per index
    expect(deriveIndexArraysKept(ix, 'tous', scale)).toBe(first);
    expect(deriveIndexArraysKept(ix, 'resolu', scale)).not.toBe(first);
    expect(deriveIndexArraysKept(ix, 'tous', createSeverityScale(LEVELS))).not.toBe(first);
    const before = deriveIndexArraysKept(ix, 'tous', scale);
    upsertRows(ix, [row(7)]); // version bumped
    const after = deriveIndexArraysKept(ix, 'tous', scale);
    expect(after).not.toBe(before);
    expect(Array.from(after.slots)).toEqual(Array.from(deriveIndexArrays(ix, 'tous', scale).slots));
  });
});

describe('the columns the cluster worker filters itself (a filter change sends its pass table)', () => {
  const scale = createSeverityScale(LEVELS);
  it('gives one key per data version and levels, whatever the filter, and columns from which the worker derives the same points', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, [...Array.from({ length: 9 }, (_, n) => row(n)), row(9, { x: NaN })]);
    const tous = deriveIndexArrays(ix, 'tous', scale), resolu = deriveIndexArrays(ix, 'resolu', scale);
    expect(tous.arrays.columns!.key).toBe(resolu.arrays.columns!.key);
    expect(deriveIndexArrays(ix, 'tous', createSeverityScale(LEVELS)).arrays.columns!.key).not.toBe(tous.arrays.columns!.key);
    for (const d of [tous, resolu]) {
      const c = d.arrays.columns!.make();
      expect(c.count).toBe(ix.count);
      const slots = placedSlots(c.x, c.y, c.status, c.count, d.arrays.columns!.pass);
      expect(Array.from(slots)).toEqual(Array.from(d.slots));
      const input = d.arrays.clusterInput();
      expect(Array.from(slots, (s) => c.severity[s])).toEqual(Array.from(input.severity));
      expect(Array.from(slots, (s) => c.x[s])).toEqual(Array.from(input.xs));
    }
    upsertRows(ix, [row(10)]);
    expect(deriveIndexArrays(ix, 'tous', scale).arrays.columns!.key).not.toBe(tous.arrays.columns!.key);
  });

  it('writes into a set given back when it is large enough, and ignores what lies past the count', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, Array.from({ length: 8 }, (_, n) => row(n)));
    const d = deriveIndexArrays(ix, 'tous', scale);
    const roomy = d.arrays.columns!.make();
    roomy.status.fill(0, roomy.count); roomy.x.fill(1, roomy.count); roomy.y.fill(1, roomy.count); // stale slots of an older set
    upsertRows(ix, [row(8)]);
    const next = deriveIndexArrays(ix, 'tous', scale);
    const c = next.arrays.columns!.make(roomy);
    expect(c.x).toBe(roomy.x); // reused
    expect(c.count).toBe(9);
    expect(Array.from(placedSlots(c.x, c.y, c.status, c.count, next.arrays.columns!.pass))).toEqual(Array.from(next.slots));
    const small = { count: 2, x: new Float32Array(2), y: new Float32Array(2), status: new Uint8Array(2), severity: new Uint8Array(2) };
    expect(next.arrays.columns!.make(small).x).not.toBe(small.x); // too small: a new set
  });

  it('writes into the set made with the index (offered at its adoption) with the ranks of the levels, once', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, [...Array.from({ length: 9 }, (_, n) => row(n)), row(9, { x: NaN })]);
    const premade = premadeClusterColumns(ix);
    expect(Array.from(premade.severity.subarray(0, ix.count))).toEqual(Array.from(ix.crit.subarray(0, ix.count))); // codes until the map
    offerClusterColumns(ix, premade);
    const d = deriveIndexArrays(ix, 'tous', scale);
    const c = d.arrays.columns!.make();
    expect(c.x).toBe(premade.x);
    expect(c.severity).toBe(premade.severity);
    const input = d.arrays.clusterInput();
    expect(Array.from(d.slots, (s) => c.severity[s])).toEqual(Array.from(input.severity)); // ranks, not codes
    expect(Array.from(placedSlots(c.x, c.y, c.status, c.count, d.arrays.columns!.pass))).toEqual(Array.from(d.slots));
    expect(d.arrays.columns!.make().x).not.toBe(premade.x); // taken once
    const other = createPointIndex(16);
    upsertRows(other, Array.from({ length: 3 }, (_, n) => row(n)));
    offerClusterColumns(ix, premadeClusterColumns(other)); // another index's set, too small for this one
    expect(d.arrays.columns!.make().x.length).toBeGreaterThanOrEqual(ix.count);
  });

  it('keeps the last two derivations of an index: going back to the previous filter is free', () => {
    const ix = createPointIndex(16);
    upsertRows(ix, Array.from({ length: 6 }, (_, n) => row(n)));
    const tous = deriveIndexArraysKept(ix, 'tous', scale);
    const signale = deriveIndexArraysKept(ix, 'signale', scale);
    expect(deriveIndexArraysKept(ix, 'tous', scale)).toBe(tous);
    expect(deriveIndexArraysKept(ix, 'signale', scale)).toBe(signale);
    deriveIndexArraysKept(ix, 'resolu', scale); // a third one: the least recent ('tous') goes
    expect(deriveIndexArraysKept(ix, 'signale', scale)).toBe(signale);
    expect(deriveIndexArraysKept(ix, 'tous', scale)).not.toBe(tous);
  });
});

