// Wheel zoom: one 0.1 step per wheel event (SPEC §9), anchored at the pointer, bounded 0.5-3 by the controller.
import type { ViewportController } from './viewportController';

export function attachWheelZoom(el: HTMLElement, ctl: ViewportController): () => void {
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    if (e.deltaY === 0) return;
    const rect = el.getBoundingClientRect();
    ctl.zoomStep(e.deltaY < 0 ? 1 : -1, e.clientX - rect.left, e.clientY - rect.top);
  };
  el.addEventListener('wheel', onWheel, { passive: false });
  return () => el.removeEventListener('wheel', onWheel);
}
