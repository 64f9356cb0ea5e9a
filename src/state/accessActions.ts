// Admin actions on access: deactivate / reactivate a member, revoke an unused invitation. The rules
// (admin only, never oneself, never the last active admin, unused invitations only) live in the database.
import * as repo from '../data/tableRepositories';
import { isLastAdminError } from '../core/admin/errors';
import { fail, ok, type Result } from '../core/result';
import { adminInvitationsAtom, adminProfilesAtom } from './adminActions';
import { ADMIN_FAILURE as F } from './adminStrings';
import { store } from './store';

export async function setUserActive(args: { userId: string; active: boolean }): Promise<Result> {
  let done: boolean;
  try {
    done = await repo.setUserActive(args.userId, args.active);
  } catch (e) {
    if (isLastAdminError(e)) return fail('refused', F.lastAdmin);
    if ((e as { hint?: unknown })?.hint === 'self_deactivation') return fail('refused', F.accessSelf);
    console.error(e);
    return fail('error', F.accessError);
  }
  try { store.set(adminProfilesAtom, await repo.listProfiles()); } catch {
    if (done) store.set(adminProfilesAtom, store.get(adminProfilesAtom).map((p) => (p.id === args.userId ? { ...p, active: args.active } : p)));
  }
  return done ? ok() : fail('refused', F.accessRefused);
}

export async function revokeInvitation(id: string): Promise<Result> {
  let done: boolean;
  try {
    done = await repo.revokeInvitation(id);
  } catch (e) {
    console.error(e);
    return fail('error', F.revokeError);
  }
  try { store.set(adminInvitationsAtom, await repo.listInvitations()); } catch { /* refreshed on the next load */ }
  return done ? ok() : fail('gone', F.revokeGone);
}
