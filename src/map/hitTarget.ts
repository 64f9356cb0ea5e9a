// What a tap at a screen position hits: the nearest displayed point or cluster (15 px / zoom for a point,
// its drawn disc for a cluster, SPEC §9), else the top-most zone containing it (bbox prefilter, then core/zoneContains: edges included).
import { HIT_RADIUS_SCREEN_PX } from '../core/constants';
import { bboxOf } from '../core/geometry';
import type { Zone } from '../core/types';
import { zoneContains } from '../core/zoneContains';
import { CLUSTER_MAX_RADIUS_PX, clusterRadius } from './drawPoints';
import type { FrameHitCache } from './frameHitCache';
import { screenToImage, type Viewport } from './viewportMath';

export type MapHit =
  | { kind: 'point'; index: number }
  | { kind: 'cluster'; clusterId: number; size: number; imageX: number; imageY: number }
  | { kind: 'zone'; zoneId: string };

export function hitAt(screenX: number, screenY: number, v: Viewport, hits: FrameHitCache | null, zones: readonly Zone[]): MapHit | null {
  const p = screenToImage(v, screenX, screenY);
  if (hits) {
    const searchRadius = Math.max(HIT_RADIUS_SCREEN_PX, CLUSTER_MAX_RADIUS_PX) / v.scale;
    let best = -1;
    let bestRatio = Infinity;
    const f = hits.frame;
    for (const i of hits.within(p.x, p.y, searchRadius)) {
      const allowed = (f.sizes[i] === 1 ? HIT_RADIUS_SCREEN_PX : Math.max(HIT_RADIUS_SCREEN_PX, clusterRadius(f.sizes[i]))) / v.scale;
      const ratio = Math.hypot(f.xs[i] - p.x, f.ys[i] - p.y) / allowed;
      if (ratio <= 1 && ratio < bestRatio) { best = i; bestRatio = ratio; }
    }
    if (best >= 0) {
      return f.sizes[best] === 1
        ? { kind: 'point', index: f.ids[best] }
        : { kind: 'cluster', clusterId: f.ids[best], size: f.sizes[best], imageX: f.xs[best], imageY: f.ys[best] };
    }
  }
  for (let i = zones.length - 1; i >= 0; i--) {
    const z = zones[i];
    const b = bboxOf(z.points);
    if (!b || p.x < b.minX || p.x > b.maxX || p.y < b.minY || p.y > b.maxY) continue;
    if (zoneContains(z.points, p.x, p.y)) return { kind: 'zone', zoneId: z.id };
  }
  return null;
}
