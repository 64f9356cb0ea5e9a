// The sidebar's follow-up filter ('Assignés à moi', 'Mes signalements', 'En retard'; docs/product.md#follow-up-filters):
// the ids of the matching points of the line shown, read from the server when the filter is chosen (with the
// device's time for 'En retard'). null: no such filter.
import { atom } from 'jotai';
import { followFilterParams, type FollowFilterKind } from '../core/followUp/followFilter';
import { idsOfPoints } from '../data/followFilterRepository';
import { activeLineId } from './tables';
import { sessionAtom } from './session';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';

export type FollowFilterState = { kind: FollowFilterKind; status: 'loading' | 'error' } | { kind: FollowFilterKind; status: 'ready'; ids: Set<string> };
export const followFilterAtom = resetAtSignOut(atom<FollowFilterState | null>(null));

/** Chooses the filter (the same one again clears it) and reads its points. */
export async function toggleFollowFilter(kind: FollowFilterKind): Promise<void> {
  if (store.get(followFilterAtom)?.kind === kind) { store.set(followFilterAtom, null); return; }
  const me = store.get(sessionAtom)?.user.id;
  if (!me) return;
  store.set(followFilterAtom, { kind, status: 'loading' });
  try {
    const ids = await idsOfPoints(followFilterParams(kind, me, Date.now()), activeLineId());
    if (store.get(followFilterAtom)?.kind === kind) store.set(followFilterAtom, { kind, status: 'ready', ids });
  } catch (e) {
    console.warn('Filtre de suivi : lecture impossible', e);
    if (store.get(followFilterAtom)?.kind === kind) store.set(followFilterAtom, { kind, status: 'error' });
  }
}
