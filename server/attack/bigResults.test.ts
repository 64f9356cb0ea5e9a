// Big results on PostgreSQL: the requests' connections (the authenticator pool) live in a worker thread
// (server/db/postgresThread.ts), so reading a multi-MB result never runs pg's parsing on the server's main thread,
// where static files, /config.json and health are answered. Checked by which thread's pg runs a request's SQL
// (a spy on the main thread's pg client sees none of it), not by timing (bench/attack.bench.ts),
// and that results, types and errors come back from the thread as before. PostgreSQL only (PGlite: pgliteThread.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

describe.skipIf(!process.env.TEST_DATABASE_URL)('requests read their results off the main thread (PostgreSQL)', () => {
  let s: RunningServer;
  let m: Member;
  beforeAll(async () => {
    s = await startTestServer();
    m = await signUpMember(s, 'gros@example.com');
    await s.db.admin.exec(`
      create or replace function public.test_big(p_kb int) returns json language sql as $$
        select json_agg(json_build_object('i', g, 'texte', repeat('é', 500))) from generate_series(1, p_kb) g $$;
      create or replace function public.test_types() returns table (big bigint, small int, d date, n numeric) language sql as $$
        select 4294967296::bigint, 7, date '2026-11-25', 1.50::numeric $$;
      grant execute on function public.test_big(int), public.test_types() to authenticated;`);
    await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
  }, 120_000);
  afterAll(async () => { await s?.close(); });

  it("runs no request's SQL through the main thread's pg client", async () => {
    // A spy on this thread's pg module (the server's own instance, not replaced): a worker thread has its own.
    const seen: string[] = [];
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const q = args[0];
      seen.push(typeof q === 'string' ? q : String((q as { text?: string } | null)?.text ?? ''));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const r = await m.c.rpc('test_big', { p_kb: 2000 });
      expect(r.error).toBeNull();
      expect(r.data).toHaveLength(2000);
      const points = await m.c.from('points').select('id').limit(1);
      expect(points.error).toBeNull();
    } finally { pg.Client.prototype.query = original; }
    expect(seen.filter((q) => q.includes('request.jwt.claims') || q.includes('test_big') || q.includes('"points"'))).toEqual([]);
  }, 30_000);

  it('returns a multi-MB result, int8/date/numeric types and database errors as before', async () => {
    const big = await m.c.rpc('test_big', { p_kb: 4000 });
    expect(big.error).toBeNull();
    expect(big.data).toHaveLength(4000);
    expect((big.data as { texte: string }[])[3999].texte).toBe('é'.repeat(500));
    const t = await m.c.rpc('test_types').single();
    expect(t.error).toBeNull();
    expect(t.data).toEqual({ big: 4294967296, small: 7, d: '2026-11-25', n: 1.5 });
    // A table read (its json text comes back as bytes from the thread): ~2.5 MB, then one row as an object.
    await s.db.admin.exec(`insert into public.points (name, description, kilometer, km_value, "position", status, criticality)
      select 'Gros ' || g, repeat('Éclisse fissurée ', 150), '1.' || g, 1 + g / 1000.0, '{"x": 1, "y": 2}', 'signale', 'attention'
        from generate_series(1, 1000) g`);
    const all = await m.c.from('points').select('id, name, description').like('name', 'Gros %').order('name');
    expect(all.error).toBeNull();
    expect(all.data).toHaveLength(1000);
    expect(all.data![0].description).toBe('Éclisse fissurée '.repeat(150));
    const one = await m.c.from('points').select('name').eq('id', all.data![5].id).single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ name: all.data![5].name });
    const bad = await m.c.from('points').insert({ name: 'x', status: 'nimporte' }).select();
    expect(bad.error?.code).toBe('23502'); // a required column missing: PostgreSQL's code and message come through
    expect(bad.error?.message).toMatch(/null value in column/);
  }, 30_000);
});
