// Statement timeouts on PGlite (skipped on PostgreSQL, see timeouts.test.ts): PGlite ignores statement_timeout, so
// the worker cancels a request's statement once it runs past its role's limit (server/db/pgliteDeadline.mjs), and
// the answer is PostgREST's for SQLSTATE 57014 with PostgreSQL's statement-timeout message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { client, startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

const onPglite = !process.env.TEST_DATABASE_URL;
let s: RunningServer;
let m: Member;
beforeAll(async () => {
  if (!onPglite) return;
  s = await startTestServer();
  m = await signUpMember(s, 'chef@example.com');
  // A sort far larger than work_mem spills to temp files: tens of seconds of work on PGlite, with file accesses.
  await s.db.admin.exec(`
    create or replace function public.test_heavy_sort(p_rows int) returns bigint language sql as $$
      select count(*) from (select md5(g::text) as x from generate_series(1, p_rows) g order by 1) s $$;
    grant execute on function public.test_heavy_sort(int) to anon, authenticated;`);
  await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
}, 120_000);
afterAll(async () => { await s?.close(); });

describe.skipIf(!onPglite)('statement time limits (PGlite)', () => {
  it('cancels an anonymous statement past 3 s with 57014, answered 500 as PostgREST, and the database goes on', async () => {
    const t0 = Date.now();
    const { error, status } = await client(s).rpc('test_heavy_sort', { p_rows: 4_000_000 });
    expect(error?.code).toBe('57014');
    expect(error?.message).toBe('canceling statement due to statement timeout');
    expect(status).toBe(500);
    expect(Date.now() - t0).toBeGreaterThan(2900);
    // The next statements run normally (the cancel flag does not leak into them).
    expect((await client(s).rpc('test_heavy_sort', { p_rows: 10 })).data).toBe(10);
    expect((await m.c.from('teams').select('id')).error).toBeNull();
  }, 120_000);

  it('bounds the whole request transaction, not each statement (PostgREST reads rows and count in one statement)', async () => {
    const anon = { role: 'anon' as const, claims: {}, method: 'POST', path: '/rest/v1/rpc/test', readOnly: false };
    const run = s.db.asRequest(anon, async (tx) => {
      await tx.query('select pg_sleep(3.2)'); // no file access: runs to its end, past the 3 s limit
      return tx.query('select public.test_heavy_sort(200000)'); // short alone, but the transaction's time is up
    });
    await expect(run).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
  }, 120_000);

  it('leaves a short member statement and the service role alone', async () => {
    expect((await m.c.rpc('test_heavy_sort', { p_rows: 1000 })).data).toBe(1000);
    expect(Number((await s.db.admin.query<{ n: string }>('select public.test_heavy_sort(300000) as n')).rows[0].n)).toBe(300000);
  }, 120_000);
});
