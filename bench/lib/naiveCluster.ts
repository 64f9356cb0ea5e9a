// The naive clustering baseline: 26 independent stock Supercluster indexes (GeoJSON in), one per 0.1 zoom step,
// each clustering the raw points with that step's radius. Image px map to lng/lat with S = max(width, height).
import Supercluster, { type PointFeature as ScPointFeature } from 'supercluster';
import { clusterRadiusImagePx, LEVEL_COUNT } from '../../src/core/cluster/levels';

export type PointFeature = ScPointFeature<{ i: number; severity: number }>;

export const lngOf = (x: number, S: number): number => (360 * x) / S - 180;
/** Inverse Web Mercator of y / S (so supercluster's latY gives y / S back). */
export const latOf = (y: number, S: number): number => (360 * Math.atan(Math.exp(((180 - (y / S) * 360) * Math.PI) / 180))) / Math.PI - 90;

export function toFeatures(xs: Float64Array, ys: Float64Array, severity: Uint8Array, S: number): PointFeature[] {
  const out: PointFeature[] = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    out[i] = { type: 'Feature', properties: { i, severity: severity[i] }, geometry: { type: 'Point', coordinates: [lngOf(xs[i], S), latOf(ys[i], S)] } };
  }
  return out;
}

/** One stock index per level: extent = S and a single zoom 0, so radius / extent = R_level / S. */
export function buildNaive(features: PointFeature[], S: number): Supercluster<{ i: number; severity: number }>[] {
  const indexes = [];
  for (let level = 0; level < LEVEL_COUNT; level++) {
    indexes.push(new Supercluster<{ i: number; severity: number }>({ minZoom: 0, maxZoom: 0, extent: S, radius: clusterRadiusImagePx(level) }).load(features));
  }
  return indexes;
}

/** The image-px bbox as supercluster's [west, south, east, north]. */
export function lngLatBBox(minX: number, minY: number, maxX: number, maxY: number, S: number): [number, number, number, number] {
  return [lngOf(minX, S), latOf(maxY, S), lngOf(maxX, S), latOf(minY, S)];
}
