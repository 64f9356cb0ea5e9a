// The 30 cluster levels. Levels 0-3 are the zooms below ZOOM_MIN that only a view showing the whole line reaches
// (a phone, 'Ajuster à la ligne' on a long line): 1/32, 1/16, 1/8, 1/4. Levels 4-29 are zoom 0.5 + 0.1·(L − 4)
// (ZOOM_MIN..ZOOM_MAX by ZOOM_STEP, docs/product.md#constants). A regular level clusters with the spec's radius of
// 50 screen px at its zoom (50 / zoom image px); a low level with 60 screen px, more than two of the largest discs
// (2 × 26 px) plus the drift of a cluster's centre, and a zoom below ZOOM_MIN takes the level at or below it (never a
// finer one), so the discs of a whole-line view never overlap.
import { CLUSTER_RADIUS_SCREEN_PX, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../constants';

/** The zooms of the levels under ZOOM_MIN, coarsest first. */
export const LOW_ZOOMS = [1 / 32, 1 / 16, 1 / 8, 1 / 4] as const;
const LOW = LOW_ZOOMS.length;
/** Clustering radius of the low levels, screen px. */
export const LOW_LEVEL_RADIUS_SCREEN_PX = 60;
export const LEVEL_COUNT = LOW + Math.round((ZOOM_MAX - ZOOM_MIN) / ZOOM_STEP) + 1; // 30
export const MAX_LEVEL = LEVEL_COUNT - 1; // 29 = zoom 3.0
/** The level of ZOOM_MIN (0.5). */
export const MIN_ZOOM_LEVEL = LOW;

/** The level of a zoom: round((zoom − 0.5) / 0.1) + 4 from ZOOM_MIN up (clamped to MAX_LEVEL); below, the low level at or under it. */
export function levelForZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 0;
  if (zoom < ZOOM_MIN - ZOOM_STEP / 2) {
    for (let l = LOW - 1; l >= 0; l--) if (zoom >= LOW_ZOOMS[l]) return l;
    return 0;
  }
  const l = LOW + Math.round((zoom - ZOOM_MIN) / ZOOM_STEP);
  return l > MAX_LEVEL ? MAX_LEVEL : l;
}

/** The zoom of a level (0 → 1/32, 4 → 0.5, 29 → 3), the regular ones rounded to 1 decimal. */
export function zoomForLevel(level: number): number {
  const l = Math.max(0, Math.min(MAX_LEVEL, Math.round(level)));
  if (l < LOW) return LOW_ZOOMS[l];
  return Math.round((ZOOM_MIN + (l - LOW) * ZOOM_STEP) * 10) / 10;
}

/** Clustering radius of a level in image px: 60 / zoom under ZOOM_MIN (1,920 px at level 0), else 50 / zoom (100 px at level 4, 16.67 px at level 29). */
export function clusterRadiusImagePx(level: number): number {
  return (level < LOW ? LOW_LEVEL_RADIUS_SCREEN_PX : CLUSTER_RADIUS_SCREEN_PX) / zoomForLevel(level);
}
