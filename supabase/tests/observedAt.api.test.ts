// points.observed_at through supabase-js against the embedded REST server on the migrated
// database: the device's time of the observation is kept beside created_at (the arrival), defaults to the arrival,
// and is refused in the future beyond 5 minutes of clock skew or before the point's line existed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let alice: SupabaseClient;

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
  // The line has existed for a month (a fresh database created it just now).
  await w.db.admin.query("update public.lines set created_at = now() - interval '30 days'");
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

const MIN = 60_000;
const insert = (observedAt?: string) =>
  alice.from('points').insert({ name: 'constaté', position: { x: 3, y: 3 }, ...(observedAt ? { observed_at: observedAt } : {}) }).select('*').single();

describe('observed_at', () => {
  it('an offline report keeps the time it was made, created_at the time it arrived', async () => {
    const made = new Date(Date.now() - 3 * 3600_000).toISOString();
    const res = await insert(made);
    expect(res.error).toBeNull();
    expect(new Date(res.data!.observed_at).getTime()).toBe(new Date(made).getTime());
    expect(Math.abs(new Date(res.data!.created_at).getTime() - Date.now())).toBeLessThan(MIN);
  });

  it('defaults to the arrival when the client states none', async () => {
    const res = await insert();
    expect(res.error).toBeNull();
    expect(res.data!.observed_at).toBe(res.data!.created_at);
  });

  it('a device clock up to 5 minutes ahead is accepted, further ahead refused (nothing stored)', async () => {
    expect((await insert(new Date(Date.now() + 2 * MIN).toISOString())).error).toBeNull();
    const before = (await w.db.admin.query('select count(*)::int as n from public.points')).rows[0];
    const res = await insert(new Date(Date.now() + 10 * MIN).toISOString());
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
    expect((await w.db.admin.query('select count(*)::int as n from public.points')).rows[0]).toEqual(before);
  });

  it('an update cannot move it into the future, and keeps it when it states none', async () => {
    const p = (await insert(new Date(Date.now() - MIN).toISOString())).data!;
    const future = await alice.from('points').update({ observed_at: new Date(Date.now() + 60 * MIN).toISOString(), updated_at: p.updated_at }).eq('id', p.id).select('*');
    expect(future.status).toBe(400);
    const upd = await alice.from('points').update({ description: 'vu', updated_at: p.updated_at }).eq('id', p.id).select('*').single();
    expect(upd.error).toBeNull();
    expect(upd.data!.observed_at).toBe(p.observed_at);
  });

  it('refused before the point\'s line existed', async () => {
    const res = await insert(new Date(Date.now() - 40 * 86400_000).toISOString());
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('23514');
  });

  it('existing rows were given their created_at', async () => {
    const r = await w.db.admin.query<{ n: number }>('select count(*)::int as n from public.points where observed_at is null');
    expect(r.rows[0].n).toBe(0);
  });
});
