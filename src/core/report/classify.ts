// Point-in-zone classification for the route report (SPEC §5): first zone (given order) whose polygon contains
// the point, via a flatbush index over zone bounding boxes then @turf/boolean-point-in-polygon. Typed arrays in/out.
import Flatbush from 'flatbush';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import type { ImagePoint } from '../types';

/** Result codes per point, besides a zone index >= 0. */
export const NOT_ELIGIBLE = -2; // resolved, no km value, or km outside the range
export const OUTSIDE_ZONES = -1; // eligible but inside no zone polygon

/** Points as parallel typed arrays (image px); km is NaN when the point has no kmValue. */
export interface PointArrays {
  xs: Float64Array;
  ys: Float64Array;
  km: Float64Array;
  /** 1 when the point is resolved (excluded from the report), else 0. */
  resolved: Uint8Array;
}

export interface ZoneIndex {
  /** Turf polygons (closed rings), by zone index; null for a zone with fewer than 3 vertices. */
  polygons: (Polygon | null)[];
  /** Bounding-box index over the valid zones; item i is zone itemZone[i]. Null when no zone is valid. */
  tree: Flatbush | null;
  itemZone: Int32Array;
}

/** A closed turf polygon from zone vertices (image px), or null when it has fewer than 3 vertices. */
export function zonePolygon(vertices: readonly ImagePoint[]): Polygon | null {
  if (vertices.length < 3) return null;
  const ring = vertices.map((v) => [v.x, v.y]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Builds the polygons and the bounding-box index of the zones, kept in their given order. */
export function buildZoneIndex(zones: readonly (readonly ImagePoint[])[]): ZoneIndex {
  const polygons = zones.map(zonePolygon);
  const valid: number[] = [];
  polygons.forEach((p, i) => { if (p) valid.push(i); });
  if (valid.length === 0) return { polygons, tree: null, itemZone: new Int32Array(0) };
  const tree = new Flatbush(valid.length);
  for (const i of valid) {
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const v of zones[i]) {
      if (v.x < minX) minX = v.x;
      if (v.y < minY) minY = v.y;
      if (v.x > maxX) maxX = v.x;
      if (v.y > maxY) maxY = v.y;
    }
    tree.add(minX, minY, maxX, maxY);
  }
  tree.finish();
  return { polygons, tree, itemZone: Int32Array.from(valid) };
}

/**
 * Zone index of each position (the lowest-index zone containing it, edges included) or OUTSIDE_ZONES.
 * Only zones whose bounding box contains the position are tested with turf.
 */
export function classifyPositions(xs: Float64Array, ys: Float64Array, index: ZoneIndex, out = new Int32Array(xs.length)): Int32Array {
  const { tree, polygons, itemZone } = index;
  if (!tree) return out.fill(OUTSIDE_ZONES);
  const pt: [number, number] = [0, 0];
  let best = OUTSIDE_ZONES;
  const test = (item: number): boolean => {
    const z = itemZone[item];
    if ((best < 0 || z < best) && booleanPointInPolygon(pt, polygons[z]!)) best = z;
    return false; // never collect: the answer is in `best`
  };
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    const y = ys[i];
    pt[0] = x;
    pt[1] = y;
    best = OUTSIDE_ZONES;
    tree.search(x, y, x, y, test);
    out[i] = best;
  }
  return out;
}

/** Whether a point takes part in the report: not resolved, with a km value inside [start, end] (SPEC §5). */
export function isEligible(km: number, resolved: number, start: number, end: number): boolean {
  return resolved === 0 && km === km && km >= start && km <= end;
}

/** Full classification on typed arrays: NOT_ELIGIBLE, OUTSIDE_ZONES, or the zone index, per point. */
export function classifyPoints(points: PointArrays, start: number, end: number, index: ZoneIndex): Int32Array {
  const n = points.xs.length;
  const out = new Int32Array(n);
  const { xs, ys, km, resolved } = points;
  const tree = index.tree;
  const { polygons, itemZone } = index;
  const pt: [number, number] = [0, 0];
  let best = OUTSIDE_ZONES;
  const test = (item: number): boolean => {
    const z = itemZone[item];
    if ((best < 0 || z < best) && booleanPointInPolygon(pt, polygons[z]!)) best = z;
    return false;
  };
  for (let i = 0; i < n; i++) {
    if (!isEligible(km[i], resolved[i], start, end)) { out[i] = NOT_ELIGIBLE; continue; }
    best = OUTSIDE_ZONES;
    if (tree) {
      const x = xs[i];
      const y = ys[i];
      pt[0] = x;
      pt[1] = y;
      tree.search(x, y, x, y, test);
    }
    out[i] = best;
  }
  return out;
}

/** Reference: turf on every point-zone pair, first zone wins. For tests and benchmarks only. */
export function classifyPositionsNaive(xs: Float64Array, ys: Float64Array, polygons: readonly (Polygon | null)[]): Int32Array {
  const out = new Int32Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    out[i] = OUTSIDE_ZONES;
    const pt = [xs[i], ys[i]];
    for (let z = 0; z < polygons.length; z++) {
      const p = polygons[z];
      if (p && booleanPointInPolygon(pt, p)) { out[i] = z; break; }
    }
  }
  return out;
}
