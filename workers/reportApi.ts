// The report's classification API (docs/product.md#report-rules) over src/core/report, run by workers/report.worker.ts
// or on the main thread where it cannot start; typed arrays in and out (transferred from the worker).
import * as Comlink from 'comlink';
import { buildZoneIndex, classifyPoints, type PointArrays } from '../src/core/report/classify';
import { planReport } from '../src/core/report/plan';
import type { ImagePoint } from '../src/core/types';

export const reportApi = {
  /** Per-point codes (zone index, OUTSIDE_ZONES or NOT_ELIGIBLE); the result buffer is transferred back. */
  classify(points: PointArrays, start: number, end: number, zones: ImagePoint[][]): Int32Array {
    const codes = classifyPoints(points, start, end, buildZoneIndex(zones));
    return Comlink.transfer(codes, [codes.buffer as ArrayBuffer]);
  },
  /** Classifies and groups in one go (issue 10): sections of point indices in km order; the rows buffer is transferred. */
  plan(points: PointArrays, start: number, end: number, zones: ImagePoint[][], zoneKmStart: (number | null)[], selected: boolean[]) {
    const codes = classifyPoints(points, start, end, buildZoneIndex(zones));
    const plan = planReport(codes, points.km, zoneKmStart, selected);
    return Comlink.transfer(plan, [plan.rows.buffer as ArrayBuffer]);
  },
  /**
   * plan() on arrays lent by the page (issue 19: no 25 MB copy at 1M points): positions and km go back with the plan,
   * transferred both ways. The arrays must be whole buffers (not views into a larger one).
   */
  planLent(points: PointArrays, start: number, end: number, zones: ImagePoint[][], zoneKmStart: (number | null)[], selected: boolean[]) {
    const codes = classifyPoints(points, start, end, buildZoneIndex(zones));
    const plan = planReport(codes, points.km, zoneKmStart, selected);
    const { xs, ys, km } = points;
    return Comlink.transfer({ plan, xs, ys, km }, [plan.rows.buffer, xs.buffer, ys.buffer, km.buffer] as ArrayBuffer[]);
  },
};

export type ReportWorkerApi = typeof reportApi;
