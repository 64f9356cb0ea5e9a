// Draws a frame's marks over the points layer (docs/product.md#map-marks): a blue ring around each selected single
// point and around each cluster holding selected points, with their count in a blue badge; a red badge '!' on each
// late point and on each cluster holding late points; the opened point, when it lies inside a cluster, drawn by itself
// at its place (its sprite and ring over the cluster's disc, under the cluster's own marks).
import type { ClusterFrame } from '../core/cluster/types';
import { MARK_LATE, MARK_SELECTED, type FrameMarks } from '../core/cluster/frameMarks';
import type { Size, Viewport } from './viewportMath';
import { clusterRadius, drawSelectionRing, formatCount } from './drawPoints';
import { MARKER_DIAMETER_PX } from './markerSprites';

export const SELECTED_COLOR = '#1d4ed8';
export const LATE_COLOR = '#b91c1c';
const BADGE_RADIUS_PX = 8; // screen px

/** The opened point when no single item of the frame shows it: image px and severity rank. */
export interface LoosePoint { x: number; y: number; rank: number }

export function drawFrameMarks(ctx: CanvasRenderingContext2D, frame: ClusterFrame, marks: FrameMarks, v: Viewport, view: Size, sprite: (rank: number) => CanvasImageSource | null, loose: LoosePoint | null): void {
  const s = v.scale;
  const pad = 40;
  const inView = (sx: number, sy: number) => sx >= -pad && sy >= -pad && sx <= view.width + pad && sy <= view.height + pad;
  ctx.font = 'bold 11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const half = MARKER_DIAMETER_PX / 2;
  for (let k = 0; k < marks.singles.length; k++) {
    const i = marks.singles[k];
    const sx = frame.xs[i] * s + v.x, sy = frame.ys[i] * s + v.y;
    if (!inView(sx, sy)) continue;
    const f = marks.singleFlags[k];
    if (f & MARK_SELECTED) drawSelectionRing(ctx, sx, sy);
    if (f & MARK_LATE) drawLateBadge(ctx, sx - half + 2, sy - half + 2);
  }
  // The opened point over its cluster's disc, under the cluster's ring and badges (its count stays readable beside it).
  if (loose) {
    const sx = loose.x * s + v.x, sy = loose.y * s + v.y;
    if (inView(sx, sy)) {
      const img = sprite(loose.rank);
      if (img) ctx.drawImage(img, Math.round(sx - half), Math.round(sy - half), MARKER_DIAMETER_PX, MARKER_DIAMETER_PX);
      drawSelectionRing(ctx, sx, sy);
    }
  }
  for (let k = 0; k < marks.clusters.length; k++) {
    const i = marks.clusters[k];
    const sx = frame.xs[i] * s + v.x, sy = frame.ys[i] * s + v.y;
    if (!inView(sx, sy)) continue;
    const r = clusterRadius(frame.sizes[i]);
    const selected = marks.clusterSelected[k];
    if (selected > 0) {
      ctx.beginPath();
      ctx.arc(sx, sy, r + 4, 0, Math.PI * 2);
      ctx.lineWidth = 3;
      ctx.strokeStyle = SELECTED_COLOR;
      ctx.stroke();
      drawBadge(ctx, sx + r * 0.75, sy - r * 0.75, SELECTED_COLOR, formatCount(selected));
    }
    if (marks.clusterLate[k] > 0) drawLateBadge(ctx, sx - r * 0.75, sy - r * 0.75);
  }
}

function drawLateBadge(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  drawBadge(ctx, x, y, LATE_COLOR, '!');
}

function drawBadge(ctx: CanvasRenderingContext2D, x: number, y: number, color: string, text: string): void {
  ctx.font = 'bold 11px system-ui, sans-serif';
  const w = Math.max(2 * BADGE_RADIUS_PX, ctx.measureText(text).width + 8);
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - BADGE_RADIUS_PX, w, 2 * BADGE_RADIUS_PX, BADGE_RADIUS_PX);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.fillText(text, x, y + 0.5);
}
