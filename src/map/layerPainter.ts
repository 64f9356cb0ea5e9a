// Paints the stage's layers for a viewport without making a gesture wait: while the view moves, each
// layer's canvas is moved by a CSS transform from the viewport it was last drawn at (the compositor moves what is
// drawn; nothing is redrawn, as OpenLayers does while interacting); once the view rests, the layers whose drawing is
// stale are redrawn, a few per frame within a time budget, the others keeping their transform until their turn; a
// layer with much to draw prepares it in slices, one per frame (`prepare`, see slicedPoints.ts), and may then wait
// a moment for a part that is on its way (`waits`: the image at the new zoom) so that it is drawn once.
import type Konva from 'konva';
import type { Viewport } from './viewportMath';

/** ms of layer drawing per frame once the view rests; a layer that would overrun waits for the next frame. */
export const FRAME_BUDGET_MS = 10;

/** The CSS transform moving a drawing made at viewport `drawn` to where viewport `now` shows it ('' if none). */
export function cssTransformBetween(drawn: Viewport, now: Viewport): string {
  if (drawn.scale === now.scale && drawn.x === now.x && drawn.y === now.y) return '';
  const k = now.scale / drawn.scale;
  return `translate(${now.x - k * drawn.x}px, ${now.y - k * drawn.y}px) scale(${k})`;
}

export class LayerPainter {
  private drawnAt = new WeakMap<Konva.Layer, Viewport>();
  private dirty = new WeakSet<Konva.Layer>();
  private watched = new WeakSet<Konva.Layer>();

  /** `viewport`: the viewport the scene functions draw at (read when any draw of a layer happens). */
  constructor(private viewport: () => Viewport) {}
  /** A prepared layer that may wait although stale (say, while its image for this zoom is on its way). */
  waits: (layer: Konva.Layer) => boolean = () => false;
  /** Work a stale layer does, one slice per frame, before it can be drawn (false: more slices to come). */
  prepare: (layer: Konva.Layer, v: Viewport) => boolean = () => true;
  /** Told when layers are invalidated with what they prepared (their slices in progress or done are dropped). */
  onInvalidate: (layers: Konva.Layer[]) => void = () => undefined;

  /**
   * Marks one layer (or every layer) to be redrawn at the next rest. `keepPrepared`: what the layer prepared still
   * holds (only a part drawn as it is changed, say the image under the points).
   */
  invalidate(stage: Konva.Stage, layer?: Konva.Layer, keepPrepared = false): void {
    const layers = layer ? [layer] : stage.getLayers();
    for (const l of layers) this.dirty.add(l);
    if (!keepPrepared) this.onInvalidate(layers);
  }

  /** Moves every layer's last drawing to `v` (no drawing). */
  transform(stage: Konva.Stage, v: Viewport): void {
    for (const layer of stage.getLayers()) {
      this.watch(layer);
      const at = this.drawnAt.get(layer);
      if (at) setTransform(layer, cssTransformBetween(at, v));
    }
  }

  /** Redraws stale layers at `v` in stage order until `budgetMs` is spent; true if some are left for later. */
  drawStale(stage: Konva.Stage, v: Viewport, budgetMs = FRAME_BUDGET_MS): boolean {
    const t0 = performance.now();
    let left = false;
    for (const layer of stage.getLayers()) {
      this.watch(layer);
      const at = this.drawnAt.get(layer);
      const stale = this.dirty.has(layer) || !at || at.scale !== v.scale || at.x !== v.x || at.y !== v.y;
      if (!stale) continue;
      if (performance.now() - t0 > budgetMs || !this.prepare(layer, v) || this.waits(layer)) {
        left = true;
        if (at) setTransform(layer, cssTransformBetween(at, v));
        continue;
      }
      this.dirty.delete(layer);
      layer.draw();
    }
    return left;
  }

  /** Any draw of the layer (ours, or Konva's batchDraw after a react-konva prop change) shows the current viewport. */
  private watch(layer: Konva.Layer): void {
    if (this.watched.has(layer)) return;
    this.watched.add(layer);
    layer.on('draw.painter', () => {
      this.drawnAt.set(layer, this.viewport());
      setTransform(layer, '');
    });
  }
}

function setTransform(layer: Konva.Layer, transform: string): void {
  const style = layer.getNativeCanvasElement().style;
  if (style.transform === transform) return;
  style.transformOrigin = '0 0';
  style.transform = transform;
}
