// Draws the kilometre ruler (PK) over the image's bottom band: ticks and labels from src/core/rulerTicks
// (nice steps adapting to zoom), markers as flags with their value; the band sticks to the view bottom when panned.
import type { PkMarker } from '../core/pk';
import { rulerTicks } from '../core/rulerTicks';
import type { Size, Viewport } from './viewportMath';

export const RULER_BAND_TOP = 0.9; // fraction of the image height where the ruler band starts (line.png: y 1350 of 1500)
const BAND_PX = 44; // screen px, height of the drawn ruler strip

/** Screen y of the ruler band's top (the band sticks to the view bottom when the image's bottom is below it). */
export function rulerBandTop(v: Viewport, view: Size, image: Size): number {
  return Math.min(image.height * RULER_BAND_TOP * v.scale + v.y, view.height - BAND_PX);
}

export function drawRuler(ctx: CanvasRenderingContext2D, markers: readonly PkMarker[], v: Viewport, view: Size, image: Size): void {
  const s = v.scale;
  const bandTop = rulerBandTop(v, view, image);
  const left = Math.max(0, v.x);
  const right = Math.min(view.width, image.width * s + v.x);
  ctx.fillStyle = 'rgba(251,251,248,0.92)';
  ctx.fillRect(left, bandTop, right - left, BAND_PX);
  ctx.fillStyle = '#6b7280';
  ctx.fillRect(left, bandTop, right - left, 1);

  const r = rulerTicks({ markers, visibleMinX: -v.x / s, visibleMaxX: (view.width - v.x) / s, zoom: s });
  ctx.strokeStyle = '#374151';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const t of r.ticks) {
    const x = Math.round(t.imageX * s + v.x) + 0.5;
    ctx.moveTo(x, bandTop);
    ctx.lineTo(x, bandTop + (t.major ? 12 : 6));
  }
  ctx.stroke();
  // Marker label boxes first (clamped on screen), so that tick labels under them can be skipped.
  ctx.font = 'bold 12px system-ui, sans-serif';
  const boxes: { l: number; r: number }[] = [];
  for (const m of r.markers) {
    if (!m.labelVisible) continue;
    const x = m.imageX * s + v.x;
    const w = ctx.measureText(`PK ${m.label}`).width + 8;
    const lx = Math.min(Math.max(x, left + w / 2 + 2), right - w / 2 - 2);
    boxes.push({ l: lx - w / 2 - 4, r: lx + w / 2 + 4 });
  }
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#374151';
  for (const t of r.ticks) {
    if (!t.label) continue;
    const x = t.imageX * s + v.x;
    const half = ctx.measureText(t.label).width / 2;
    if (boxes.some((b) => x + half > b.l && x - half < b.r)) continue;
    ctx.fillText(t.label, x, bandTop + 15);
  }

  ctx.font = 'bold 12px system-ui, sans-serif';
  for (const m of r.markers) {
    const x = Math.round(m.imageX * s + v.x) + 0.5;
    ctx.fillStyle = '#b91c1c';
    ctx.beginPath();
    ctx.moveTo(x, bandTop);
    ctx.lineTo(x - 5, bandTop - 8);
    ctx.lineTo(x + 5, bandTop - 8);
    ctx.closePath();
    ctx.fill();
    ctx.fillRect(x - 1, bandTop, 2, 16);
    if (m.labelVisible) {
      const label = `PK ${m.label}`;
      const w = ctx.measureText(label).width + 8;
      const lx = Math.min(Math.max(x, left + w / 2 + 2), right - w / 2 - 2); // keep the flag's label on screen
      ctx.fillStyle = '#b91c1c';
      ctx.beginPath();
      ctx.roundRect(lx - w / 2, bandTop + 18, w, 17, 3);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.fillText(label, lx, bandTop + 20);
    }
  }
}
