// One member request must not hold everyone again and again (PGlite, and PostgreSQL in the PostgreSQL step), through
// the real supabase-js client. A member's request that ran out of time (57014) is refused when repeated: 429 with a
// French message and Retry-After, answered at once, so other members' reads are not held a second time; other
// users and the member's other requests are not refused. The case played: bulk_update_points with 10,000
// real points, and another member's GET /rest/v1/teams timed during it (PGlite runs it in slices,
// server/rest/bulkSlices.ts) and while the same body is sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

const onPglite = !process.env.TEST_DATABASE_URL;
let s: RunningServer;
let a: Member;
let b: Member;
beforeAll(async () => {
  s = await startTestServer();
  await signUpMember(s, 'admin@example.com'); // first profile: admin
  a = await signUpMember(s, 'lourd@example.com');
  b = await signUpMember(s, 'collegue@example.com');
  // Slower than the authenticated role's 8 s on both databases: PGlite cancels a statement at its next file access
  // (a sort spilling to disk), PostgreSQL cancels pg_sleep.
  await s.db.admin.exec(onPglite
    ? `create or replace function public.test_slow() returns bigint language sql as $$
         select count(*) from (select md5(g::text) as x from generate_series(1, 8000000) g order by 1) s $$;`
    : 'create or replace function public.test_slow() returns bigint language sql as $$ select 1::bigint from pg_sleep(20) $$;');
  await s.db.admin.exec('grant execute on function public.test_slow() to authenticated;');
  await s.db.admin.exec(`select set_config('realtime.capture_disabled', 'on', false);
    insert into public.points (name, position) select 'Lot ' || g, jsonb_build_object('x', g, 'y', 1) from generate_series(1, 10000) g;
    analyze public.points;`);
  await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
}, 300_000);
afterAll(async () => { await s?.close(); });

/** Another member's GET /rest/v1/teams, started `afterMs` after the call, timed to its answer. */
async function timedTeams(afterMs: number): Promise<number> {
  await new Promise((r) => setTimeout(r, afterMs));
  const t0 = performance.now();
  const { error } = await b.c.from('teams').select('id');
  expect(error).toBeNull();
  return performance.now() - t0;
}

describe('a member repeating a request that ran out of time', () => {
  it('is refused at once with 429 and a French message; colleagues and the member\'s other requests are not', async () => {
    const first = await a.c.rpc('test_slow');
    expect(first.error?.code).toBe('57014');

    const t0 = performance.now();
    const [again, teamsMs] = await Promise.all([a.c.rpc('test_slow'), timedTeams(50)]);
    expect(again.status).toBe(429);
    expect(again.error?.message).toMatch(/^Votre requête précédente a dépassé le temps autorisé .* réessayez dans \d+ s/);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(teamsMs).toBeLessThan(2000);

    // The member's other requests still run, and the penalty is the member's own.
    expect((await a.c.from('teams').select('id')).error).toBeNull();
    const raw = await fetch(`${s.url}/rest/v1/rpc/test_slow`, { method: 'POST', headers: { apikey: s.anonKey, Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);

  it('bulk_update_points of 10,000 points: sending the same body again never holds a colleague\'s read for seconds', async () => {
    const rows: { id: string; updated_at: string }[] = [];
    for (let from = 0; rows.length < 10_000; from += 1000) {
      const { data, error } = await a.c.from('points').select('id, updated_at').order('id').range(from, from + 999);
      expect(error).toBeNull();
      rows.push(...data!);
      if (data!.length < 1000) break;
    }
    expect(rows.length).toBe(10_000);
    const body = { p_changes: [{ set: { status: 'pris_en_charge' }, ids: rows.map((r) => r.id), versions: rows.map((r) => r.updated_at) }] };

    const [first, duringFirst] = await Promise.all([a.c.rpc('bulk_update_points', body), timedTeams(100)]);
    // On PostgreSQL other sessions are never held; on PGlite the request runs in slices and the read goes between two.
    expect(duringFirst).toBeLessThan(1500);
    if (onPglite) {
      expect(first.error).toBeNull();
      expect((first.data as { updated: unknown[] }).updated).toHaveLength(10_000);
    }
    const [again, duringAgain] = await Promise.all([a.c.rpc('bulk_update_points', body), timedTeams(50)]);
    if (first.error?.code === '57014') {
      expect(again.status).toBe(429);
      expect(again.error?.message).toMatch(/^Votre requête précédente a dépassé le temps autorisé/);
    } else {
      expect(first.error).toBeNull();
      // Every row changed by the first call: the second one only reports conflicts, quickly.
      expect((again.data as { conflicts: unknown[] }).conflicts).toHaveLength(10_000);
    }
    expect(duringAgain).toBeLessThan(1500);
  }, 180_000);
});
