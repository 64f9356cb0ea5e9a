import { describe, expect, it } from 'vitest';
import { createPointIndex, findSlot, upsertRows } from '../pointIndex/store';
import type { PointIndex, PointIndexRow } from '../pointIndex/types';
import { bulkRowAt, indexRowWith, setFieldsAt, type IndexFields } from './indexRows';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const seeded = (): PointIndex => {
  const ix = createPointIndex(8);
  const rows: PointIndexRow[] = Array.from({ length: 5 }, (_, i) => ({
    id: uuid(i), x: i, y: 2 * i, km: i % 2 ? null : i / 10, created: 1000 + i, updated: 2000 + i,
    status: 'signale', criticality: 'attention', teamId: i % 2 ? 't1' : null,
  }));
  upsertRows(ix, rows);
  return ix;
};
const columns = (ix: PointIndex) => ({
  status: [...ix.status.subarray(0, ix.count)], crit: [...ix.crit.subarray(0, ix.count)], team: [...ix.team.subarray(0, ix.count)],
  updated: [...ix.updated.subarray(0, ix.count)], x: [...ix.x.subarray(0, ix.count)], km: [...ix.km.subarray(0, ix.count)],
  critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys],
});

describe('setFieldsAt', () => {
  it('writes the same columns as upsertRows of indexRowWith, for every kind of field', () => {
    const cases: IndexFields[] = [{ status: 'resolu' }, { criticality: 'danger' }, { teamId: 't2' }, { teamId: null },
      { status: 'pris_en_charge', criticality: 'attention', teamId: 't1' }, {}];
    for (const f of cases) {
      const viaRows = seeded();
      const inPlace = seeded();
      for (let i = 0; i < 5; i++) {
        const slot = findSlot(viaRows, uuid(i));
        upsertRows(viaRows, [indexRowWith(viaRows, slot, f, 3000 + i)]);
        setFieldsAt(inPlace, findSlot(inPlace, uuid(i)), f, 3000 + i);
      }
      expect(columns(inPlace), JSON.stringify(f)).toEqual(columns(viaRows));
    }
  });
});

describe('bulkRowAt', () => {
  it('is the index row\'s id, version and batch fields', () => {
    const ix = seeded();
    for (let i = 0; i < 5; i++) {
      const slot = findSlot(ix, uuid(i));
      const r = indexRowWith(ix, slot, {}, ix.updated[slot]);
      const want = { id: r.id, version: r.updated, status: r.status, teamId: r.teamId, criticality: r.criticality };
      expect(bulkRowAt(ix, slot)).toEqual(want);
      expect(bulkRowAt(ix, slot, uuid(i))).toEqual(want);
    }
  });
});
