// Report classification worker (SPEC §5): thin Comlink wrapper over src/core/report/classify; typed arrays in and out.
import * as Comlink from 'comlink';
import { buildZoneIndex, classifyPoints, type PointArrays } from '../src/core/report/classify';
import type { ImagePoint } from '../src/core/types';

const api = {
  /** Per-point codes (zone index, OUTSIDE_ZONES or NOT_ELIGIBLE); the result buffer is transferred back. */
  classify(points: PointArrays, start: number, end: number, zones: ImagePoint[][]): Int32Array {
    const codes = classifyPoints(points, start, end, buildZoneIndex(zones));
    return Comlink.transfer(codes, [codes.buffer as ArrayBuffer]);
  },
};

export type ReportWorkerApi = typeof api;
Comlink.expose(api);
