// Two instances behind a load balancer on one PostgreSQL: a session opened on A is refreshed on
// B, a change written through A reaches a live subscriber of B (Broadcast from the database), and the /token rate
// limit is one budget for both (not one per instance). PostgreSQL only: runs in `npm test`'s PostgreSQL step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestCluster, type TestCluster } from '../test/server/testCluster';
import { createInvitation } from '../test/server/testDatabase';
import { client } from '../test/server/testServer';

const TOKEN_LIMIT = { perWindow: 6, windowS: 300, burst: 6 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster(2, { rateLimits: { token: TOKEN_LIMIT, signup: { perWindow: 100, windowS: 60, burst: 100 } } });
  }, 180_000);
  afterAll(async () => { await cluster?.close(); });

  const A = () => cluster.instances[0];
  const member = async (email: string): Promise<{ a: SupabaseClient; b: SupabaseClient; id: string; refresh: string }> => {
    const [A, B] = cluster.instances;
    const token = await createInvitation(A.db, email);
    const a = client(A);
    const up = await a.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: token } } });
    expect(up.error).toBeNull();
    expect((await a.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();
    const b = client(B);
    return { a, b, id: up.data.user!.id, refresh: up.data.session!.refresh_token };
  };

  it('signs in on A, refreshes on B, and a change written through A reaches a subscriber of B', async () => {
    const m = await member('deux@example.com');
    const refreshed = await m.b.auth.refreshSession({ refresh_token: m.refresh });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.access_token).toBeTruthy();

    const got: unknown[] = [];
    const line = (await A().db.admin.query<{ id: string }>('select private.default_line_id()::text as id')).rows[0].id;
    const ch = m.b.channel(`line:${line}`, { config: { private: true } }).on('broadcast', { event: 'invalidate' }, (x) => { got.push(x.payload); });
    const status = await new Promise<string>((resolve) => ch.subscribe((st, err) => { if (st !== 'CLOSED') resolve(err ? `${st}: ${err.message}` : st); }));
    expect(status).toBe('SUBSCRIBED');
    const ins = await m.a.from('points').insert({ name: 'Par A', position: { x: 1, y: 1 } }).select('id').single();
    expect(ins.error).toBeNull();
    for (const t0 = Date.now(); got.length === 0 && Date.now() - t0 < 10_000;) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([expect.objectContaining({ table: 'points', operation: 'INSERT', rows: [expect.objectContaining({ id: ins.data!.id })] })]);
    await m.b.removeAllChannels();
  });

  it('shares the /token budget: 6 per client across both instances, not 6 on each', async () => {
    const [A, B] = cluster.instances;
    const statuses: (number | undefined)[] = [];
    for (let i = 0; i < 8; i++) {
      const c = client(i % 2 === 0 ? A : B);
      statuses.push((await c.auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' })).error?.status);
    }
    // The bucket may already hold fewer than 6 (the first test's sign-up and refresh took from it).
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(6);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
  });
});
