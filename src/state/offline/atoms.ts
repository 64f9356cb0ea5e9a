// Offline state: the outbox items of the signed-in user, connectivity, last sync, dialogs.
// Kept out of src/state/*.ts on purpose: a sign-out must not forget the outbox of what is still waiting.
import { atom } from 'jotai';
import type { OutboxItem } from '../../core/outbox/types';
import { pointIdsOf } from '../../core/outbox/bulk';

export const outboxItemsAtom = atom<OutboxItem[]>([]);
/** Items sent during this session (shown 'envoyé' in the outbox panel), newest first. */
export interface SentEntry { id: string; label: string; at: number }
export const recentlySentAtom = atom<SentEntry[]>([]);

/** navigator.onLine, followed through the online/offline events. */
export const browserOnlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);
/** A request failed for a network reason since the last success (a signal that the browser still calls online). */
export const networkDownAtom = atom<boolean>(false);
export const offlineAtom = atom((get) => !get(browserOnlineAtom) || get(networkDownAtom));

/** ms since epoch of the last complete load from the server (or replay), null before the first. */
export const lastSyncAtom = atom<number | null>(null);
/** How this device got what an offline open needs: 'already' when it was there as the page (or the session)
 * started, 'now' when it arrived during it, null while missing. */
export type Readiness = 'already' | 'now' | null;
/** The service worker controls the page: the app shell and the line image are precached. */
export const appCachedAtom = atom<Readiness>(null);
/** The user's data (small tables' snapshot; the points are in the local replica) are saved on this device. */
export const dataSavedAtom = atom<Readiness>(null);
/** The app would open without network on this device. */
export const offlineReadyAtom = atom((get) => get(appCachedAtom) !== null && get(dataSavedAtom) !== null);
/** It became ready during this page: the moment to say so. */
export const offlineReadyNewsAtom = atom((get) => get(offlineReadyAtom) && (get(appCachedAtom) === 'now' || get(dataSavedAtom) === 'now'));
/** The replay waits for a sign-in: the session could not be refreshed. */
export const authBlockedAtom = atom<boolean>(false);
export const replayingAtom = atom<boolean>(false);

export const outboxPanelOpenAtom = atom<boolean>(false);
export const signOutWarningAtom = atom<boolean>(false);

export const pendingCountAtom = atom((get) => get(outboxItemsAtom).length);
/** Point id → state of its latest waiting item ('en attente' marks in the lists). */
export const pendingByPointAtom = atom((get) => {
  const m = new Map<string, OutboxItem['state']>();
  for (const i of [...get(outboxItemsAtom)].sort((a, b) => a.seq - b.seq)) for (const id of pointIdsOf(i.op)) m.set(id, i.state);
  return m;
});
