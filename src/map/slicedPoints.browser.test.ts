// The settle redraw of a big points frame in frame-sized slices (Chromium): counted through the painter's
// hooks, not timed — each animation frame draws at most ITEMS_PER_SLICE items, the layer keeps its previous drawing
// until the last slice, and the result is the same picture as one whole draw.
import { describe, expect, it } from 'vitest';
import Konva from 'konva';
import { LayerPainter } from './layerPainter';
import { ITEMS_PER_SLICE, SlicedPoints } from './slicedPoints';
import { drawPointsFrame, type PointsStyle } from './drawPoints';
import type { ClusterFrame } from '../core/cluster/types';

const VIEW = { width: 600, height: 400 };
const N = 5 * ITEMS_PER_SLICE + 123;

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
    const perSlice: number[] = [];
    const painter = new LayerPainter(() => v);
    const pr = layer.getCanvas().getPixelRatio();
    painter.prepare = () => { const before = sliced.slices; const done = sliced.step(frame, v, VIEW, pr, style); if (sliced.slices > before) perSlice.push(before); return done; };
    layer.add(new Konva.Shape({ listening: false, sceneFunc: (c) => {
      const ctx = (c as unknown as { _context: CanvasRenderingContext2D })._context;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (!sliced.blit(ctx, frame, v)) { ctx.setTransform(pr, 0, 0, pr, 0, 0); drawPointsFrame(ctx, frame, v, VIEW, style); }
    } }));
    let frames = 0;
    const draws0 = painter.draws;
    while (painter.drawStale(stage, v, 1000)) { // a generous time budget: only the slicing may split the work
      frames++;
      expect(painter.draws, 'the layer keeps its previous drawing until the last slice').toBe(draws0);
      await new Promise((r) => requestAnimationFrame(r));
      expect(frames).toBeLessThan(50);
    }
    expect(sliced.slices).toBe(Math.ceil(N / ITEMS_PER_SLICE));
    expect(perSlice.length).toBe(sliced.slices); // one slice per animation frame
    expect(frames).toBe(sliced.slices - 1);
    expect(painter.draws).toBe(draws0 + 1);
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
