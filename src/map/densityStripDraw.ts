// Draws the density strip: a thin band just above the PK ruler, one rectangle per non-empty 100 m cell in
// the colour of its worst criticality, stronger with more open anomalies; and finds the cell under a screen point.
// Drawn in the ruler's layer, so it follows pan and zoom like the ruler (CSS transform while moving, redrawn at rest).
import { cellAlpha, cellAtImageX, type DensityBins } from '../core/densityStrip/bins';
import type { PkMarker } from '../core/pk';
import { rulerBandTop } from './drawRuler';
import type { Size, Viewport } from './viewportMath';

export const STRIP_PX = 12; // screen px, height of the strip
const HIT_SLOP_PX = 6; // a tap this far above or into the ruler still reads the strip (a finger is wide)

/** What the strip draws: the cells, their image x ranges and the colour of each severity rank. */
export interface DensityStripScene {
  bins: DensityBins;
  x0: Float64Array;
  x1: Float64Array;
  colorAt: (rank: number) => string;
}

export function stripTop(v: Viewport, view: Size, image: Size): number {
  return rulerBandTop(v, view, image) - STRIP_PX;
}

export function drawDensityStrip(ctx: CanvasRenderingContext2D, scene: DensityStripScene, v: Viewport, view: Size, image: Size): void {
  const top = stripTop(v, view, image);
  const left = Math.max(0, v.x);
  const right = Math.min(view.width, image.width * v.scale + v.x);
  if (right <= left) return;
  ctx.fillStyle = 'rgba(255,255,255,0.75)';
  ctx.fillRect(left, top, right - left, STRIP_PX);
  const { bins, x0, x1 } = scene;
  for (let i = 0; i < bins.counts.length; i++) {
    const n = bins.counts[i];
    const a = x0[i];
    if (n === 0 || a !== a) continue;
    let sx0 = a * v.scale + v.x;
    let sx1 = x1[i] * v.scale + v.x;
    if (sx1 < left || sx0 > right) continue;
    if (sx1 - sx0 < 2) { const m = (sx0 + sx1) / 2; sx0 = m - 1; sx1 = m + 1; } // zoomed out: at least 2 px
    ctx.globalAlpha = cellAlpha(n, bins.max);
    ctx.fillStyle = scene.colorAt(bins.worst[i]);
    ctx.fillRect(sx0, top, sx1 - sx0, STRIP_PX);
  }
  ctx.globalAlpha = 1;
}

/** The cell under screen point (sx, sy) when it is on the strip (with some slop), else null. */
export function stripCellAt(sx: number, sy: number, sortedMarkers: readonly PkMarker[], v: Viewport, view: Size, image: Size): number | null {
  const top = stripTop(v, view, image);
  if (sy < top - HIT_SLOP_PX || sy > top + STRIP_PX + HIT_SLOP_PX) return null;
  const ix = (sx - v.x) / v.scale;
  if (ix < 0 || ix > image.width) return null;
  return cellAtImageX(sortedMarkers, ix);
}
