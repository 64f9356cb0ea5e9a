// The session object without the app: a user session opened in Node on a supabase-js client
// against the embedded server's REST handler holds the point details it read; ending it drops them, and an answer
// still in flight when it ends never lands in the next user's session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import { beginUserSession, currentSession, endUserSession } from '../../src/state/userSession';
import { loadPointDetails, pointDetails, pointDetailsVersion } from '../../src/state/pointDetails';
import { startHarnessWithUsers, type Harness } from '../../test/server/restHarness';

let h: Harness;
let tokenA = '', tokenB = '', userA = '', userB = '';
const ids: string[] = [];

beforeAll(async () => {
  const u = await startHarnessWithUsers('a@example.test', 'b@example.test');
  ({ h } = u);
  [userA, tokenA, userB, tokenB] = [u.admin.id, u.admin.token, u.member.id, u.member.token];
  for (const name of ['Privé A 1', 'Privé A 2']) {
    const r = await h.client(tokenA).from('points').insert({ name, description: 'de A', kilometer: '', position: { x: 5, y: 5 }, status: 'signale', criticality: 'attention' }).select('id').single();
    expect(r.error).toBeNull();
    ids.push((r.data as { id: string }).id);
  }
}, 120_000);
afterAll(async () => { endUserSession(); await h?.close(); await h?.db.close(); });

describe('a user session', () => {
  it('holds what its user read and loses it when it ends', async () => {
    setSupabaseClient(h.client(tokenA));
    const a = beginUserSession(userA);
    expect(beginUserSession(userA)).toBe(a); // the same user again: the same session
    expect((await loadPointDetails(ids[0]))?.name).toBe('Privé A 1');
    expect(pointDetails(ids[0])?.description).toBe('de A');
    expect(pointDetailsVersion(ids[0])).toBeTruthy();
    expect(a.partNames()).toContain('pointDetails');
    endUserSession();
    expect(a.active).toBe(false);
    expect(currentSession().userId).toBeNull();
    expect(pointDetails(ids[0])).toBeUndefined();
  });

  it('an answer in flight for an ended session does not land in the next one', async () => {
    setSupabaseClient(h.client(tokenA));
    beginUserSession(userA);
    const late = loadPointDetails(ids[1]);
    endUserSession();
    setSupabaseClient(h.client(tokenB));
    const b = beginUserSession(userB);
    expect(await late).toBeNull();
    expect(pointDetails(ids[1])).toBeUndefined();
    expect(b.partNames()).toEqual(['pointDetails']);
    // B reads it for itself: only then is it B's.
    expect((await loadPointDetails(ids[1]))?.name).toBe('Privé A 2');
  });

  it('another user signing in replaces the session', () => {
    const b = beginUserSession(userB);
    const a = beginUserSession(userA);
    expect(b.active).toBe(false);
    expect(a.userId).toBe(userA);
  });
});
