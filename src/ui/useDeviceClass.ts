// Device class of docs/product.md#devices (mobile < 768 px; 768-1366 px with touch = tablet; else desktop), kept up to
// date on resize. One value for the whole page, read from the window once and again after each resize or orientation
// change (debounced): reading the window's width forces a style recalculation, which every component mounting in one
// render would otherwise pay for in turn.
import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH, ORIENTATION_DEBOUNCE_MS, RESIZE_DEBOUNCE_MS, TABLET_MAX_WIDTH } from '../core/constants';

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export function deviceClassOf(widthPx: number, touch: boolean): DeviceClass {
  if (widthPx < MOBILE_MAX_WIDTH) return 'mobile';
  if (widthPx <= TABLET_MAX_WIDTH && touch) return 'tablet';
  return 'desktop';
}

function current(): DeviceClass {
  if (typeof window === 'undefined') return 'desktop';
  const touch = 'ontouchstart' in window || (navigator.maxTouchPoints ?? 0) > 0;
  return deviceClassOf(window.innerWidth, touch);
}

let known: DeviceClass | null = null;
const listeners = new Set<() => void>();
let detach: (() => void) | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!detach) {
    let t: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number) => () => {
      clearTimeout(t);
      t = setTimeout(() => { known = current(); listeners.forEach((l) => l()); }, ms);
    };
    const onResize = later(RESIZE_DEBOUNCE_MS);
    const onOrientation = later(ORIENTATION_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onOrientation);
    detach = () => { clearTimeout(t); window.removeEventListener('resize', onResize); window.removeEventListener('orientationchange', onOrientation); };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) { detach?.(); detach = null; known = null; } // read afresh by the next component
  };
}

const read = (): DeviceClass => (known ??= current());

export function useDeviceClass(): DeviceClass {
  return useSyncExternalStore(subscribe, read, () => 'desktop');
}

/** Phones and tablets get the mobile-like layout (docs/product.md#devices). */
export const isMobileLike = (c: DeviceClass): boolean => c !== 'desktop';
