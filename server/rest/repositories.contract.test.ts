// Every table/RPC call of src/data/tableRepositories.ts, run for real: the app's repositories on a Node supabase-js
// client against the REST handler over a PGlite migrated with the app migrations (supabase/migrations).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import * as repo from '../../src/data/tableRepositories';
import { createUser } from '../../test/server/testDatabase';
import { startHarnessWithUsers, type Harness } from '../../test/server/restHarness';

let h: Harness;
let adminId = '', userId = '';
let adminToken = '', userToken = '';
const asAdmin = () => setSupabaseClient(h.client(adminToken));
const asUser = () => setSupabaseClient(h.client(userToken));

beforeAll(async () => {
  const u = await startHarnessWithUsers();
  ({ h } = u);
  [adminId, adminToken, userId, userToken] = [u.admin.id, u.admin.token, u.member.id, u.member.token];
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('repositories against the real schema', () => {
  it('teams, criticality levels, markers, settings', async () => {
    asAdmin();
    const t = await repo.saveTeam({ name: ' Équipe Nord ', description: 'voie 1' });
    expect(t).toMatchObject({ name: 'Équipe Nord', description: 'voie 1', createdBy: adminId });
    const t2 = await repo.saveTeam({ id: t.id, name: 'Équipe Nord-Est', description: null, updatedAt: t.updatedAt }); // the base version
    expect(t2.id).toBe(t.id);
    expect((await repo.listTeams()).map((x) => x.name)).toContain('Équipe Nord-Est');

    const lvl = await repo.saveCriticalityLevel({ id: 'urgent', name: 'Urgent', color: '#aa0000', icon: 'AlertTriangle' as never, order: 9, isDefault: false });
    expect(lvl).toMatchObject({ id: 'urgent', name: 'Urgent', order: 9 });
    const lvl2 = await repo.saveCriticalityLevel({ ...lvl, name: 'Très urgent' });
    expect(lvl2.name).toBe('Très urgent');
    const levels = await repo.listCriticalityLevels();
    expect(levels.map((l) => l.id)).toEqual(expect.arrayContaining(['attention', 'danger', 'urgent']));
    expect(levels.map((l) => l.order)).toEqual([...levels.map((l) => l.order)].sort((a, b) => a - b));

    const m = await repo.saveMarker({ position: 120, value: 12.5 });
    expect(m).toMatchObject({ position: 120, value: 12.5 });
    const m2 = await repo.saveMarker({ id: m.id, position: 130, value: 13, updatedAt: m.updatedAt });
    expect(m2).toMatchObject({ id: m.id, position: 130 });
    expect((await repo.listMarkers()).map((x) => x.id)).toContain(m.id);
    await repo.deleteMarker(m.id);
    expect((await repo.listMarkers()).map((x) => x.id)).not.toContain(m.id);

    const s1 = await repo.saveSetting('line_name', 'Paris – Lyon');
    await repo.saveSetting('line_name', 'Paris – Marseille', s1.updatedAt);
    expect(await repo.getSetting('line_name')).toBe('Paris – Marseille');
    expect(await repo.getSetting('missing')).toBeNull();
    expect((await repo.listSettings()).find((s) => s.key === 'line_name')?.value).toBe('Paris – Marseille');

    asUser();
    await expect(repo.saveTeam({ name: 'pirate', description: null })).rejects.toMatchObject({ code: '42501' });
    await repo.deleteCriticalityLevel('urgent'); // RLS: a user deletes nothing, silently
    asAdmin();
    expect((await repo.listCriticalityLevels()).some((l) => l.id === 'urgent')).toBe(true);
    await repo.deleteCriticalityLevel('urgent');
    expect((await repo.listCriticalityLevels()).some((l) => l.id === 'urgent')).toBe(false);
  });

  it('points: save with the teams(name) embed, list past the 1000-row cap, count, delete guards', async () => {
    asAdmin();
    const team = await repo.saveTeam({ name: 'Équipe Sud', description: null });
    asUser();
    const p = await repo.savePoint({
      name: 'Rail fissuré', description: 'km 12', kilometer: '12+300', kmValue: 12.3, position: { x: 100.5, y: 200 },
      imageUrl: null, status: 'signale', criticality: 'danger', ticketNumber: null, teamId: team.id,
    });
    expect(p).toMatchObject({ name: 'Rail fissuré', kmValue: 12.3, position: { x: 100.5, y: 200 }, teamId: team.id, teamName: 'Équipe Sud', createdBy: userId });
    const p2 = await repo.savePoint({ ...p, status: 'pris_en_charge', teamId: null });
    expect(p2).toMatchObject({ id: p.id, status: 'pris_en_charge', teamId: null, teamName: null });
    await repo.savePoint({ ...p2, teamId: team.id });
    expect(await repo.countPointsUsing('team_id', team.id)).toBe(1);
    asAdmin();
    expect(await repo.deleteTeam(team.id)).toBe(false);

    await h.db.admin.query(
      `insert into public.points (name, "position", status, criticality, created_at)
       select 'bulk ' || i, jsonb_build_object('x', i, 'y', 1), 'signale', 'attention', now() - interval '1 hour' - (i || ' seconds')::interval
         from generate_series(1, 2150) i`);
    const pages: number[] = [];
    const all = await repo.listPoints((n) => pages.push(n));
    expect(all).toHaveLength(2151);
    expect(pages).toEqual([1000, 2000, 2151]);
    expect(new Set(all.map((x) => x.id)).size).toBe(2151);
    expect(all[0].id).toBe(p.id); // newest first
    expect(all.every((x, i) => i === 0 || all[i - 1].creationDate >= x.creationDate)).toBe(true);
    expect(all.find((x) => x.id === p.id)?.teamName).toBe('Équipe Sud');
    expect(await repo.countPointsUsing('criticality', 'attention')).toBe(2150);

    await repo.deletePoint(p.id);
    expect(await repo.deleteTeam(team.id)).toBe(true);
    expect((await repo.listTeams()).some((t) => t.id === team.id)).toBe(false);
  });

  it('zones', async () => {
    asUser();
    // zones are admin-written (RLS): a user's insert is refused with 403 42501
    await expect(repo.saveZone({ name: 'Zone A', color: '#112233', track: 'voie_1', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }], kmStart: 1, kmEnd: 2 }))
      .rejects.toMatchObject({ code: '42501' });
    asAdmin();
    const z2 = await repo.saveZone({ name: 'Zone B', color: '#112233', track: 'voie_2', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }], kmStart: 1, kmEnd: 2 });
    expect(z2).toMatchObject({ name: 'Zone B', track: 'voie_2', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }], kmStart: 1 });
    const listed = await repo.listZones();
    expect(listed.map((x) => x.id)).toContain(z2.id);
    const z3 = await repo.saveZone({ ...z2, name: 'Zone B2' });
    expect(z3.name).toBe('Zone B2');
    await repo.deleteZone(z2.id);
    expect((await repo.listZones()).some((x) => x.id === z2.id)).toBe(false);
  });

  it('profiles, roles and invitations (RPC)', async () => {
    asAdmin();
    const profiles = await repo.listProfiles();
    expect(profiles.map((x) => x.email)).toEqual(['admin@example.test', 'user@example.test']);
    expect(await repo.getProfile(userId)).toMatchObject({ id: userId, role: 'user' });
    expect(await repo.getProfile('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(await repo.ensureProfile(adminId, 'admin@example.test')).toMatchObject({ role: 'admin' });
    const team = await repo.saveTeam({ name: 'Équipe Profil', description: null });
    await repo.setProfileTeam(userId, team.id);
    expect((await repo.getProfile(userId))?.teamId).toBe(team.id);

    const newcomer = await createUser(h.db, 'new@example.test');
    setSupabaseClient(h.client(await h.userToken(newcomer, 'new@example.test')));
    expect(await repo.getProfile(newcomer)).toBeNull();
    expect(await repo.ensureProfile(newcomer, 'new@example.test')).toMatchObject({ id: newcomer, role: 'user' });

    asAdmin();
    expect(await repo.changeUserRole(userId, 'admin')).toBe(true);
    expect((await repo.getProfile(userId))?.role).toBe('admin');
    expect(await repo.changeUserRole(userId, 'user')).toBe(true);

    const inv = await repo.inviteUser('invitee@example.test');
    expect(inv.success).toBe(true);
    expect(inv.invitationUrl).toMatch(/\/invitation\?token=/);
    const token = new URL(inv.invitationUrl!, 'http://x').searchParams.get('token')!;
    expect(await repo.validateInvitation(token)).toBe('invitee@example.test');
    expect(await repo.validateInvitation('0'.repeat(64))).toBeNull();
    const list = await repo.listInvitations();
    expect(list.map((i) => i.email)).toContain('invitee@example.test');

    asUser();
    expect(await repo.inviteUser('x@example.test')).toMatchObject({ success: false });
  });
});
