// The precache's install: each entry of the list not yet in the precache (under its Workbox key, which carries the
// revision of a file without a hash in its name) is fetched and its response put straight into the cache, a few at a
// time. Workbox's own install caches a clone of each response and keeps the original, whose copy of the body stays in
// the worker's memory until its heap is collected, which an idle service worker does not do before Chromium stops it.
import type { PrecacheController } from 'workbox-precaching';

const FETCHES_AT_ONCE = 6;

export async function precacheMissing(precache: PrecacheController): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const missing: [url: string, key: string][] = [];
  for (const [url, key] of precache.getURLsToCacheKeys()) if (!(await cache.match(key))) missing.push([url, key]);
  await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, async () => {
    for (let e = missing.shift(); e; e = missing.shift()) await cacheEntry(cache, e[0], e[1], precache.getIntegrityForCacheKey(e[1]));
  }));
}

/** A revisioned entry (its key is not its URL) is read past the HTTP cache, as Workbox does. */
async function cacheEntry(cache: Cache, url: string, key: string, integrity: string | undefined): Promise<void> {
  const response = await fetch(new Request(url, { credentials: 'same-origin', cache: key === url ? 'default' : 'reload', integrity }));
  if (!response.ok) throw new Error(`Mise en cache de l'application impossible : ${url} a répondu ${response.status}`);
  // A redirected response cannot answer a navigation: stored as a plain copy.
  await cache.put(key, response.redirected ? new Response(response.body, response) : response);
}
