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

export interface PointerHandlers {
  down: (e: PointerEvent) => void;
  move: (e: PointerEvent) => void;
  /** Pointer up or cancelled. */
  up: (e: PointerEvent) => void;
}

/** Listens to a gesture's pointer events on `el` (up and cancel both end it); returns the detach function. */
export function listenPointers(el: HTMLElement, h: PointerHandlers): () => void {
  el.addEventListener('pointerdown', h.down);
  el.addEventListener('pointermove', h.move);
  el.addEventListener('pointerup', h.up);
  el.addEventListener('pointercancel', h.up);
  return () => {
    el.removeEventListener('pointerdown', h.down);
    el.removeEventListener('pointermove', h.move);
    el.removeEventListener('pointerup', h.up);
    el.removeEventListener('pointercancel', h.up);
  };
}
