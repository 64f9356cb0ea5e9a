// Hidden layers hold no pixels: a layer not shown (no zones, no draft) keeps a 0×0 canvas instead of one at
// the stage size and device pixel ratio (4-5 MB each on a phone); shown again, it is sized back and redrawn.
import type Konva from 'konva';

/** Sizes each layer's canvas to the stage when visible, to nothing when hidden; returns the layers sized back. */
export function fitHiddenLayers(stage: Konva.Stage): Konva.Layer[] {
  const grown: Konva.Layer[] = [];
  for (const layer of stage.getLayers()) {
    const canvas = layer.getCanvas();
    const [w, h] = layer.visible() ? [stage.width(), stage.height()] : [0, 0];
    if (canvas.width === Math.floor(w * canvas.getPixelRatio()) && canvas.height === Math.floor(h * canvas.getPixelRatio())) continue;
    canvas.setSize(w, h);
    if (w > 0) grown.push(layer);
  }
  return grown;
}
