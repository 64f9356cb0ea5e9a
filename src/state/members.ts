// The active members the 'Assigné à' picker offers (docs/product.md#assignee), per team ('' : a point without
// team), each list loaded once per session on first use.
import { atom } from 'jotai';
import type { Member } from '../core/followUp/assignees';
import { listAssignableMembers } from '../data/membersRepository';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';

export type MembersList = { status: 'loading' | 'error' } | { status: 'ready'; members: Member[] };
/** Key: the team id, '' for a point without team. */
export const membersByTeamAtom = resetAtSignOut(atom<Record<string, MembersList>>({}));

/** Loads the team's list unless loaded or loading; a failure is shown in the picker and retried on the next call. */
export async function ensureMembersLoaded(teamId: string): Promise<void> {
  const cur = store.get(membersByTeamAtom)[teamId];
  if (cur && cur.status !== 'error') return;
  const put = (v: MembersList) => store.set(membersByTeamAtom, (m) => ({ ...m, [teamId]: v }));
  put({ status: 'loading' });
  try {
    put({ status: 'ready', members: await listAssignableMembers(teamId || null) });
  } catch (e) {
    console.warn('Membres : lecture impossible', e);
    put({ status: 'error' });
  }
}

/** Every member read so far (to name an assignee shown outside the list of the team chosen). */
export const knownMembersAtom = atom<Member[]>((get) => {
  const out = new Map<string, Member>();
  for (const l of Object.values(get(membersByTeamAtom))) if (l.status === 'ready') for (const m of l.members) out.set(m.id, m);
  return [...out.values()];
});
