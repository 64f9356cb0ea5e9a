// The service worker (built by vite-plugin-pwa's injectManifest into sw.js, its precache list injected at
// self.__WB_MANIFEST). Precache: the app shell, the icons, the bundled line image and its tiles, each under Workbox's
// revisioned key; the install fetches each missing entry and puts the response straight into the cache (./swPrecache.ts).
// Runtime: a replaced line image and the tiles viewed (cache first: their URL changes when replaced), point photos
// (cache first), /config.json (network first). API calls are never cached; navigations get the precached index.html.
// A new version waits until every tab is closed, or until the page posts SKIP_WAITING (the user accepted the update).
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { PHOTO_CACHE } from '../src/core/constants';
import { precacheMissing } from './swPrecache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);
self.addEventListener('install', (event) => event.waitUntil(precacheMissing(precache)));
self.addEventListener('activate', (event) => event.waitUntil(precache.activate(event))); // entries of older versions go
cleanupOutdatedCaches();
clientsClaim(); // the first visit is controlled at once (runtime caches fill); updates still wait
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

registerRoute(new PrecacheRoute(precache));
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
  denylist: [/^\/(auth|rest|storage|realtime)\/v1\//, /^\/config\.json$/],
}));
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'rail-config', networkTimeoutSeconds: 4, plugins: [new ExpirationPlugin({ maxEntries: 1 })] }));
// A replaced line image's tiles (stored beside it, `<image>-tiles/level/col_row.png`): the ones viewed.
registerRoute(({ url }) => /\/storage\/v1\/object\/public\/line_images\/.*-tiles\//.test(url.pathname),
  new CacheFirst({ cacheName: 'rail-line-tiles', plugins: [new ExpirationPlugin({ maxEntries: 400 }), new CacheableResponsePlugin({ statuses: [200] })] }));
// The bundled line image and any replaced one (public storage URL of the line image bucket).
registerRoute(({ url }) => url.pathname === '/line.png' || /\/storage\/v1\/object\/public\/line_images\//.test(url.pathname),
  new CacheFirst({ cacheName: 'rail-line-image', plugins: [new ExpirationPlugin({ maxEntries: 3 }), new CacheableResponsePlugin({ statuses: [200] })] }));
registerRoute(({ url }) => /\/storage\/v1\/object\/public\/poi_images\//.test(url.pathname),
  new CacheFirst({ cacheName: PHOTO_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 }), new CacheableResponsePlugin({ statuses: [200] })] }));
