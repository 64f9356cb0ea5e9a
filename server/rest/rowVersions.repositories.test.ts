// No silent overwrite, from the app's side: the app's repositories (src/data) on a Node supabase-js client against
// the REST handler state the version each edit was based on, so a stale one is refused (PT409) for every table,
// and an update of a point deleted meanwhile fails with PGRST116 (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import * as repo from '../../src/data/tableRepositories';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  const adminId = await createUserWithProfile(db, 'admin@example.test', 'admin');
  setSupabaseClient(h.client(await h.userToken(adminId, 'admin@example.test')));
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

const stale = { code: 'PT409', message: 'stale_version' };

describe('the repositories state the base version of every update', () => {
  it('points', async () => {
    const p = await repo.savePoint({ name: 'a', description: 'b', kilometer: '', kmValue: null, position: { x: 1, y: 2 }, imageUrl: null, status: 'signale', criticality: 'attention', ticketNumber: null, teamId: null });
    expect(p.updatedAt).toMatch(/^\d{4}-/);
    const first = await repo.savePoint({ ...p, status: 'resolu' });
    expect(first.updatedAt).not.toBe(p.updatedAt);
    await expect(repo.savePoint({ ...p, description: 'mine' })).rejects.toMatchObject(stale);
    expect((await repo.getPoint(p.id))!.status).toBe('resolu');
    await repo.deletePoint(p.id);
    await expect(repo.savePoint({ ...first, description: 'mine' })).rejects.toMatchObject({ code: 'PGRST116' });
    expect(await repo.getPoint(p.id)).toBeNull();
  });

  it('zones', async () => {
    const z = await repo.saveZone({ name: 'Z', color: '#ff0000', track: 'voie_1', points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }], kmStart: null, kmEnd: null });
    await repo.saveZone({ ...z, name: 'Z1' });
    await expect(repo.saveZone({ ...z, name: 'Z2' })).rejects.toMatchObject(stale);
    expect((await repo.getZone(z.id))!.name).toBe('Z1');
  });

  it('teams, levels, markers, settings', async () => {
    const t = await repo.saveTeam({ name: 'T', description: null });
    await repo.saveTeam({ ...t, name: 'T1' });
    await expect(repo.saveTeam({ ...t, name: 'T2' })).rejects.toMatchObject(stale);

    const l = await repo.saveCriticalityLevel({ id: 'urgent', name: 'Urgent', color: '#aa0000', icon: 'AlertTriangle', order: 9, isDefault: false });
    await repo.saveCriticalityLevel({ ...l, name: 'U1' });
    await expect(repo.saveCriticalityLevel({ ...l, name: 'U2' })).rejects.toMatchObject(stale);
    expect((await repo.getCriticalityLevel('urgent'))!.name).toBe('U1');

    const m = await repo.saveMarker({ position: 100, value: 1 });
    await repo.saveMarker({ ...m, value: 2 });
    await expect(repo.saveMarker({ ...m, value: 3 })).rejects.toMatchObject(stale);
    expect((await repo.getMarker(m.id))!.value).toBe(2);

    const s = await repo.saveSetting('line_name', 'A');
    await repo.saveSetting('line_name', 'B', s.updatedAt);
    await expect(repo.saveSetting('line_name', 'C', s.updatedAt)).rejects.toMatchObject(stale);
    expect(await repo.getSetting('line_name')).toBe('B');
  });
});
