// The one point-in-zone rule (image px): a zone contains a point inside its polygon or on its edges (turf's
// default), and a zone of fewer than MIN_ZONE_VERTICES vertices contains nothing. Used by the map's hit-test,
// the sidebar lists and the route report.
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { MIN_ZONE_VERTICES } from './constants';
import type { ImagePoint } from './types';

/** A zone's closed ring, built once and tested many times; null when the zone has too few vertices. */
export type ZoneRing = Polygon;

/** The closed ring of zone vertices, or null when there are fewer than MIN_ZONE_VERTICES. */
export function zoneRing(vertices: readonly ImagePoint[]): ZoneRing | null {
  if (vertices.length < MIN_ZONE_VERTICES) return null;
  const ring = vertices.map((v) => [v.x, v.y]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

const pt: [number, number] = [0, 0];

/** Whether a prebuilt ring contains (x, y), edges included. */
export function ringContains(ring: ZoneRing, x: number, y: number): boolean {
  pt[0] = x;
  pt[1] = y;
  return booleanPointInPolygon(pt, ring);
}

/** Whether the zone with these vertices contains (x, y), edges included; false under MIN_ZONE_VERTICES. */
export function zoneContains(vertices: readonly ImagePoint[], x: number, y: number): boolean {
  const ring = zoneRing(vertices);
  return ring !== null && ringContains(ring, x, y);
}
