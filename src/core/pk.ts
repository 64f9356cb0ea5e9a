// PK (kilometre point) from image x and back: linear interpolation between kilometre markers sorted by position,
// no extrapolation (docs/product.md#pk). Values rounded to 0.01 km.
import type { ImagePoint } from './types';
import { roundKm } from './format';

export interface PkMarker { position: number; value: number } // position: image px; value: km

/** Markers sorted by image position (stable copy; non-finite entries dropped). */
export function sortMarkers<M extends PkMarker>(markers: readonly M[]): M[] {
  return markers.filter((m) => Number.isFinite(m.position) && Number.isFinite(m.value)).sort((a, b) => a.position - b.position);
}

/** The km at `imageX`, or null with fewer than two markers or outside [first, last] marker position. */
export function interpolateKm(markers: readonly PkMarker[], imageX: number): number | null {
  const km = interpolateKmRaw(sortMarkers(markers), imageX);
  return km === null ? null : roundKm(km);
}

/** Same as interpolateKm on already sorted markers, without rounding (for the ruler and the inverse). */
export function interpolateKmRaw(sorted: readonly PkMarker[], imageX: number): number | null {
  const n = sorted.length;
  if (n < 2 || !Number.isFinite(imageX)) return null;
  if (imageX < sorted[0].position || imageX > sorted[n - 1].position) return null;
  for (let i = 0; i < n - 1; i++) {
    const a = sorted[i];
    const b = sorted[i + 1];
    if (imageX > b.position) continue;
    if (imageX === a.position || b.position === a.position) return a.value;
    return a.value + ((imageX - a.position) / (b.position - a.position)) * (b.value - a.value);
  }
  return sorted[n - 1].value;
}

/**
 * The image x where the line reaches `km`, or null with fewer than two markers or outside the marker values.
 * With non-monotone markers the first matching segment (smallest x) wins.
 */
export function imageXForKm(markers: readonly PkMarker[], km: number): number | null {
  return imageXForKmSorted(sortMarkers(markers), km);
}

export function imageXForKmSorted(sorted: readonly PkMarker[], km: number): number | null {
  if (sorted.length < 2 || !Number.isFinite(km)) return null;
  for (let i = 0; i < sorted.length - 1; i++) {
    const a = sorted[i];
    const b = sorted[i + 1];
    const lo = Math.min(a.value, b.value);
    const hi = Math.max(a.value, b.value);
    if (km < lo || km > hi) continue;
    if (a.value === b.value) return a.position;
    return a.position + ((km - a.value) / (b.value - a.value)) * (b.position - a.position);
  }
  return null;
}

/** A zone's kmStart/kmEnd from its polygon's minimum and maximum x (docs/product.md#pk); null where outside the markers. */
export function zoneKmRange(vertices: readonly ImagePoint[], markers: readonly PkMarker[]): { kmStart: number | null; kmEnd: number | null } {
  if (vertices.length === 0) return { kmStart: null, kmEnd: null };
  let minX = Infinity;
  let maxX = -Infinity;
  for (const v of vertices) {
    if (v.x < minX) minX = v.x;
    if (v.x > maxX) maxX = v.x;
  }
  const sorted = sortMarkers(markers);
  const start = interpolateKmRaw(sorted, minX);
  const end = interpolateKmRaw(sorted, maxX);
  return { kmStart: start === null ? null : roundKm(start), kmEnd: end === null ? null : roundKm(end) };
}

/** Lowest and highest marker value (the bounds of the report PK inputs, docs/product.md#pk); null with fewer than two markers. */
export function markerKmBounds(markers: readonly PkMarker[]): { min: number; max: number } | null {
  const valid = markers.filter((m) => Number.isFinite(m.value) && Number.isFinite(m.position));
  if (valid.length < 2) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const m of valid) {
    if (m.value < min) min = m.value;
    if (m.value > max) max = m.value;
  }
  return { min, max };
}
