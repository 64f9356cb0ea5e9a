import { describe, expect, it } from 'vitest';
import { copyColumnsInSlices, trimmedColumns } from './slicedCopy';
import { createPointIndex, indexFromColumns, upsertRows } from './store';
import type { PointIndexRow } from './types';

const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const row = (n: number, status: PointIndexRow['status'] = 'signale'): PointIndexRow => ({
  id: uuid(n), x: n + 0.5, y: 2 * n, km: n % 3 ? n / 10 : null, created: 1000 + n, updated: 2000 + n, status,
  criticality: n % 2 ? 'danger' : 'attention', teamId: n % 4 ? null : 'team-a',
});

describe('copyColumnsInSlices', () => {
  it('copies every column trimmed to the count, pausing between slices', async () => {
    const ix = createPointIndex(64);
    upsertRows(ix, Array.from({ length: 50 }, (_, n) => row(n, n % 5 ? 'signale' : 'resolu')));
    let pauses = 0;
    const copy = await copyColumnsInSlices(ix, async () => { pauses++; }, 8);
    expect(pauses).toBe(6); // 50 rows in 7 slices
    const whole = indexFromColumns(ix); // a copy trimmed to the count, made by the store
    expect(copy).not.toBeNull();
    for (const c of ['idBytes', 'x', 'y', 'km', 'created', 'updated', 'status', 'crit', 'team'] as const) {
      expect(copy![c].length).toBe(whole[c].length);
      expect(Array.from(copy![c] as ArrayLike<number>)).toEqual(Array.from(whole[c] as ArrayLike<number>));
    }
    expect(copy!.count).toBe(50);
    expect(copy!.critKeys).toEqual(ix.critKeys);
    expect(copy!.teamKeys).toEqual(ix.teamKeys);
  });

  it('gives up when the index changes during a pause (never two versions in one copy)', async () => {
    const ix = createPointIndex(64);
    upsertRows(ix, Array.from({ length: 30 }, (_, n) => row(n)));
    let pauses = 0;
    const copy = await copyColumnsInSlices(ix, async () => { if (++pauses === 2) upsertRows(ix, [row(3, 'resolu')]); }, 8);
    expect(copy).toBeNull();
    expect(await copyColumnsInSlices(ix, async () => undefined, 8)).not.toBeNull(); // unchanged since: copied whole
  });
});

describe('trimmedColumns', () => {
  it('is the same copy in one go: every column trimmed to the count, the dictionaries copied', () => {
    const ix = createPointIndex(64);
    upsertRows(ix, Array.from({ length: 21 }, (_, n) => row(n)));
    const copy = trimmedColumns(ix);
    const whole = indexFromColumns(ix); // a copy trimmed to the count, made by the store
    for (const c of ['idBytes', 'x', 'y', 'km', 'created', 'updated', 'status', 'crit', 'team'] as const) {
      expect(Array.from(copy[c] as ArrayLike<number>)).toEqual(Array.from(whole[c] as ArrayLike<number>));
    }
    expect(copy.count).toBe(21);
    expect(copy.critKeys).not.toBe(ix.critKeys);
    expect(copy.critKeys).toEqual(ix.critKeys);
  });
});
