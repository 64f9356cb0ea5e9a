// The small tables' collections belong to the session (src/state/collections.ts): a table is read once per
// session (the live channel keeps it current), a new session reads it again, and an answer still in flight when the
// session ends never lands in the next user's state. Real supabase-js against the embedded server's REST handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseClient } from '../../src/data/client';
import { beginUserSession, endUserSession } from '../../src/state/userSession';
import { teamsCollection } from '../../src/state/collections';
import { teamsAtom } from '../../src/state/tables';
import { store } from '../../src/state/store';
import { startHarnessWithUsers, type Harness } from '../../test/server/restHarness';

let h: Harness;
let tokenA = '', tokenB = '', userA = '', userB = '';
const teamNames = () => store.get(teamsAtom).map((t) => t.name);

beforeAll(async () => {
  const u = await startHarnessWithUsers('a@example.test', 'b@example.test');
  ({ h } = u);
  [userA, tokenA, userB, tokenB] = [u.admin.id, u.admin.token, u.member.id, u.member.token];
  const r = await h.client(tokenA).from('teams').insert({ name: 'Équipe de A' });
  expect(r.error).toBeNull();
}, 120_000);
afterAll(async () => { endUserSession(); await h?.close(); await h?.db.close(); });

describe('the collections of a session', () => {
  it('read a table once per session, and again in the next session', async () => {
    setSupabaseClient(h.client(tokenA));
    const a = beginUserSession(userA);
    await teamsCollection.ensureLoaded();
    expect(teamNames()).toContain('Équipe de A');
    expect(a.partNames()).toContain('collections');
    expect((await h.client(tokenA).from('teams').insert({ name: 'Équipe ajoutée' })).error).toBeNull();
    await teamsCollection.ensureLoaded(); // already read in this session: no new read
    expect(teamNames()).not.toContain('Équipe ajoutée');
    endUserSession();
    store.set(teamsAtom, []);
    setSupabaseClient(h.client(tokenB));
    beginUserSession(userB);
    await teamsCollection.ensureLoaded(); // a new session reads it again
    expect(teamNames()).toEqual(expect.arrayContaining(['Équipe de A', 'Équipe ajoutée']));
    endUserSession();
  });

  it('an answer in flight for an ended session does not land in the next one', async () => {
    store.set(teamsAtom, []);
    setSupabaseClient(h.client(tokenA));
    beginUserSession(userA);
    const late = teamsCollection.load();
    endUserSession();
    setSupabaseClient(h.client(tokenB));
    const b = beginUserSession(userB);
    await late;
    expect(teamNames()).toEqual([]);
    expect(b.partNames()).not.toContain('collections');
    await teamsCollection.ensureLoaded(); // B reads it for itself
    expect(teamNames()).toContain('Équipe de A');
    endUserSession();
  });
});
