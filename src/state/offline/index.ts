// Wiring of the offline mode, started once by bootstrap: connectivity events, the user's outbox
// loaded at sign-in and replayed when the network returns, the overlay kept over every load, the data snapshot
// saved after good loads and restored when a load fails offline, the profile cached for an offline start.
import { store } from '../store';
import { sessionAtom, profileAtom } from '../session';
import { dataLoadingAtom } from '../tables';
import { onPointsChanged } from './pointsPort';
import { levelsLoadErrorAtom, teamsLoadErrorAtom } from '../status';
import { loadAll } from '../actions';
import { authBlockedAtom, browserOnlineAtom, dataSavedAtom, lastSyncAtom, networkDownAtom, offlineAtom, outboxItemsAtom, outboxPanelOpenAtom, recentlySentAtom } from './atoms';
import { forgetQueue, loadQueue, showOverlay } from './queue';
import { replayOutbox } from './replay';
import { dropUnreferencedPhotos, restorePreviews } from './photos';
import { lastSnapshotTime, loadSnapshot, saveSnapshot } from './snapshot';
import { cacheProfile } from './session';
import { currentSession } from '../userSession';
import { definePart } from '../../core/session/scope';
import { newestSync } from '../../core/outbox/lastSync';

const RETRY_EVERY_MS = 30_000; // look at the outbox again while items wait (a network that came back silently)
const SNAPSHOT_DEBOUNCE_MS = 1500;

let started = false; // once per page (see SESSION_STATE_EXCEPTIONS): window listeners and the retry interval

/** The session's offline wiring: the user whose outbox is loaded, the pending snapshot save. Its end empties the
 * outbox list, the items sent during the session (their labels are the user's) and the last sync shown (the
 * waiting items stay in IndexedDB for that user's next sign-in). */
const offlinePart = definePart('offline', () => ({ user: null as string | null, snapshotTimer: undefined as ReturnType<typeof setTimeout> | undefined }), (o) => {
  clearTimeout(o.snapshotTimer);
  forgetQueue();
  store.set(lastSyncAtom, null);
  store.set(dataSavedAtom, null);
  store.set(recentlySentAtom, []);
  store.set(authBlockedAtom, false);
  store.set(outboxPanelOpenAtom, false);
});
const offline = () => currentSession().part(offlinePart);

export function startOffline(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void backOnline());
  window.addEventListener('offline', () => store.set(browserOnlineAtom, false));
  store.sub(sessionAtom, () => void sessionChanged());
  store.sub(profileAtom, () => cacheProfile(store.get(profileAtom)));
  onPointsChanged(showOverlay);
  store.sub(dataLoadingAtom, () => { if (!store.get(dataLoadingAtom)) void loadFinished(); });
  setInterval(() => {
    if (!offline().user || !navigator.onLine) return;
    if (store.get(networkDownAtom)) void loadAll(); // the network may be back without an 'online' event
    else if (store.get(outboxItemsAtom).length) void replayOutbox();
  }, RETRY_EVERY_MS);
}

async function sessionChanged(): Promise<void> {
  const id = store.get(sessionAtom)?.user.id ?? null;
  const o = offline();
  if (id === o.user) return;
  o.user = id;
  clearTimeout(o.snapshotTimer);
  if (!id) { forgetQueue(); store.set(lastSyncAtom, null); return; }
  try {
    const items = await loadQueue(id);
    await dropUnreferencedPhotos(id, new Set(items.flatMap((i) => i.photos)));
    await restorePreviews(id);
    const snapshotAt = await lastSnapshotTime(id);
    // The first load may have finished meanwhile and set a newer time: keep it.
    if (o.user === id) {
      store.set(lastSyncAtom, (shown) => newestSync(shown, snapshotAt));
      if (snapshotAt !== null) store.set(dataSavedAtom, (was) => was ?? 'already');
    }
    if (store.get(offlineAtom)) await loadSnapshot(id); // the map at once, without waiting for failed loads
    if (!store.get(offlineAtom)) void replayOutbox();
  } catch (err) {
    console.error('Boîte d’envoi illisible', err);
  }
}

async function backOnline(): Promise<void> {
  store.set(browserOnlineAtom, true);
  store.set(networkDownAtom, false);
  if (!offline().user) return;
  await replayOutbox();
  await loadAll();
}

/** A load ended: when it failed for want of network, the snapshot stays on screen; else it becomes the snapshot. */
async function loadFinished(): Promise<void> {
  const o = offline();
  const id = o.user;
  if (!id) return;
  const failed = !store.get(browserOnlineAtom) || (store.get(teamsLoadErrorAtom) !== null && store.get(levelsLoadErrorAtom) !== null);
  if (failed) {
    if (store.get(browserOnlineAtom)) store.set(networkDownAtom, true);
    await loadSnapshot(id).catch((e) => console.warn('Instantané hors ligne illisible', e));
    return;
  }
  const wasDown = store.get(networkDownAtom);
  store.set(networkDownAtom, false);
  store.set(lastSyncAtom, Date.now());
  if (wasDown && store.get(outboxItemsAtom).length) void replayOutbox();
  clearTimeout(o.snapshotTimer);
  o.snapshotTimer = setTimeout(() => {
    if (o.user !== id || o !== offline()) return;
    void saveSnapshot(id)
      .then(() => { if (o === offline()) store.set(dataSavedAtom, (was) => was ?? 'now'); })
      .catch((e) => console.warn('Instantané hors ligne non enregistré', e));
  }, SNAPSHOT_DEBOUNCE_MS);
}
