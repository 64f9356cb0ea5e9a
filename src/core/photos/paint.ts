// Paints a drawing's primitives on a 2D canvas context in the photo's pixels: a dark halo under every mark first,
// then the marks in their colours. The editor's Konva layer and the saved full-resolution copy both paint with it.
import { HALO_COLOUR, type Primitive } from './drawing';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export function paintPrimitives(ctx: Ctx, prims: readonly Primitive[]): void {
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const halo of [true, false]) {
    for (const p of prims) {
      const colour = halo ? HALO_COLOUR : p.colour;
      if (p.type === 'text') {
        ctx.font = `bold ${p.size}px sans-serif`;
        ctx.textBaseline = 'middle';
        if (halo) { ctx.lineWidth = p.size / 5; ctx.strokeStyle = colour; ctx.strokeText(p.text, p.x, p.y); }
        else { ctx.fillStyle = colour; ctx.fillText(p.text, p.x, p.y); }
        continue;
      }
      ctx.strokeStyle = colour;
      ctx.lineWidth = halo ? p.width * 1.7 : p.width;
      ctx.beginPath();
      if (p.type === 'circle') ctx.arc(p.x, p.y, p.radius, 0, Math.PI * 2);
      else for (let i = 0; i + 1 < p.points.length; i += 2) (i ? ctx.lineTo : ctx.moveTo).call(ctx, p.points[i], p.points[i + 1]);
      ctx.stroke();
    }
  }
  ctx.restore();
}
