// A local metric frame around a reference latitude/longitude: equirectangular projection (metres east and north),
// exact enough over a line's extent (scale error under 0.2 % within 100 km of the reference latitude).
const EARTH_RADIUS_M = 6_371_008.8;
const DEG = Math.PI / 180;

export interface LocalFrame { lat0: number; lon0: number; kx: number; ky: number }

/** The frame centred on (lat0, lon0): kx, ky are metres per degree of longitude and latitude there. */
export function localFrame(lat0: number, lon0: number): LocalFrame {
  const ky = EARTH_RADIUS_M * DEG;
  return { lat0, lon0, kx: ky * Math.cos(lat0 * DEG), ky };
}

/** The frame centred on the middle of the bounding box of [lon, lat] coordinates. */
export function frameFor(coordinates: readonly (readonly [number, number])[]): LocalFrame {
  let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
  for (const [lon, lat] of coordinates) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  if (!Number.isFinite(minLat)) return localFrame(0, 0);
  return localFrame((minLat + maxLat) / 2, (minLon + maxLon) / 2);
}

export function toX(f: LocalFrame, lon: number): number { return (lon - f.lon0) * f.kx; }
export function toY(f: LocalFrame, lat: number): number { return (lat - f.lat0) * f.ky; }
export function toLon(f: LocalFrame, x: number): number { return f.lon0 + x / f.kx; }
export function toLat(f: LocalFrame, y: number): number { return f.lat0 + y / f.ky; }

/** Distance in metres between two WGS 84 positions (haversine). */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * DEG;
  const dLon = (lon2 - lon1) * DEG;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
