// Keyboard capture: with the map focused in a drawing mode, Enter or Space places a point (Signaler)
// or a zone vertex (Zone) at the centre crosshair; the arrows (keyboardNav) move the view under it.
import type { ViewportController } from './viewportController';
import { screenToImage } from './viewportMath';
import type { ImagePoint } from '../core/types';

/** The image position under the centre of the view. */
export function centreOfView(ctl: ViewportController): ImagePoint {
  return screenToImage(ctl.viewport, ctl.view.width / 2, ctl.view.height / 2);
}

/** Calls `place(centre)` on Enter / Space pressed on the map surface itself while `active()` holds. */
export function attachKeyboardPlace(el: HTMLElement, ctl: ViewportController, active: () => boolean, place: (centre: ImagePoint) => void): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== el || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    if (e.key !== 'Enter' && e.key !== ' ') return;
    if (!active()) return;
    e.preventDefault();
    place(centreOfView(ctl));
  };
  el.addEventListener('keydown', onKey);
  return () => el.removeEventListener('keydown', onKey);
}
