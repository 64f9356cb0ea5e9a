// The late points the map marks (src/data/followFilterRepository.ts idsOfPointsUpTo, docs/product.md#map-marks) on a
// Node supabase-js client against the REST handler over the migrated schema: the ids of the unresolved points whose due
// time the given clock has passed, and none when there are more than the bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import { idsOfPoints, idsOfPointsUpTo } from '../../src/data/followFilterRepository';
import { followFilterParams } from '../../src/core/followUp/followFilter';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;
let adminId = '';
const late: string[] = [];

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  adminId = await createUserWithProfile(db, 'admin@example.test', 'admin');
  const token = await h.userToken(adminId, 'admin@example.test');
  const c = h.client(token);
  setSupabaseClient(c);
  const level = await c.from('criticality_levels').insert({ id: 'urgent-test', name: 'Urgent', color: '#7c2d12', icon: 'Zap', order: 90, delay_hours: 1 });
  expect(level.error).toBeNull();
  const mk = (name: string, criticality: string, status = 'signale') =>
    c.from('points').insert({ name, description: '', position: { x: 10, y: 10 }, criticality, status }).select('id').single();
  for (const n of ['a', 'b', 'c']) {
    const r = await mk(`late ${n}`, 'urgent-test');
    expect(r.error).toBeNull();
    late.push(r.data!.id as string);
  }
  expect((await mk('due in 30 days', 'attention')).error).toBeNull();
  expect((await mk('resolved', 'urgent-test', 'resolu')).error).toBeNull();
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('late points for the map', () => {
  const twoHoursOn = () => followFilterParams('late', adminId, Date.now() + 2 * 3_600_000);

  it('reads the unresolved points due before the given time', async () => {
    expect([...(await idsOfPointsUpTo(twoHoursOn(), null, 10))!].sort()).toEqual([...late].sort());
    expect((await idsOfPoints(followFilterParams('late', adminId, Date.now()), null)).size).toBe(0); // due in an hour
  });

  it('reads none when there are more than the bound', async () => {
    expect(await idsOfPointsUpTo(twoHoursOn(), null, 2)).toBeNull();
    expect((await idsOfPointsUpTo(twoHoursOn(), null, 3))!.size).toBe(3);
  });
});
