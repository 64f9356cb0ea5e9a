// A located PK and track turned into a place on the line image (docs/product.md#position): x from the ruler's
// markers, y the middle of the track's band (its axis' band when set, else the extent of that track's zones,
// else a default share of the image height).
import type { Track, Zone } from '../types';
import { imageXForKmSorted, sortMarkers, type PkMarker } from '../pk';
import type { LineAxis } from './types';

const DEFAULT_BAND_SHARE: Record<Track, number> = { voie_1: 0.4, voie_2: 0.6 };

/** The y of a track's points on the image. */
export function trackBandY(track: Track, axes: readonly LineAxis[], zones: readonly Zone[], imageHeight: number): number {
  const axis = axes.find((a) => a.track === track && a.bandYMin !== null && a.bandYMax !== null);
  if (axis) return (axis.bandYMin! + axis.bandYMax!) / 2;
  let lo = Infinity, hi = -Infinity;
  for (const z of zones) {
    if (z.track !== track) continue;
    for (const p of z.points) { if (p.y < lo) lo = p.y; if (p.y > hi) hi = p.y; }
  }
  if (Number.isFinite(lo)) return (lo + hi) / 2;
  return imageHeight * DEFAULT_BAND_SHARE[track];
}

export interface ImagePlace { x: number; y: number; xMin: number; xMax: number }

/** Where PK `pk` ± `plusMinus` km lies on the image; null outside the ruler's markers. */
export function imagePlaceOf(markers: readonly PkMarker[], pk: number, plusMinus: number, y: number): ImagePlace | null {
  const sorted = sortMarkers(markers);
  const x = imageXForKmSorted(sorted, pk);
  if (x === null) return null;
  const a = imageXForKmSorted(sorted, pk - plusMinus) ?? x;
  const b = imageXForKmSorted(sorted, pk + plusMinus) ?? x;
  return { x, y, xMin: Math.min(a, b), xMax: Math.max(a, b) };
}
