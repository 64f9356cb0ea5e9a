// Who a point may be assigned to (docs/product.md#assignee): an active member, of the point's team when it has
// one. The database enforces it; this list only fills the 'Assigné à' picker and names the assignee.
import type { Profile } from '../types';

export type Member = Pick<Profile, 'id' | 'email' | 'teamId' | 'active'>;

/** Active members of `teamId` (every active member when null), sorted by e-mail. */
export function assignableMembers(members: readonly Member[], teamId: string | null): Member[] {
  return members
    .filter((m) => m.active !== false && (!teamId || m.teamId === teamId))
    .sort((a, b) => a.email.localeCompare(b.email, 'fr'));
}

/** What stands for an assignee whose e-mail could not be read. */
export const UNKNOWN_MEMBER = 'Membre inconnu';

/** The name shown for an assignee: their e-mail when known, else 'Membre inconnu'. */
export function memberName(members: readonly Member[], id: string | null | undefined): string | null {
  if (!id) return null;
  const m = members.find((x) => x.id === id);
  return m ? m.email : UNKNOWN_MEMBER;
}

