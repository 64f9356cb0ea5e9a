// Statement timeouts on PostgreSQL (skipped on PGlite, whose worker cancels statements itself: pgliteTimeouts.test.ts;
// embeds are also bounded up front, server/rest/embedLimits.ts): each request runs under its role's statement_timeout as on Supabase (8 s
// signed in, 3 s anonymous), and a cancelled statement answers PostgREST's status for 57014.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { client, startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let s: RunningServer;
let m: Member;
beforeAll(async () => {
  if (!onPostgres) return;
  s = await startTestServer();
  m = await signUpMember(s, 'chef@example.com');
  await s.db.admin.exec(`
    create or replace function public.test_statement_timeout() returns text language sql as $$ select current_setting('statement_timeout') $$;
    create or replace function public.test_sleep(p_s float8) returns void language sql as $$ select pg_sleep(p_s) $$;
    grant execute on function public.test_statement_timeout(), public.test_sleep(float8) to anon, authenticated;`);
  await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
}, 120_000);
afterAll(async () => { await s?.close(); });

describe.skipIf(!onPostgres)('statement time limits (PostgreSQL)', () => {
  it('runs members under 8 s and anonymous callers under 3 s', async () => {
    expect((await m.c.rpc('test_statement_timeout')).data).toBe('8s');
    expect((await client(s).rpc('test_statement_timeout')).data).toBe('3s');
  });

  it('cancels an anonymous statement after 3 s with 57014, answered 500 as PostgREST', async () => {
    const t0 = Date.now();
    const { error, status } = await client(s).rpc('test_sleep', { p_s: 6 });
    const ms = Date.now() - t0;
    expect(error?.code).toBe('57014');
    expect(status).toBe(500);
    expect(ms).toBeGreaterThan(2900);
    expect(ms).toBeLessThan(5500);
    // The connection is usable again at once.
    expect((await m.c.rpc('test_statement_timeout')).error).toBeNull();
  }, 20_000);
});
