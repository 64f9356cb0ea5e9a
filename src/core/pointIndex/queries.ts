// Read-only views of the point index (linear passes over its columns): status counts, the slots passing a status
// filter, in a zone, placed on the map, and the first views of an index.
import { ringContains, zoneRing } from '../zoneContains';
import { bboxContains, bboxOf } from '../geometry';
import { RESOLVED_CODE, STATUS_CODE, type PointIndex } from './types';
import type { ImagePoint } from '../types';

/** 'tous' = every status except resolu (docs/product.md#main-screen). */
export type IndexStatusFilter = 'tous' | 'signale' | 'pris_en_charge' | 'resolu';

export function passes(status: number, filter: IndexStatusFilter): boolean {
  return filter === 'tous' ? status !== RESOLVED_CODE : status === STATUS_CODE[filter];
}

/** The filter as a table: entry `code` is 1 when a point of status code `code` passes (a lookup per point, no call). */
export function statusPassTable(filter: IndexStatusFilter): Uint8Array {
  return Uint8Array.from([0, 1, 2], (code) => (passes(code, filter) ? 1 : 0));
}

/** The map's points: slots below `count` whose status passes `pass` and that have a position, ascending (map index
 * k = k-th slot), one rule for the main thread and the cluster worker. Counted first: allocated once at its size. */
export function placedSlots(x: ArrayLike<number>, y: ArrayLike<number>, status: ArrayLike<number>, count: number, pass: ArrayLike<number>): Int32Array {
  let n = 0;
  // px === px is false for NaN (a point without a position); Float32 values are never ±Infinity from the server
  for (let i = 0; i < count; i++) { const px = x[i], py = y[i]; if (pass[status[i]] === 1 && px === px && py === py) n++; }
  const slots = new Int32Array(n);
  for (let i = 0, k = 0; k < n; i++) { const px = x[i], py = y[i]; if (pass[status[i]] === 1 && px === px && py === py) slots[k++] = i; }
  return slots;
}

export interface Counts3 { signale: number; pris_en_charge: number; resolu: number }
/** The counts of the three status codes stored at c[at], c[at + 1], c[at + 2]. */
const counts3 = (c: ArrayLike<number>, at = 0): Counts3 => ({ signale: c[at], pris_en_charge: c[at + 1], resolu: c[at + 2] });

export function indexStatusCounts(ix: PointIndex): Counts3 {
  const c = [0, 0, 0];
  for (let i = 0; i < ix.count; i++) c[ix.status[i]]++;
  return counts3(c);
}

/** Counts per team id ('' for no team), every status. */
export function indexTeamCounts(ix: PointIndex): Map<string, Counts3> {
  const per = new Uint32Array((ix.teamKeys.length + 1) * 3);
  for (let i = 0; i < ix.count; i++) per[ix.team[i] * 3 + ix.status[i]]++;
  const out = new Map<string, Counts3>();
  for (let t = 0; t <= ix.teamKeys.length; t++) {
    const s = per[t * 3] + per[t * 3 + 1] + per[t * 3 + 2];
    if (s) out.set(t === 0 ? '' : ix.teamKeys[t - 1], counts3(per, t * 3));
  }
  return out;
}

/** Slots inside a polygon, edges included (the point-in-zone rule, ../zoneContains.ts; bounding box first), in slot order. */
export function slotsInPolygon(ix: PointIndex, polygon: readonly ImagePoint[]): Int32Array {
  const ring = zoneRing(polygon);
  const box = bboxOf(polygon);
  if (!ring || !box) return new Int32Array(0);
  const out: number[] = [];
  for (let i = 0; i < ix.count; i++) {
    const x = ix.x[i], y = ix.y[i];
    if (bboxContains(box, x, y) && ringContains(ring, x, y)) out.push(i);
  }
  return Int32Array.from(out);
}

export function countsOfSlots(ix: PointIndex, slots: ArrayLike<number>): Counts3 {
  const c = [0, 0, 0];
  for (let k = 0; k < slots.length; k++) c[ix.status[slots[k]]]++;
  return counts3(c);
}

/** Slots sorted newest first (created desc, then id asc as the server lists them): ./newestOrder.ts. */
export { newestFirstOrder } from './newestOrder';

/** What the lists and the map first read of an index under one filter, made with the index in the point-index API
 * (no pass over every point on the main thread to show it): counts, the filter's slots of `order`, its placed slots. */
export interface IndexViews { filter: IndexStatusFilter; order: Int32Array; counts: Counts3; listSlots: Int32Array; placed: Int32Array }

export function indexViews(ix: PointIndex, order: Int32Array, filter: IndexStatusFilter): IndexViews {
  const placed = placedSlots(ix.x, ix.y, ix.status, ix.count, statusPassTable(filter));
  return { filter, order, counts: indexStatusCounts(ix), listSlots: filterSlots(ix, order, filter), placed };
}

/** The slots of `order` that pass the filter, in the same order. */
export function filterSlots(ix: PointIndex, order: ArrayLike<number>, filter: IndexStatusFilter): Int32Array {
  const pass = statusPassTable(filter), status = ix.status, count = ix.count;
  let n = 0;
  for (let k = 0; k < order.length; k++) { const s = order[k]; if (s < count && pass[status[s]] === 1) n++; }
  const out = new Int32Array(n);
  for (let k = 0, j = 0; j < n; k++) { const s = order[k]; if (s < count && pass[status[s]] === 1) out[j++] = s; }
  return out;
}
