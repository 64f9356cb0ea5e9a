// The administration actions of src/state answer an expected refusal with a Result failure carrying the French
// message the panel shows (docs/product.md#administration-messages): the database's rules (last admin, own account,
// admins only, unique line code, used invitations) reached through the real supabase-js and the embedded server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import { beginUserSession, endUserSession } from '../../src/state/userSession';
import { adminInvitationsAtom, adminProfilesAtom, changeRole, deleteLevel, inviteUser, loadUsers } from '../../src/state/adminActions';
import { revokeInvitation, setUserActive } from '../../src/state/accessActions';
import { createLine, renameLine } from '../../src/state/lineAdminActions';
import { linesAtom } from '../../src/state/tables';
import { store } from '../../src/state/store';
import type { CriticalityLevel, Profile } from '../../src/core/types';
import { startHarnessWithUsers, type Harness } from '../../test/server/restHarness';

let h: Harness;
let admin = '', member = '', adminToken = '', memberToken = '';
const asAdmin = () => { endUserSession(); setSupabaseClient(h.client(adminToken)); beginUserSession(admin); };
const asMember = () => { endUserSession(); setSupabaseClient(h.client(memberToken)); beginUserSession(member); };

beforeAll(async () => {
  const u = await startHarnessWithUsers('admin@example.test', 'agent@example.test');
  ({ h } = u);
  [admin, adminToken, member, memberToken] = [u.admin.id, u.admin.token, u.member.id, u.member.token];
}, 120_000);
afterAll(async () => { endUserSession(); await h?.close(); await h?.db.close(); });

describe('admin actions return a Result', () => {
  it('refuses demoting the last admin, before the call and in the database', async () => {
    asAdmin();
    await loadUsers();
    const lastAdmin = 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.';
    expect(await changeRole({ userId: admin, role: 'user' })).toEqual({ ok: false, kind: 'refused', message: lastAdmin });
    // A list read before another admin was demoted: the quick check lets it through, the database refuses.
    const stale: Profile[] = store.get(adminProfilesAtom).map((p) => ({ ...p, role: 'admin' }));
    store.set(adminProfilesAtom, stale);
    expect(await changeRole({ userId: admin, role: 'user' })).toEqual({ ok: false, kind: 'refused', message: lastAdmin });
    expect(await changeRole({ userId: member, role: 'user' })).toEqual({ ok: true, value: undefined });
  });

  it('refuses deactivating oneself and reactivates a member', async () => {
    asAdmin();
    expect(await setUserActive({ userId: admin, active: false })).toEqual({ ok: false, kind: 'refused', message: 'Vous ne pouvez pas désactiver votre propre compte.' });
    expect((await setUserActive({ userId: member, active: false })).ok).toBe(true);
    expect((await setUserActive({ userId: member, active: true })).ok).toBe(true);
  });

  it('invites once, says a second invitation is a duplicate, and a revoked one is gone', async () => {
    asAdmin();
    const first = await inviteUser(' Nouveau@Example.test ');
    if (!first.ok) throw new Error(first.message);
    expect(first.value.email).toBe('nouveau@example.test');
    expect(await inviteUser('nouveau@example.test')).toEqual({ ok: false, kind: 'duplicate', message: 'Une invitation a déjà été envoyée à cette adresse email' });
    await loadUsers();
    const inv = store.get(adminInvitationsAtom).find((i) => i.email === 'nouveau@example.test');
    expect(inv).toBeDefined();
    expect(await revokeInvitation(inv!.id)).toEqual({ ok: true, value: undefined });
    expect(await revokeInvitation(inv!.id)).toEqual({ ok: false, kind: 'gone', message: 'Cette invitation a déjà été utilisée ou révoquée.' });
  });

  it('a member inviting is refused with the admins-only message', async () => {
    asMember();
    expect(await inviteUser('autre@example.test')).toEqual({ ok: false, kind: 'refused', message: 'Seuls les administrateurs peuvent inviter des utilisateurs' });
  });

  it('a line code already used is a duplicate, on create and on rename', async () => {
    asAdmin();
    expect((await createLine({ code: 'L-R1', name: 'Ligne un' })).ok).toBe(true);
    expect((await createLine({ code: 'L-R2', name: 'Ligne deux' })).ok).toBe(true);
    const duplicate = { ok: false, kind: 'duplicate', message: 'Ce code de ligne existe déjà.' };
    expect(await createLine({ code: 'L-R1', name: 'Encore' })).toEqual(duplicate);
    const second = store.get(linesAtom).find((l) => l.code === 'L-R2')!;
    expect(await renameLine({ line: second, code: 'L-R1', name: 'Ligne deux' })).toEqual(duplicate);
  });

  it('a default level is refused without a request', async () => {
    const level: CriticalityLevel = { id: 'info', name: 'Information', color: '#000000', icon: 'Info', order: 1, isDefault: true, createdBy: null };
    expect(await deleteLevel(level)).toEqual({ ok: false, kind: 'refused', message: 'Impossible de supprimer un niveau par défaut' });
  });
});
