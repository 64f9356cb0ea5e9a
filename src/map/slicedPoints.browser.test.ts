// The settle redraw of a big points frame in frame-sized slices (Chromium): counted, not timed, from outside the
// engine — the items drawn in each LayerPainter.prepare call (fill calls on any 2D context, hooked; each point of the
// frame is one filled disc) and the layer's Konva 'draw' events: each animation frame draws at most ITEMS_PER_SLICE
// items, the layer keeps its previous drawing until the last slice, and the result is the same picture as one whole draw.
import { describe, expect, it } from 'vitest';
import Konva from 'konva';
import { LayerPainter } from './layerPainter';
import { ITEMS_PER_SLICE, SlicedPoints } from './slicedPoints';
import { drawPointsFrame, type PointsStyle } from './drawPoints';
import type { ClusterFrame } from '../core/cluster/types';

const VIEW = { width: 600, height: 400 };
const N = 5 * ITEMS_PER_SLICE + 123;

/** Runs `fn` with every 2D context's fill counted (canvas and offscreen): `count()` is the fills so far. */
function countingFills<T>(fn: (count: () => number) => Promise<T>): Promise<T> {
  const protos = [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype];
  const originals = protos.map((p) => p.fill);
  let n = 0;
  protos.forEach((p, i) => {
    const original = originals[i] as (this: unknown, ...a: unknown[]) => void;
    p.fill = function (this: unknown, ...args: unknown[]) { n++; return original.apply(this, args); } as typeof p.fill;
  });
  return fn(() => n).finally(() => protos.forEach((p, i) => { p.fill = originals[i] as typeof p.fill; }));
}

function bigFrame(): ClusterFrame {
  const xs = new Float64Array(N), ys = new Float64Array(N), ids = new Float64Array(N);
  for (let i = 0; i < N; i++) { xs[i] = (i * 37) % VIEW.width; ys[i] = (i * 53) % VIEW.height; ids[i] = i; }
  return { level: 20, count: N, xs, ys, sizes: new Uint32Array(N).fill(1), severity: new Uint8Array(N), ids };
}

describe('sliced points redraw', () => {
  it('draws a big frame over several animation frames, at most ITEMS_PER_SLICE items each, then shows it whole', async () => {
    const autoDraw = Konva.autoDrawEnabled;
    Konva.autoDrawEnabled = false; // as in MapCanvas: only the painter draws
    const host = document.createElement('div');
    document.body.appendChild(host);
    const stage = new Konva.Stage({ container: host, width: VIEW.width, height: VIEW.height, listening: false });
    const layer = new Konva.Layer({ listening: false });
    stage.add(layer);
    const v = { scale: 1, x: 0, y: 0 };
    const frame = bigFrame();
    const style: PointsStyle = { sprites: [], colorAt: () => '#dc2626', resolved: null, selectedIndex: 7 };
    const sliced = new SlicedPoints();
    const painter = new LayerPainter(() => v);
    const pr = layer.getCanvas().getPixelRatio();
    layer.add(new Konva.Shape({ listening: false, sceneFunc: (c) => {
      const ctx = (c as unknown as { _context: CanvasRenderingContext2D })._context;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (!sliced.blit(ctx, frame, v)) { ctx.setTransform(pr, 0, 0, pr, 0, 0); drawPointsFrame(ctx, frame, v, VIEW, style); }
    } }));
    let draws = 0;
    layer.on('draw.test', () => { draws++; });
    const perSlice: number[] = []; // items drawn by each prepare call that drew some
    let frames = 0;
    await countingFills(async (fills) => {
      painter.prepare = () => { const before = fills(); const done = sliced.step(frame, v, VIEW, pr, style); if (fills() > before) perSlice.push(fills() - before); return done; };
      while (painter.drawStale(stage, v, 1000)) { // a generous time budget: only the slicing may split the work
        frames++;
        expect(draws, 'the layer keeps its previous drawing until the last slice').toBe(0);
        await new Promise((r) => requestAnimationFrame(r));
        expect(frames).toBeLessThan(50);
      }
    });
    expect(perSlice.length).toBe(Math.ceil(N / ITEMS_PER_SLICE));
    for (const items of perSlice) expect(items).toBeLessThanOrEqual(ITEMS_PER_SLICE); // one slice per animation frame
    expect(perSlice.reduce((a, b) => a + b, 0)).toBe(N); // every item drawn once, in the slices
    expect(frames).toBe(perSlice.length - 1);
    expect(draws).toBe(1);
    // Same picture as one whole draw.
    const got = layer.getContext().getImageData(0, 0, layer.getCanvas().width, layer.getCanvas().height).data;
    const ref = document.createElement('canvas');
    ref.width = layer.getCanvas().width; ref.height = layer.getCanvas().height;
    const rctx = ref.getContext('2d')!;
    rctx.setTransform(pr, 0, 0, pr, 0, 0);
    drawPointsFrame(rctx, frame, v, VIEW, style);
    const want = rctx.getImageData(0, 0, ref.width, ref.height).data;
    let diff = 0;
    for (let i = 0; i < got.length; i++) diff += Math.abs(got[i] - want[i]);
    expect(diff).toBe(0);
    stage.destroy();
    host.remove();
    Konva.autoDrawEnabled = autoDraw;
  });
});
