// The active members the 'Assigné à' picker offers (docs/product.md#assignee), loaded once per session on first use.
import { atom } from 'jotai';
import type { Member } from '../core/followUp/assignees';
import { listActiveMembers } from '../data/membersRepository';
import { store } from './store';

export const membersAtom = atom<Member[]>([]);
export const membersStatusAtom = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

/** Loads the members unless loaded or loading; a failure is shown in the picker and retried on the next call. */
export async function ensureMembersLoaded(): Promise<void> {
  const status = store.get(membersStatusAtom);
  if (status === 'loading' || status === 'ready') return;
  store.set(membersStatusAtom, 'loading');
  try {
    store.set(membersAtom, await listActiveMembers());
    store.set(membersStatusAtom, 'ready');
  } catch (e) {
    console.warn('Membres : lecture impossible', e);
    store.set(membersStatusAtom, 'error');
  }
}
