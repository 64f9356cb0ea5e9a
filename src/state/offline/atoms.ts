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
