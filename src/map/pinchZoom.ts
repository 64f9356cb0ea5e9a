// Two-finger pinch: zoom by the ratio of finger distances around their midpoint, and pan with the midpoint.
import type { ViewportController } from './viewportController';
import { listenPointers, type GestureState } from './gesture';

export function attachPinchZoom(el: HTMLElement, ctl: ViewportController, gesture: GestureState): () => void {
  let start: { dist: number; scale: number; mid: { x: number; y: number } } | null = null;

  const twoPointers = () => {
    const [a, b] = [...gesture.pointers.values()];
    return { dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  };
  const down = () => {
    if (gesture.pointers.size !== 2) return;
    gesture.pinching = true;
    const t = twoPointers();
    start = { dist: Math.max(1, t.dist), scale: ctl.viewport.scale, mid: t.mid };
  };
  const move = (e: PointerEvent) => {
    if (!start || gesture.pointers.size !== 2 || !gesture.pointers.has(e.pointerId)) return;
    const t = twoPointers();
    ctl.panBy(t.mid.x - start.mid.x, t.mid.y - start.mid.y);
    start.mid = t.mid;
    ctl.zoomTo(start.scale * (t.dist / start.dist), t.mid.x, t.mid.y);
  };
  const up = () => {
    if (gesture.pointers.size < 2) start = null;
  };
  // Registered after dragPan's listeners, so the pointer map is already up to date.
  return listenPointers(el, { down, move, up });
}
