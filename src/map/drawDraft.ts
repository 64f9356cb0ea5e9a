// Draws the zone being drawn: the polyline of its vertices, a dashed closing edge, the rubber band to the pointer
// and the vertex handles, all in screen space.
import { MIN_ZONE_VERTICES } from '../core/constants';
import type { ImagePoint } from '../core/types';
import type { Viewport } from './viewportMath';

const DRAFT_COLOR = '#2563eb';

export function drawDraft(ctx: CanvasRenderingContext2D, vertices: readonly ImagePoint[], pointer: ImagePoint | null, v: Viewport): void {
  if (vertices.length === 0) return;
  const sx = (p: ImagePoint) => p.x * v.scale + v.x;
  const sy = (p: ImagePoint) => p.y * v.scale + v.y;
  if (vertices.length >= MIN_ZONE_VERTICES) {
    ctx.beginPath();
    ctx.moveTo(sx(vertices[0]), sy(vertices[0]));
    for (const p of vertices) ctx.lineTo(sx(p), sy(p));
    ctx.closePath();
    ctx.fillStyle = 'rgba(37,99,235,0.15)';
    ctx.fill();
  }
  ctx.lineWidth = 2;
  ctx.strokeStyle = DRAFT_COLOR;
  ctx.beginPath();
  ctx.moveTo(sx(vertices[0]), sy(vertices[0]));
  for (const p of vertices) ctx.lineTo(sx(p), sy(p));
  ctx.stroke();
  const last = vertices[vertices.length - 1];
  ctx.setLineDash([6, 4]);
  ctx.beginPath();
  if (pointer) {
    ctx.moveTo(sx(last), sy(last));
    ctx.lineTo(sx(pointer), sy(pointer));
    if (vertices.length >= 2) ctx.lineTo(sx(vertices[0]), sy(vertices[0]));
  } else if (vertices.length >= MIN_ZONE_VERTICES) {
    ctx.moveTo(sx(last), sy(last));
    ctx.lineTo(sx(vertices[0]), sy(vertices[0]));
  }
  ctx.stroke();
  ctx.setLineDash([]);
  for (const p of vertices) {
    ctx.beginPath();
    ctx.arc(sx(p), sy(p), 5, 0, Math.PI * 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.stroke();
  }
}
