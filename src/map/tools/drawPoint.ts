// Draw-point mode: a tap inside the line image opens the point form at that position with the interpolated PK
// (status signale and criticality attention are the form's defaults, docs/product.md#modes).
import { interpolateKm } from '../../core/pk';
import { pointFormAtom } from '../../state/selection';
import { modeAtom } from '../../state/mode';
import { insideImage, type MapTool } from './types';

export const drawPointTool: MapTool = {
  enter() {},
  click(ctx, { image }) {
    if (!insideImage(image, ctx.image)) return;
    const position = { x: Math.round(image.x), y: Math.round(image.y) };
    ctx.store.set(pointFormAtom, { mode: 'create', position, kmValue: interpolateKm(ctx.markers, position.x) });
  },
  move() {},
  /** Escape: closes an open create form first, otherwise leaves draw-point for view. */
  cancel(ctx) {
    if (ctx.store.get(pointFormAtom)?.mode === 'create') ctx.store.set(pointFormAtom, null);
    else ctx.store.set(modeAtom, 'view');
  },
};
