// Pointer bookkeeping shared by the drag-pan and pinch handlers: active pointers in container px.
export interface GestureState {
  pointers: Map<number, { x: number; y: number }>;
  /** True from the moment two pointers are down until all are up (no pan, no tap). */
  pinching: boolean;
}

export function createGestureState(): GestureState {
  return { pointers: new Map(), pinching: false };
}

export function localPoint(el: HTMLElement, e: { clientX: number; clientY: number }): { x: number; y: number } {
  const r = el.getBoundingClientRect();
  return { x: e.clientX - r.left, y: e.clientY - r.top };
}
