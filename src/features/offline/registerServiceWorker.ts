/// <reference types="vite-plugin-pwa/vanillajs" />
// Registers the service worker once per page (production builds) and follows what it means for an offline open:
// appCachedAtom is 'already' when a worker controlled the page from its start, 'now' once the first one installed
// (precache done) takes control. A new version is announced through `onNeedRefresh` and applied by `applyUpdate`.
import { store } from '../../state/store';
import { appCachedAtom } from '../../state/offline/atoms';

let update: ((reload?: boolean) => Promise<void>) | null = null;

export function registerServiceWorker(onNeedRefresh: () => void): void {
  if (update || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  update = () => Promise.resolve();
  void import('virtual:pwa-register').then(({ registerSW }) => {
    update = registerSW({ immediate: true, onNeedRefresh });
    const controlled = () => { if (sw.controller) store.set(appCachedAtom, (was) => was ?? 'now'); };
    sw.addEventListener('controllerchange', controlled);
    controlled();
  }).catch((e) => { update = null; console.warn('Service worker non enregistré', e); });
}

/** Replaces the running version by the waiting one and reloads. */
export function applyUpdate(): void {
  void update?.(true);
}

/** At page start: a worker already controls the page (the app was installed by an earlier visit). */
export function noteControllerAtStart(): void {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) store.set(appCachedAtom, 'already');
}
