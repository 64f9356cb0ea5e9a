// Bad input never gets a 5xx and never writes: deterministic random query strings, headers and bodies thrown
// at /rest/v1 (fixture schema); every failed write leaves the table unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FIXTURE_MIGRATIONS, openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;
let token = '';
const A = randomUUID();

beforeAll(async () => {
  h = await startHarness(await openTestDb(FIXTURE_MIGRATIONS));
  token = await h.userToken(A);
  await h.db.admin.query(`insert into public.squads (name) values ('s1'), ('s2')`);
  await h.db.admin.query(`insert into public.items (name, owner, qty) values ('a', $1, 1), ('b', $1, 2)`, [A]);
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

/** mulberry32: a small deterministic PRNG so failures reproduce. */
function rng(seed: number) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['select', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'qty', 'name', 'id', 'meta->>k', 'squads.name', 'squads.order', 'nope', 'on_conflict', 'columns', ''];
const BITS = ['eq.', 'neq.', 'gt.', 'in.(', 'is.', 'not.', 'like.', 'ilike.', '*', '(', ')', ',', '"', '\\', '.', ':', '::', '!inner', '!', 'squads(', 'name', 'qty', 'id', 'desc', 'nullslast', 'null', 'true', '1', '-1', '99999999999999999999', 'é', '\u0000', '%', '%25', 'and(', 'or(', ' ', '->', '->>', "'", ';drop table items;--', '$1'];
const BODIES = ['', '{', '[]', '[1]', 'null', '"x"', '{"name": null}', '{"nope": 1}', '{"qty": "abc", "name": "x"}', '{"name": "x", "status": "weird"}',
  '{"name": "x", "squad_id": "not-a-uuid"}', '[{"name": "x"}, 5]', '{"id": "zzz", "name": "y"}', '{"name": {"a": 1}, "qty": [1]}', '{"__proto__": {"x": 1}}', '{"name":"x","meta":"{"}'];

it('random malformed requests get a 4xx (or a 2xx) and never a 5xx; failed writes change nothing', async () => {
  const rand = rng(20261121);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const count = async () => (await h.db.admin.query<{ n: number; s: string }>(`select count(*)::int as n, coalesce(string_agg(name || ':' || coalesce(qty::text, ''), ',' order by id), '') as s from public.items`)).rows[0];
  const statuses = new Map<number, number>();
  for (let i = 0; i < 250; i++) {
    const params: string[] = [];
    const nParams = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < nParams; k++) {
      let v = '';
      const len = 1 + Math.floor(rand() * 6);
      for (let j = 0; j < len; j++) v += pick(BITS);
      params.push(`${encodeURIComponent(pick(KEYS))}=${encodeURIComponent(v)}`);
    }
    const method = pick(['GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
    const table = pick(['items', 'items', 'squads', 'nope', 'rpc/add_numbers', 'rpc/nope']);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (rand() < 0.3) headers.Prefer = pick(['return=representation', 'count=exact', 'resolution=merge-duplicates', 'missing=default,return=representation', 'count=bogus']);
    if (rand() < 0.2) headers.Accept = pick(['application/vnd.pgrst.object+json', 'text/csv', '*/*', 'application/json']);
    if (rand() < 0.1) headers.Range = pick(['0-9', '5-1', 'x', '0-']);
    const before = method === 'GET' || method === 'HEAD' ? null : await count();
    // A DELETE or PATCH whose random filters happen to parse would legitimately change rows: keep them filterless-proof.
    const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : pick(BODIES);
    const res = await h.raw(`/${table}?${params.join('&')}`, { method, token, headers, body });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const text = method === 'HEAD' ? '' : await res.text();
    expect(res.status, `${method} /${table}?${params.join('&')} ${body ?? ''} → ${text}`).toBeLessThan(500);
    if (res.status >= 400 && method !== 'HEAD') {
      const err = JSON.parse(text);
      expect(Object.keys(err).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    if (before && res.status >= 400) expect(await count()).toEqual(before);
    if (before && res.status < 400) {
      // restore the two fixture rows if a random write happened to be valid
      await h.db.admin.query(`delete from public.items where name not in ('a', 'b')`);
      await h.db.admin.query(`update public.items set qty = case name when 'a' then 1 else 2 end`);
      if ((await count()).n !== 2) await h.db.admin.query(`insert into public.items (name, owner, qty) select x, $1, case x when 'a' then 1 else 2 end from unnest(array['a','b']) x where not exists (select 1 from public.items where name = x)`, [A]);
    }
  }
  expect(statuses.get(400) ?? 0).toBeGreaterThan(50); // mostly parse/type errors, as intended
  expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
}, 120_000);
