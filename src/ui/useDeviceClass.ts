// Device class of docs/product.md#devices (mobile < 768 px; 768-1366 px with touch = tablet; else desktop), kept up to date on resize.
import { useEffect, useState } from 'react';
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

export function useDeviceClass(): DeviceClass {
  const [cls, setCls] = useState<DeviceClass>(current);
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const later = (ms: number) => () => { clearTimeout(t); t = setTimeout(() => setCls(current()), ms); };
    const onResize = later(RESIZE_DEBOUNCE_MS);
    const onOrientation = later(ORIENTATION_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onOrientation);
    return () => { clearTimeout(t); window.removeEventListener('resize', onResize); window.removeEventListener('orientationchange', onOrientation); };
  }, []);
  return cls;
}

/** Phones and tablets get the mobile-like layout (docs/product.md#devices). */
export const isMobileLike = (c: DeviceClass): boolean => c !== 'desktop';
