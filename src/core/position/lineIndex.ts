// One line's place on the ground: its track axes (WGS 84 polylines) in a local metric frame, a flatbush index
// over their segments, and the PK anchors projected on them (docs/product.md#position). Answers, for a fix,
// the nearest point of each track axis with its distance and PK.
import Flatbush from 'flatbush';
import type { Track } from '../types';
import { frameFor, toX, toY, type LocalFrame } from './localFrame';
import { anchorPkLookup, sortAnchors, type AnchorPk } from './anchorPk';

export type LonLat = readonly [number, number];
export interface TrackAxisInput { track: Track; coordinates: readonly LonLat[] }
export interface AnchorInput { track: Track; pk: number; lat: number; lon: number }
export interface LineGeometryInput { lineId: string; name: string; axes: readonly TrackAxisInput[]; anchors: readonly AnchorInput[] }

export interface TrackHit {
  track: Track;
  distanceM: number; // from the fix to the axis
  along: number; // metres from the axis start
  pk: number | null; // km; null when the line has no usable anchors
  kmPerM: number; // PK change per metre along the axis there (0 without anchors)
  outsideAnchors: boolean;
}

interface Projection { distanceM: number; along: number }

export interface LineIndex {
  lineId: string;
  name: string;
  frame: LocalFrame;
  tracks: readonly Track[];
  /** Bounding box in local metres. */
  box: { minX: number; minY: number; maxX: number; maxY: number };
  /** The nearest point of each track axis within `radiusM`, nearest first. */
  nearestTracks(lat: number, lon: number, radiusM: number): TrackHit[];
  /** Distance in metres to the nearest axis (Infinity without axes, or beyond `limitM` when given). */
  distanceM(lat: number, lon: number, limitM?: number): number;
  /** Where a position falls on one track's axis (null when the line has no such axis). */
  onTrack(track: Track, lat: number, lon: number): { along: number; distanceM: number } | null;
}

