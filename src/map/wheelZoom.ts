// Wheel zoom: one 0.1 step per wheel notch (docs/product.md#constants), anchored at the pointer, bounded 0.5-3 by the controller.
// Small pixel deltas (trackpads) are accumulated until they amount to one notch. The notches of one spin are one
// gesture (WHEEL_SETTLE_MS): the layers are moved, not redrawn, until the wheel rests.
import { WHEEL_SETTLE_MS, type ViewportController } from './viewportController';

const NOTCH_PX = 50; // accumulated deltaY (px) that counts as one notch

export function attachWheelZoom(el: HTMLElement, ctl: ViewportController): () => void {
  let acc = 0;
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const dy = e.deltaMode === WheelEvent.DOM_DELTA_PIXEL ? e.deltaY : e.deltaY * NOTCH_PX;
    if (dy === 0) return;
    if (Math.abs(dy) >= NOTCH_PX) acc = 0;
    else {
      if (Math.sign(acc) !== Math.sign(dy)) acc = 0;
      acc += dy;
      if (Math.abs(acc) < NOTCH_PX) return;
      acc = 0;
    }
    const rect = el.getBoundingClientRect();
    ctl.holdGesture(WHEEL_SETTLE_MS); // the next notch of this spin continues the gesture: no redraw in between
    ctl.zoomStep(dy < 0 ? 1 : -1, e.clientX - rect.left, e.clientY - rect.top);
  };
  el.addEventListener('wheel', onWheel, { passive: false });
  return () => el.removeEventListener('wheel', onWheel);
}
