// The report's input and plan in Chromium with the real report worker: the index copy is built in
// steps and starts again when the point index changes meanwhile; the positions and km lent to the worker come back
// with the plan, so a second report works on the same copy.
import { afterEach, describe, expect, it } from 'vitest';
import { store } from './store';
import { pointIndexAtom } from './pointIndex';
import { planRouteReport, releaseReportMemory, reportIndexReady } from './reportActions';
import { createPointIndex, upsertRows } from '../core/pointIndex/store';
import type { PointIndexRow } from '../core/pointIndex/types';
import { buildZoneIndex, classifyPoints } from '../core/report/classify';
import { planReport } from '../core/report/plan';
import type { ReportRequest, Zone } from '../core/types';

const id = (k: number) => `00000000-0000-4000-8000-${k.toString(16).padStart(12, '0')}`;
function snapshot(n: number, version: number, xShift = 0) {
  const rows: PointIndexRow[] = Array.from({ length: n }, (_, k) => ({
    id: id(k), x: (k % 12000) + xShift, y: 700 + (k % 300), km: (k % 9973) / 100, created: 0, updated: 0,
    status: k % 7 === 0 ? 'resolu' : 'signale', criticality: 'attention', teamId: null,
  }));
  const index = createPointIndex(n);
  upsertRows(index, rows);
  return { index, version };
}
const ZONE: Zone = {
  id: 'z', name: 'Z', color: '#000', track: 'voie_1', kmStart: 10, kmEnd: 20, createdBy: null, createdAt: '',
  points: [{ x: 1000, y: 600 }, { x: 3000, y: 600 }, { x: 3000, y: 1100 }, { x: 1000, y: 1100 }],
};
const request = { startPoint: 5, endPoint: 60, selectedZones: ['z'] } as unknown as ReportRequest;

afterEach(() => releaseReportMemory());

describe('report input and plan', () => {
  it('lends positions, km and status to the worker and gets them back: two plans on one copy, the same as on the main thread', async () => {
    store.set(pointIndexAtom, snapshot(20_000, 1));
    const ix = await reportIndexReady();
    expect(await reportIndexReady()).toBe(ix); // memoised per index version
    const xs = Array.from(ix.xs), km = Array.from(ix.km), status = Array.from(ix.status);
    const expected = planReport(
      classifyPoints({ xs: ix.xs, ys: ix.ys, km: ix.km, resolved: Uint8Array.from(ix.status, (s) => (s === 2 ? 1 : 0)) }, 5, 60, buildZoneIndex([ZONE.points])),
      ix.km, [10], [true]);
    for (let round = 0; round < 2; round++) {
      const plan = await planRouteReport(request, [ZONE], ix);
      expect(Array.from(plan.rows)).toEqual(Array.from(expected.rows));
      expect(plan.sections).toEqual(expected.sections);
      expect(ix.xs.length).toBe(20_000); // back from the worker, not detached
      expect(Array.from(ix.xs)).toEqual(xs);
      expect(Array.from(ix.km)).toEqual(km);
      expect(Array.from(ix.status)).toEqual(status);
    }
    expect(expected.rows.length).toBeGreaterThan(1000);
  });

  it('builds the copy in steps and starts again from the new index when it changes during the copy', async () => {
    const n = 5000;
    store.set(pointIndexAtom, snapshot(n, 1));
    const pending = reportIndexReady({ step: 1000 }); // five steps
    expect(await Promise.race([pending.then(() => 'done'), Promise.resolve('waiting')])).toBe('waiting');
    const changed = snapshot(n, 2, 0.5); // every x moved by half a pixel
    store.set(pointIndexAtom, changed); // between the two steps
    const ix = await pending;
    expect(ix.xs[3]).toBe(3.5);
    expect(ix.xs[n - 1]).toBe(changed.index.x[n - 1]);
    expect(await reportIndexReady()).toBe(ix); // memoised for the new version
  });
});
