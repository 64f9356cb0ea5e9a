// The points layer redrawn in frame-sized slices once the view rests: a frame of more than ITEMS_PER_SLICE
// items is drawn ITEMS_PER_SLICE at a time into a back buffer, one slice per animation frame (LayerPainter.prepare),
// while the layer keeps showing its previous drawing moved by its CSS transform; the finished buffer is then copied
// to the layer in one blit and released. Smaller frames are drawn directly.
import type { ClusterFrame } from '../core/cluster/types';
import type { Size, Viewport } from './viewportMath';
import { drawPointsRange, drawSelectionRing, type PointsStyle } from './drawPoints';

/** Items drawn per slice: 1,000 sprites fit a frame on a phone-class CPU (×4 slower than this 2-core machine). */
export const ITEMS_PER_SLICE = 1000;

interface Job { frame: ClusterFrame; v: Viewport; view: Size; pixelRatio: number; next: number; selected: { x: number; y: number } | null }

export class SlicedPoints {
  private job: Job | null = null;
  private buffer: HTMLCanvasElement | OffscreenCanvas | null = null;
  private ready = false;

  constructor(private itemsPerSlice = ITEMS_PER_SLICE) {}

  /** Drops any drawing in progress or done (the data, selection or style changed). */
  reset(): void {
    this.job = null;
    this.ready = false;
  }

  /** Advances the drawing of `frame` at `v` by one slice; true once the layer can be drawn (buffer ready, or small frame). */
  step(frame: ClusterFrame | null, v: Viewport, view: Size, pixelRatio: number, style: PointsStyle): boolean {
    if (!frame || frame.count <= this.itemsPerSlice) return true;
    const j = this.job;
    if (!j || j.frame !== frame || j.v.scale !== v.scale || j.v.x !== v.x || j.v.y !== v.y || j.view.width !== view.width || j.view.height !== view.height || j.pixelRatio !== pixelRatio) {
      this.job = { frame, v: { ...v }, view: { ...view }, pixelRatio, next: 0, selected: null };
      this.ready = false;
    } else if (this.ready) return true;
    const job = this.job!;
    const w = Math.floor(view.width * pixelRatio), h = Math.floor(view.height * pixelRatio);
    const ctx = this.context(w, h, job.next === 0);
    ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
    const to = Math.min(frame.count, job.next + this.itemsPerSlice);
    const r = drawPointsRange(ctx, frame, v, view, style, job.next, to);
    if (r.selected) job.selected = r.selected;
    job.next = to;
    if (to < frame.count) return false;
    if (job.selected) drawSelectionRing(ctx, job.selected.x, job.selected.y);
    this.ready = true;
    return true;
  }

  /** Copies the finished buffer for `v` onto `ctx` (identity transform) and releases it; false if there is none. */
  blit(ctx: CanvasRenderingContext2D, frame: ClusterFrame | null, v: Viewport): boolean {
    const j = this.job;
    if (!this.ready || !j || !this.buffer || j.frame !== frame || j.v.scale !== v.scale || j.v.x !== v.x || j.v.y !== v.y) return false;
    ctx.drawImage(this.buffer, 0, 0);
    this.buffer.width = 0; // the pixels live in the layer now
    this.buffer.height = 0;
    this.job = null;
    this.ready = false;
    return true;
  }

  private context(w: number, h: number, clear: boolean): CanvasRenderingContext2D {
    if (!this.buffer) this.buffer = typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
    const b = this.buffer;
    if (b.width !== w || b.height !== h) { b.width = w; b.height = h; } else if (clear) b.getContext('2d')!.clearRect(0, 0, w, h);
    return b.getContext('2d') as CanvasRenderingContext2D;
  }
}
