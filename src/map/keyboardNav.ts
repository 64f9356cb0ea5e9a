// Keyboard on the focused map: arrow keys pan by a tenth of the view, + / - zoom one step, 0 fits the line.
import type { ViewportController } from './viewportController';

const PAN_FRACTION = 0.1; // of the view size per key press

export function attachKeyboardNav(el: HTMLElement, ctl: ViewportController): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== el || e.altKey || e.ctrlKey || e.metaKey) return;
    const dx = ctl.view.width * PAN_FRACTION;
    const dy = ctl.view.height * PAN_FRACTION;
    switch (e.key) {
      case 'ArrowLeft': ctl.panBy(dx, 0); break;
      case 'ArrowRight': ctl.panBy(-dx, 0); break;
      case 'ArrowUp': ctl.panBy(0, dy); break;
      case 'ArrowDown': ctl.panBy(0, -dy); break;
      case '+': case '=': ctl.zoomStep(1); break;
      case '-': case '_': ctl.zoomStep(-1); break;
      case '0': ctl.fit(); break;
      default: return;
    }
    e.preventDefault();
  };
  el.addEventListener('keydown', onKey);
  return () => el.removeEventListener('keydown', onKey);
}
