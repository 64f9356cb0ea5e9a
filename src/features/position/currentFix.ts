// One position of the device for 'ici' in the search box: the browser's getCurrentPosition, asked only on the
// agent's request (the permission prompt comes then) and never answered from the browser's cache, since the agent
// asking again has usually moved; its refusal or failure as the same codes as the watch.
import type { Fix } from '../../core/position/fixes';
import type { WatchError } from './useWatchPosition';
import { POSITION_TEXT as T } from './strings';

export class FixError extends Error {
  constructor(readonly code: WatchError) { super(fixErrorMessage(code)); }
}

export function fixErrorMessage(code: WatchError): string {
  return code === 'denied' ? T.denied : code === 'timeout' ? T.timeout : code === 'unsupported' ? T.unsupported : T.unavailable;
}

export function currentFix(): Promise<Fix> {
  if (!('geolocation' in navigator)) return Promise.reject(new FixError('unsupported'));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude, accuracyM: p.coords.accuracy, at: p.timestamp || Date.now() }),
      (e) => reject(new FixError(e.code === e.PERMISSION_DENIED ? 'denied' : e.code === e.TIMEOUT ? 'timeout' : 'unavailable')),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
  });
}
