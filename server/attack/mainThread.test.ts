// The main thread stays free: requests that do not need the database (/config.json, static files) are answered while a long
// database request runs — on PGlite its statements run in a worker thread (server/db/pgliteThread.ts), on
// PostgreSQL in the database server. Checked by order of completion, not by timing (timings are for bench/attack).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

let s: RunningServer;
let m: Member;
beforeAll(async () => {
  s = await startTestServer();
  m = await signUpMember(s, 'chef@example.com');
  await s.db.admin.exec(`
    create or replace function public.test_busy(p_ms int) returns int language plpgsql as $$
    declare t timestamptz := clock_timestamp(); n int := 0;
    begin while clock_timestamp() < t + make_interval(secs => p_ms / 1000.0) loop n := n + 1; end loop; return n; end $$;
    grant execute on function public.test_busy(int) to authenticated;`);
  await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
}, 120_000);
afterAll(async () => { await s?.close(); });

it('answers /config.json and a static file while a member request keeps the database busy', async () => {
  const order: string[] = [];
  const slow = m.c.rpc('test_busy', { p_ms: 2500 }).then((r) => { order.push('database'); return r; });
  await new Promise((r) => setTimeout(r, 400)); // the busy loop is running
  const config = await fetch(`${s.url}/config.json`);
  order.push('config');
  const asset = await fetch(`${s.url}/assets/app-abc123.js`);
  order.push('static');
  expect(config.status).toBe(200);
  expect(asset.status).toBe(200);
  const r = await slow;
  expect(r.error).toBeNull();
  expect(order).toEqual(['config', 'static', 'database']);
}, 30_000);
