// The admin's check of a line's anchors against its ruler (docs/product.md#position): per track, the anchors in axis
// order with the jumps in their numbering (two anchors at one place), and those outside the ruler markers' range.
import type { Track } from '../types';
import type { PkMarker } from '../pk';
import { buildLineIndex } from './lineIndex';
import { JUMP_SPACING_M } from './anchorPk';
import type { LineAnchor, LineAxis } from './types';

export interface TrackCheck {
  track: Track;
  vertices: number;
  anchors: { pk: number; along: number; source: 'import' | 'terrain'; offRuler: boolean }[];
  jumps: { from: number; to: number; along: number }[];
}

export function checkLineAnchors(axes: readonly LineAxis[], anchors: readonly LineAnchor[], markers: readonly PkMarker[]): TrackCheck[] {
  const index = buildLineIndex({ lineId: '', name: '', axes, anchors: [] });
  const values = markers.map((m) => m.value).filter(Number.isFinite);
  const lo = values.length >= 2 ? Math.min(...values) : -Infinity, hi = values.length >= 2 ? Math.max(...values) : Infinity;
  return axes.map((axis) => {
    const placed = anchors.filter((a) => a.track === axis.track)
      .map((a, i) => ({ a, i, along: index.onTrack(axis.track, a.lat, a.lon)?.along ?? NaN }))
      .filter((p) => Number.isFinite(p.along))
      .sort((p, q) => p.along - q.along || p.a.pk - q.a.pk || p.i - q.i);
    const jumps: TrackCheck['jumps'] = [];
    for (let k = 1; k < placed.length; k++) {
      const prev = placed[k - 1], cur = placed[k];
      if (cur.along - prev.along <= JUMP_SPACING_M && cur.a.pk !== prev.a.pk) jumps.push({ from: prev.a.pk, to: cur.a.pk, along: cur.along });
    }
    return {
      track: axis.track, vertices: axis.coordinates.length, jumps,
      anchors: placed.map((p) => ({ pk: p.a.pk, along: p.along, source: p.a.source, offRuler: p.a.pk < lo - 1e-9 || p.a.pk > hi + 1e-9 })),
    };
  });
}
