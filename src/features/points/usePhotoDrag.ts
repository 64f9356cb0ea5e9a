// Reordering the gallery by dragging a photo's handle (docs/product.md#photos): a mouse, a pen or a finger (the
// handle takes the pointer, so the page does not scroll meanwhile); the photo under the pointer is the place it
// goes, shown while dragging, and the move happens on release. The arrow keys on the handle move it one place.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

const DRAG_START_PX = 6; // a smaller move is not a drag

/** The tile index under a screen point (tiles carry data-photo-index), or null. */
function tileAt(x: number, y: number): number | null {
  const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-photo-index]');
  return el ? Number(el.dataset.photoIndex) : null;
}

export function usePhotoDrag(onMove: (from: number, to: number) => void) {
  const start = useRef<{ index: number; x: number; y: number; id: number } | null>(null);
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);

  const handleProps = (index: number, count: number) => ({
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      start.current = { index, x: e.clientX, y: e.clientY, id: e.pointerId };
      try { e.currentTarget.setPointerCapture(e.pointerId); } catch { /* the pointer is already up: no capture needed */ }
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s || s.id !== e.pointerId) return;
      if (!drag && Math.hypot(e.clientX - s.x, e.clientY - s.y) < DRAG_START_PX) return;
      const over = tileAt(e.clientX, e.clientY);
      setDrag({ from: s.index, over: over ?? drag?.over ?? s.index });
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      start.current = null;
      if (!s || s.id !== e.pointerId) return;
      const over = drag ? tileAt(e.clientX, e.clientY) ?? drag.over : null;
      setDrag(null);
      if (over !== null && over !== s.index) onMove(s.index, over);
    },
    onPointerCancel() { start.current = null; setDrag(null); },
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      const to = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? index - 1 : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? index + 1 : null;
      if (to === null) return;
      e.preventDefault();
      if (to >= 0 && to < count) onMove(index, to);
    },
  });

  return { drag, handleProps };
}