export function buildLineIndex(input: LineGeometryInput): LineIndex {
  const axes = input.axes.filter((a) => a.coordinates.length >= 2);
  const frame = frameFor(axes.flatMap((a) => a.coordinates));
  const tracks = axes.map((a) => a.track);
  const vertexCount = axes.reduce((n, a) => n + a.coordinates.length, 0);
  const xs = new Float64Array(vertexCount), ys = new Float64Array(vertexCount), cum = new Float64Array(vertexCount);
  const segCount = Math.max(0, vertexCount - axes.length);
  const segStart = new Uint32Array(segCount);
  const segTrack = new Uint8Array(segCount);
  let v = 0, seg = 0;
  for (let t = 0; t < axes.length; t++) {
    const c = axes[t].coordinates;
    for (let i = 0; i < c.length; i++, v++) {
      xs[v] = toX(frame, c[i][0]);
      ys[v] = toY(frame, c[i][1]);
      if (i > 0) {
        const dx = xs[v] - xs[v - 1], dy = ys[v] - ys[v - 1];
        cum[v] = cum[v - 1] + Math.sqrt(dx * dx + dy * dy);
        segStart[seg] = v - 1;
        segTrack[seg++] = t;
      }
    }
  }
  const index = new Flatbush(Math.max(1, segCount));
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let k = 0; k < segCount; k++) {
    const s = segStart[k];
    const x0 = xs[s] < xs[s + 1] ? xs[s] : xs[s + 1], x1 = xs[s] < xs[s + 1] ? xs[s + 1] : xs[s];
    const y0 = ys[s] < ys[s + 1] ? ys[s] : ys[s + 1], y1 = ys[s] < ys[s + 1] ? ys[s + 1] : ys[s];
    index.add(x0, y0, x1, y1);
    if (x0 < minX) minX = x0;
    if (y0 < minY) minY = y0;
    if (x1 > maxX) maxX = x1;
    if (y1 > maxY) maxY = y1;
  }
  if (segCount === 0) index.add(0, 0, 0, 0);
  index.finish();

  function project(seg: number, px: number, py: number): Projection {
    const a = segStart[seg];
    const dx = xs[a + 1] - xs[a], dy = ys[a + 1] - ys[a];
    const len2 = dx * dx + dy * dy;
    let t = len2 > 0 ? ((px - xs[a]) * dx + (py - ys[a]) * dy) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const qx = xs[a] + t * dx, qy = ys[a] + t * dy;
    return { distanceM: Math.hypot(px - qx, py - qy), along: cum[a] + t * (cum[a + 1] - cum[a]) };
  }

  /** Nearest point of track `t` to (px, py): searched in growing boxes, exact over the candidates. */
  function projectOnTrack(t: number, px: number, py: number, radiusM: number): Projection | null {
    for (let r = Math.max(1, radiusM); ; r *= 4) {
      let best: Projection | null = null;
      for (const seg of index.search(px - r, py - r, px + r, py + r, (i) => segTrack[i] === t && i < segCount)) {
        const p = project(seg, px, py);
        if (!best || p.distanceM < best.distanceM) best = p;
      }
      if (best && best.distanceM <= r) return best;
      if (r > 4 * Math.max(maxX - minX, maxY - minY, 1) + Math.hypot(px, py)) return best;
    }
  }

  const lookups = tracks.map((_, t) => {
    const own = input.anchors.filter((a) => a.track === tracks[t]).map((a) => {
      const p = projectOnTrack(t, toX(frame, a.lon), toY(frame, a.lat), 50);
      return { along: p ? p.along : NaN, pk: a.pk };
    });
    return anchorPkLookup(sortAnchors(own));
  });
  // A track without anchors of its own takes its PK from the first track that has them, at the fix's place on it.
  const pkSource = tracks.map((_, t) => (lookups[t] ? t : lookups.findIndex((l) => l !== null)));

  function pkOf(t: number, along: number, px: number, py: number): AnchorPk | null {
    const s = pkSource[t];
    if (s < 0) return null;
    if (s === t) return lookups[t]!(along);
    const p = projectOnTrack(s, px, py, 50);
    return p ? lookups[s]!(p.along) : null;
  }

  return {
    lineId: input.lineId,
    name: input.name,
    frame,
    tracks,
    box: { minX, minY, maxX, maxY },
    nearestTracks(lat, lon, radiusM) {
      if (segCount === 0) return [];
      const px = toX(frame, lon), py = toY(frame, lat);
      const best = new Map<number, Projection>();
      for (const seg of index.search(px - radiusM, py - radiusM, px + radiusM, py + radiusM)) {
        const p = project(seg, px, py);
        if (p.distanceM > radiusM) continue;
        const t = segTrack[seg];
        const prev = best.get(t);
        if (!prev || p.distanceM < prev.distanceM) best.set(t, p);
      }
      return [...best.entries()]
        .sort((a, b) => a[1].distanceM - b[1].distanceM)
        .map(([t, p]) => {
          const pk = pkOf(t, p.along, px, py);
          return { track: tracks[t], distanceM: p.distanceM, along: p.along, pk: pk ? pk.pk : null, kmPerM: pk ? pk.kmPerM : 0, outsideAnchors: pk ? pk.outside : false };
        });
    },
    onTrack(track, lat, lon) {
      const t = tracks.indexOf(track);
      return t < 0 ? null : projectOnTrack(t, toX(frame, lon), toY(frame, lat), 50);
    },
    distanceM(lat, lon, limitM) {
      if (segCount === 0) return Infinity;
      const px = toX(frame, lon), py = toY(frame, lat);
      let d = Infinity;
      if (limitM !== undefined) {
        for (const seg of index.search(px - limitM, py - limitM, px + limitM, py + limitM)) d = Math.min(d, project(seg, px, py).distanceM);
        return d <= limitM ? d : Infinity;
      }
      for (let t = 0; t < tracks.length; t++) {
        const p = projectOnTrack(t, px, py, 100);
        if (p && p.distanceM < d) d = p.distanceM;
      }
      return d;
    },
  };
}
