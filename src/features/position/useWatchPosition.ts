// The device's position while 'Me localiser' is on: the browser's watchPosition, started only by the agent's press
// (the permission prompt comes then), ended on stop or unmount. Fixes and errors go to the callbacks.
import { useCallback, useEffect, useRef } from 'react';
import type { Fix } from '../../core/position/fixes';

export type WatchError = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export function useWatchPosition(onFix: (f: Fix) => void, onError: (e: WatchError) => void) {
  const id = useRef<number | null>(null);
  const handlers = useRef({ onFix, onError });
  handlers.current = { onFix, onError };
  const stop = useCallback(() => {
    if (id.current !== null) navigator.geolocation.clearWatch(id.current);
    id.current = null;
  }, []);
  const start = useCallback(() => {
    stop();
    if (!('geolocation' in navigator)) { handlers.current.onError('unsupported'); return; }
    id.current = navigator.geolocation.watchPosition(
      (p) => handlers.current.onFix({ lat: p.coords.latitude, lon: p.coords.longitude, accuracyM: p.coords.accuracy, at: p.timestamp || Date.now() }),
      (e) => handlers.current.onError(e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
  }, [stop]);
  useEffect(() => stop, [stop]);
  return { start, stop };
}
