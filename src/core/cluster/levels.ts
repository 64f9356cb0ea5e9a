// The 26 cluster levels: level L is zoom 0.5 + 0.1·L (ZOOM_MIN..ZOOM_MAX by ZOOM_STEP, docs/product.md#constants),
// with a clustering radius of 50 screen px / zoom, in image px.
import { CLUSTER_RADIUS_SCREEN_PX, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../constants';

export const LEVEL_COUNT = Math.round((ZOOM_MAX - ZOOM_MIN) / ZOOM_STEP) + 1; // 26
export const MAX_LEVEL = LEVEL_COUNT - 1; // 25 = zoom 3.0

/** The level of a zoom: round((zoom - 0.5) / 0.1), clamped to 0..25. */
export function levelForZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 0;
  const l = Math.round((zoom - ZOOM_MIN) / ZOOM_STEP);
  return l < 0 ? 0 : l > MAX_LEVEL ? MAX_LEVEL : l;
}

/** The zoom of a level (0 → 0.5, 25 → 3), rounded to 1 decimal. */
export function zoomForLevel(level: number): number {
  const l = Math.max(0, Math.min(MAX_LEVEL, Math.round(level)));
  return Math.round((ZOOM_MIN + l * ZOOM_STEP) * 10) / 10;
}

/** Clustering radius of a level in image px: 50 / zoom (100 px at level 0, 16.67 px at level 25). */
export function clusterRadiusImagePx(level: number): number {
  return CLUSTER_RADIUS_SCREEN_PX / zoomForLevel(level);
}
