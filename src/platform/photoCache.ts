// The service worker's cache of point photos (workers/sw.ts, PHOTO_CACHE): the photos a user viewed stay on the device
// for offline use. Emptied at sign-out (the next user of the browser must not find them), with Workbox's expiration
// records of those URLs.
import { PHOTO_CACHE } from '../core/constants';

const EXPIRATION_DB = 'workbox-expiration'; // workbox-expiration's database, store and index
const EXPIRATION_STORE = 'cache-entries';

/** Empties the photo cache and its expiration records; never throws (nothing to empty without Cache Storage). */
export async function forgetCachedPhotos(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PHOTO_CACHE).catch(() => false);
  if (typeof indexedDB === 'undefined' || !indexedDB.databases) return;
  try {
    // Never open (so create) the database when Workbox has not made it: its own upgrade would not run then.
    if (!(await indexedDB.databases()).some((d) => d.name === EXPIRATION_DB)) return;
    const db = await new Promise<IDBDatabase>((res, rej) => { const r = indexedDB.open(EXPIRATION_DB); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
    try {
      if (!db.objectStoreNames.contains(EXPIRATION_STORE)) return;
      const tx = db.transaction(EXPIRATION_STORE, 'readwrite');
      const store = tx.objectStore(EXPIRATION_STORE);
      const cursor = store.indexNames.contains('cacheName') ? store.index('cacheName').openCursor(IDBKeyRange.only(PHOTO_CACHE)) : store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        if ((c.value as { cacheName?: string }).cacheName === PHOTO_CACHE) c.delete();
        c.continue();
      };
      await new Promise<void>((res, rej) => { tx.oncomplete = () => res(); tx.onerror = () => rej(tx.error); });
    } finally { db.close(); }
  } catch (e) {
    console.warn('Cache des photos : effacement incomplet', e);
  }
}
