// Draws one ClusterFrame in screen space with the raw 2D context: only items inside the view, clusters as discs
// with their count, single points as pre-rendered sprites (dimmed when resolved), the selected point ringed.
import type { ClusterFrame } from '../core/cluster/types';
import type { Size, Viewport } from './viewportMath';
import { MARKER_DIAMETER_PX } from './markerSprites';

export const CLUSTER_MIN_RADIUS_PX = 14; // screen px
export const CLUSTER_MAX_RADIUS_PX = 26; // screen px
const RESOLVED_ALPHA = 0.4;

export interface PointsStyle {
  sprites: readonly (CanvasImageSource | null)[]; // by severity rank
  colorAt(rank: number): string;
  resolved: Uint8Array | null; // by point index
  /** Pre-rendered cluster disc with its count (see clusterSprites.ts); drawn by hand when absent. */
  clusterSprite?: (rank: number, size: number) => CanvasImageSource;
  selectedIndex: number; // point index, -1 for none
}

export function clusterRadius(size: number): number {
  return Math.min(CLUSTER_MAX_RADIUS_PX, CLUSTER_MIN_RADIUS_PX + Math.log2(size) * 1.5);
}

/** '12', '1,2k', '15k', '1,2M'. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(Math.floor(n / 100) / 10).toString().replace('.', ',')}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${(Math.floor(n / 100_000) / 10).toString().replace('.', ',')}M`;
}

/** Returns the number of items drawn. `ctx` must have an identity transform scaled by the pixel ratio. */
export function drawPointsFrame(ctx: CanvasRenderingContext2D, frame: ClusterFrame, v: Viewport, view: Size, style: PointsStyle): number {
  const r = drawPointsRange(ctx, frame, v, view, style, 0, frame.count);
  if (r.selected) drawSelectionRing(ctx, r.selected.x, r.selected.y);
  return r.drawn;
}

/** Draws the frame's items `from` to `to` (excluded); returns how many were in view and where the selected point is. */
export function drawPointsRange(ctx: CanvasRenderingContext2D, frame: ClusterFrame, v: Viewport, view: Size, style: PointsStyle, from: number, to: number): { drawn: number; selected: { x: number; y: number } | null } {
  const { xs, ys, sizes, severity, ids } = frame;
  const s = v.scale;
  const pad = CLUSTER_MAX_RADIUS_PX + 4;
  const maxX = view.width + pad;
  const maxY = view.height + pad;
  const half = MARKER_DIAMETER_PX / 2;
  let drawn = 0;
  let selX = NaN;
  let selY = NaN;
  ctx.font = 'bold 12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  for (let i = from; i < to; i++) {
    const sx = xs[i] * s + v.x;
    if (sx < -pad || sx > maxX) continue;
    const sy = ys[i] * s + v.y;
    if (sy < -pad || sy > maxY) continue;
    drawn++;
    const size = sizes[i];
    if (size === 1) {
      const index = ids[i];
      const sprite = style.sprites[severity[i]];
      const dim = style.resolved !== null && style.resolved[index] === 1;
      if (dim) ctx.globalAlpha = RESOLVED_ALPHA;
      if (sprite) ctx.drawImage(sprite, Math.round(sx - half), Math.round(sy - half), MARKER_DIAMETER_PX, MARKER_DIAMETER_PX);
      else {
        ctx.fillStyle = style.colorAt(severity[i]);
        ctx.beginPath();
        ctx.arc(sx, sy, half - 1.5, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
      }
      if (dim) ctx.globalAlpha = 1;
      if (index === style.selectedIndex) { selX = sx; selY = sy; }
    } else {
      const r = clusterRadius(size);
      if (style.clusterSprite) {
        const d = 2 * (r + 1);
        ctx.drawImage(style.clusterSprite(severity[i], size), Math.round(sx - r - 1), Math.round(sy - r - 1), d, d);
        continue;
      }
      ctx.fillStyle = style.colorAt(severity[i]);
      ctx.beginPath();
      ctx.arc(sx, sy, r, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = '#ffffff';
      ctx.fillText(formatCount(size), sx, sy + 0.5);
    }
  }
  return { drawn, selected: Number.isNaN(selX) ? null : { x: selX, y: selY } };
}

/** The ring around the selected point (screen px). */
export function drawSelectionRing(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.beginPath();
  ctx.arc(x, y, MARKER_DIAMETER_PX / 2 + 4, 0, Math.PI * 2);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#1d4ed8';
  ctx.stroke();
}
