// The report's classification API (docs/product.md#report-rules) over src/core/report, run by workers/report.worker.ts
// or on the main thread where it cannot start; typed arrays in and out (transferred from the worker).
import * as Comlink from 'comlink';
import { buildZoneIndex, classifyPoints, type PointArrays } from '../src/core/report/classify';
import { planReport } from '../src/core/report/plan';
import type { ImagePoint } from '../src/core/types';
import { resolvedMask } from '../src/core/report/reportIndex';

/** What the page lends for a plan: positions, km, and status codes (STATUS_CODES of src/core/report/reportIndex). */
export interface LentPoints { xs: PointArrays['xs']; ys: PointArrays['ys']; km: Float64Array; status: Uint8Array }

export const reportApi = {
  /** Per-point codes (zone index, OUTSIDE_ZONES or NOT_ELIGIBLE); the result buffer is transferred back. */
  classify(points: PointArrays, start: number, end: number, zones: ImagePoint[][]): Int32Array {
    const codes = classifyPoints(points, start, end, buildZoneIndex(zones));
    return Comlink.transfer(codes, [codes.buffer as ArrayBuffer]);
  },
  /**
   * Classifies and groups in one go: sections of point indices in km order. The arrays are lent by the page
   * (no copy and no main-thread pass): positions, km and status codes go back with the
   * plan, transferred both ways. The arrays must be whole buffers (not views).
   */
  planLent(points: LentPoints, start: number, end: number, zones: ImagePoint[][], zoneKmStart: (number | null)[], selected: boolean[]) {
    const { xs, ys, km, status } = points;
    const codes = classifyPoints({ xs, ys, km, resolved: resolvedMask(status) }, start, end, buildZoneIndex(zones));
    const plan = planReport(codes, km, zoneKmStart, selected);
    return Comlink.transfer({ plan, xs, ys, km, status }, [plan.rows.buffer, xs.buffer, ys.buffer, km.buffer, status.buffer] as ArrayBuffer[]);
  },
};

export type ReportWorkerApi = typeof reportApi;
