// Drag to pan with mouse, pen or one finger. Touch and pen wait for the 5 px threshold (SPEC §9) before moving;
// a press released before the threshold is a tap, handed to `onTap` in container px.
import { TOUCH_DRAG_THRESHOLD_PX } from '../core/constants';
import type { ViewportController } from './viewportController';
import { listenPointers, localPoint, type GestureState } from './gesture';

const MOUSE_CLICK_SLOP_PX = 3; // screen px a mouse may move and still click

export function attachDragPan(el: HTMLElement, ctl: ViewportController, gesture: GestureState, onTap: (x: number, y: number) => void): () => void {
  let active: { id: number; startX: number; startY: number; lastX: number; lastY: number; dragging: boolean; touch: boolean } | null = null;

  const down = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const p = localPoint(el, e);
    gesture.pointers.set(e.pointerId, p);
    if (gesture.pointers.size > 1) { active = null; return; }
    gesture.pinching = false;
    active = { id: e.pointerId, startX: p.x, startY: p.y, lastX: p.x, lastY: p.y, dragging: false, touch: e.pointerType !== 'mouse' };
    try { el.setPointerCapture(e.pointerId); } catch { /* synthetic events have no active pointer */ }
  };
  const move = (e: PointerEvent) => {
    if (gesture.pointers.has(e.pointerId)) gesture.pointers.set(e.pointerId, localPoint(el, e));
    if (!active || active.id !== e.pointerId || gesture.pinching) return;
    const p = localPoint(el, e);
    if (!active.dragging) {
      const d = Math.hypot(p.x - active.startX, p.y - active.startY);
      const threshold = active.touch ? TOUCH_DRAG_THRESHOLD_PX : MOUSE_CLICK_SLOP_PX;
      if (d < threshold) return;
      active.dragging = true;
      el.style.cursor = 'grabbing';
      if (active.touch) { active.lastX = active.startX; active.lastY = active.startY; }
    }
    ctl.panBy(p.x - active.lastX, p.y - active.lastY);
    active.lastX = p.x;
    active.lastY = p.y;
  };
  const up = (e: PointerEvent) => {
    gesture.pointers.delete(e.pointerId);
    const a = active;
    if (!a || a.id !== e.pointerId) {
      if (gesture.pointers.size === 0) gesture.pinching = false;
      return;
    }
    active = null;
    el.style.cursor = '';
    if (!a.dragging && !gesture.pinching && e.type === 'pointerup') onTap(a.startX, a.startY);
    if (gesture.pointers.size === 0) gesture.pinching = false;
  };
  return listenPointers(el, { down, move, up });
}
