// Draws the zones: semi-transparent polygons in their colour (image space), then a track badge and the name
// at constant screen size, placed without overlap (../core/labelPlacement: the selected zone's first, then left to
// right; moved up a row or hidden when there is no room); the selected zone gets a thicker dark outline.
import type { Zone } from '../core/types';
import { MIN_ZONE_VERTICES, TRACK_LABELS } from '../core/constants';
import { bboxOf, type ImageBBox } from '../core/geometry';
import { placeLabels } from '../core/labelPlacement';
import type { Size, Viewport } from './viewportMath';

const FILL_ALPHA = 0.22;
const SELECTED_FILL_ALPHA = 0.38;
const LABEL_H = 18;
const LABEL_OFFSETS = [0, -(LABEL_H + 2), -2 * (LABEL_H + 2)]; // above the zone, then one or two rows higher

const boxes = new WeakMap<Zone, ImageBBox | null>();
function zoneBox(z: Zone): ImageBBox | null {
  let b = boxes.get(z);
  if (b === undefined) { b = bboxOf(z.points); boxes.set(z, b); }
  return b;
}

/** `ctx` has an identity transform scaled by `pixelRatio`. */
export function drawZones(ctx: CanvasRenderingContext2D, zones: readonly Zone[], v: Viewport, view: Size, pixelRatio: number, selectedId: string | null): void {
  const s = v.scale;
  const visMinX = -v.x / s;
  const visMaxX = (view.width - v.x) / s;
  const visMinY = -v.y / s;
  const visMaxY = (view.height - v.y) / s;
  const labels: { z: Zone; sx: number; sy: number }[] = [];
  for (const z of zones) {
    const b = zoneBox(z);
    if (!b || z.points.length < MIN_ZONE_VERTICES || b.maxX < visMinX || b.minX > visMaxX || b.maxY < visMinY || b.minY > visMaxY) continue;
    const selected = z.id === selectedId;
    ctx.setTransform(pixelRatio * s, 0, 0, pixelRatio * s, pixelRatio * v.x, pixelRatio * v.y);
    ctx.beginPath();
    ctx.moveTo(z.points[0].x, z.points[0].y);
    for (let i = 1; i < z.points.length; i++) ctx.lineTo(z.points[i].x, z.points[i].y);
    ctx.closePath();
    ctx.globalAlpha = selected ? SELECTED_FILL_ALPHA : FILL_ALPHA;
    ctx.fillStyle = z.color;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = (selected ? 4 : 2) / s;
    ctx.strokeStyle = selected ? '#111827' : z.color;
    ctx.stroke();
    labels.push({ z, sx: Math.max(b.minX * s + v.x, 4), sy: b.minY * s + v.y });
  }
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  labels.sort((a, b) => Number(b.z.id === selectedId) - Number(a.z.id === selectedId) || a.sx - b.sx);
  const widths = labels.map(({ z }) => {
    const badge = z.track ? ctx.measureText(TRACK_LABELS[z.track]).width + 10 : 0;
    return { badge, name: ctx.measureText(z.name).width + 8 };
  });
  const boxes = labels.map(({ sx, sy }, i) => {
    const w = widths[i];
    return { x: sx, y: Math.max(sy - 12, 12) - LABEL_H / 2, w: (w.badge ? w.badge + 4 : 0) + w.name, h: LABEL_H };
  });
  const offsets = placeLabels(boxes, LABEL_OFFSETS);
  labels.forEach(({ z }, i) => {
    const dy = offsets[i];
    if (dy === null) return;
    const y = boxes[i].y + dy + LABEL_H / 2;
    let x = boxes[i].x;
    if (z.track) {
      const badge = TRACK_LABELS[z.track];
      const w = widths[i].badge;
      ctx.fillStyle = '#111827';
      roundRect(ctx, x, y - 9, w, 18, 4);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.fillText(badge, x + 5, y);
      x += w + 4;
    }
    const w = widths[i].name;
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    roundRect(ctx, x, y - 9, w, 18, 4);
    ctx.fill();
    ctx.fillStyle = '#111827';
    ctx.fillText(z.name, x + 4, y);
  });
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}
