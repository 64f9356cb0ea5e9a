// Container size: measured at the resize observer's first report (after the browser's own layout, so the mount forces
// none), then after resizes debounced 150 ms and orientation changes 300 ms (docs/product.md#constants).
import { ORIENTATION_DEBOUNCE_MS, RESIZE_DEBOUNCE_MS } from '../core/constants';
import type { Size } from './viewportMath';

export function watchSize(el: HTMLElement, onSize: (size: Size) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = { width: -1, height: -1 };
  const measure = () => {
    const size = { width: Math.floor(el.clientWidth), height: Math.floor(el.clientHeight) };
    if (size.width === last.width && size.height === last.height) return;
    last = size;
    onSize(size);
  };
  const later = (ms: number) => () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(measure, ms);
  };
  const afterResize = later(RESIZE_DEBOUNCE_MS);
  let reported = false;
  const ro = new ResizeObserver(() => { if (reported) afterResize(); else { reported = true; measure(); } });
  ro.observe(el);
  const onOrientation = later(ORIENTATION_DEBOUNCE_MS);
  window.addEventListener('orientationchange', onOrientation);
  return () => {
    ro.disconnect();
    window.removeEventListener('orientationchange', onOrientation);
    if (timer) clearTimeout(timer);
  };
}
