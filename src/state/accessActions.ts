// Admin actions on access: deactivate / reactivate a member, revoke an unused invitation. The rules
// (admin only, never oneself, never the last active admin, unused invitations only) live in the database.
import { atom } from 'jotai';
import * as repo from '../data/tableRepositories';
import { isLastAdminError } from '../core/admin/errors';
import { adminInvitationsAtom, adminProfilesAtom } from './adminActions';

export type AccessOutcome = 'ok' | 'last_admin' | 'self' | 'refused' | 'error';

export const setUserActiveAtom = atom(null, async (get, set, args: { userId: string; active: boolean }): Promise<AccessOutcome> => {
  let ok: boolean;
  try {
    ok = await repo.setUserActive(args.userId, args.active);
  } catch (e) {
    if (isLastAdminError(e)) return 'last_admin';
    if ((e as { hint?: unknown })?.hint === 'self_deactivation') return 'self';
    console.error(e);
    return 'error';
  }
  try { set(adminProfilesAtom, await repo.listProfiles()); } catch {
    if (ok) set(adminProfilesAtom, get(adminProfilesAtom).map((p) => (p.id === args.userId ? { ...p, active: args.active } : p)));
  }
  return ok ? 'ok' : 'refused';
});

export const revokeInvitationAtom = atom(null, async (_get, set, id: string): Promise<'ok' | 'gone' | 'error'> => {
  let ok: boolean;
  try {
    ok = await repo.revokeInvitation(id);
  } catch (e) {
    console.error(e);
    return 'error';
  }
  try { set(adminInvitationsAtom, await repo.listInvitations()); } catch { /* refreshed on the next load */ }
  return ok ? 'ok' : 'gone';
});
