// Contract tests of /rest/v1 with the real supabase-js client against a migrated in-memory PGlite and a
// fixture schema (test/server/restFixtureSchema): select/embed, every filter, order and paging, Prefer, upsert,
// .single(), counts, RPC shapes, PostgREST error codes and statuses, row-level security.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { FIXTURE_MIGRATIONS, openTestDb, startHarness, signJwt, type Harness } from '../../test/server/restHarness';

let h: Harness;
let anon: SupabaseClient, alice: SupabaseClient, bob: SupabaseClient, service: SupabaseClient;
const A = randomUUID(), B = randomUUID();
let squadX = '', squadY = '';

beforeAll(async () => {
  const db = await openTestDb(FIXTURE_MIGRATIONS);
  h = await startHarness(db);
  anon = h.client();
  alice = h.client(await h.userToken(A));
  bob = h.client(await h.userToken(B));
  service = h.client(h.serviceKey);
  const sq = await db.admin.query<{ id: string; name: string }>(`insert into public.squads (name) values ('Xray'), ('Yankee') returning id, name`);
  squadX = sq.rows.find((r) => r.name === 'Xray')!.id;
  squadY = sq.rows.find((r) => r.name === 'Yankee')!.id;
  await db.admin.query(
    `insert into public.items (name, status, squad_id, qty, price, meta, owner, created_at) values
      ('alpha', 'open', $1, 1, 1.5, '{"k":"v","n":1}', $3, now() - interval '5 min'),
      ('beta', 'done', $1, 2, null, null, $3, now() - interval '4 min'),
      ('gamma, with comma', 'open', $2, null, 3, null, $4, now() - interval '3 min'),
      ('Delta', 'private', null, 4, 4, null, $3, now() - interval '2 min'),
      ('epsilon', 'open', null, 5, 5, null, $4, now() - interval '1 min')`, [squadX, squadY, A, B]);
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('select and embedding', () => {
  it('embeds many-to-one as an object or null and one-to-many as an array', async () => {
    const { data, error, status } = await alice.from('items').select('*, squads(name)').order('created_at');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma, with comma', 'Delta', 'epsilon']);
    expect(data![0].squads).toEqual({ name: 'Xray' });
    expect(data![3].squads).toBeNull();
    expect(data![0].meta).toEqual({ k: 'v', n: 1 });
    expect(data![0].price).toBe(1.5);
    // An unlimited one-to-many embed under a full page of roots is refused up front (docs/product.md#server-limits,
    // server/attack/embeds.test.ts): bound the roots and state the embedded limit as PostgREST's `items.limit`.
    const sq = await anon.from('squads').select('name, items(name)').order('name').limit(10).limit(50, { referencedTable: 'items' });
    expect(sq.error).toBeNull();
    expect(sq.data![0]).toEqual({ name: 'Xray', items: expect.arrayContaining([{ name: 'alpha' }, { name: 'beta' }]) });
    expect(sq.data![0].items).toHaveLength(2);
  });
  it('supports aliases, hints, !inner, json paths and embedded filters', async () => {
    const r = await alice.from('items').select('label:name, team:squads!items_squad_id_fkey(name), k:meta->>k').eq('name', 'alpha').single();
    expect(r.error).toBeNull();
    expect(r.data).toEqual({ label: 'alpha', team: { name: 'Xray' }, k: 'v' });
    const byCol = await alice.from('items').select('name, squads!squad_id(name)').eq('name', 'alpha').single();
    expect(byCol.data).toEqual({ name: 'alpha', squads: { name: 'Xray' } });
    const inner = await alice.from('items').select('name, squads!inner(name)').eq('squads.name', 'Yankee');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ name: 'gamma, with comma', squads: { name: 'Yankee' } }]);
    const counted = await alice.from('items').select('name, k:meta->>k, squads!inner(name)', { count: 'exact' }).eq('squads.name', 'Xray').order('name');
    expect(counted.error).toBeNull();
    expect(counted.count).toBe(2);
    expect(counted.data).toEqual([{ name: 'alpha', k: 'v', squads: { name: 'Xray' } }, { name: 'beta', k: null, squads: { name: 'Xray' } }]);
    const nested = await anon.from('squads').select('name, items(name)').eq('name', 'Xray').eq('items.status', 'done').limit(1).limit(50, { referencedTable: 'items' }).single();
    expect(nested.data).toEqual({ name: 'Xray', items: [{ name: 'beta' }] });
    const bad = await alice.from('items').select('name, nothing(name)');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST200');
  });
});

describe('filters', () => {
  const names = async (q: PromiseLike<{ data: { name: string }[] | null; error: unknown }>) => {
    const r = await q;
    expect(r.error).toBeNull();
    return r.data!.map((x) => x.name).sort();
  };
  it('eq neq gt gte lt lte', async () => {
    expect(await names(alice.from('items').select('name').eq('qty', 2))).toEqual(['beta']);
    expect(await names(alice.from('items').select('name').neq('status', 'open'))).toEqual(['Delta', 'beta']);
    expect(await names(alice.from('items').select('name').gt('qty', 4))).toEqual(['epsilon']);
    expect(await names(alice.from('items').select('name').gte('qty', 4))).toEqual(['Delta', 'epsilon']);
    expect(await names(alice.from('items').select('name').lt('qty', 2))).toEqual(['alpha']);
    expect(await names(alice.from('items').select('name').lte('qty', 2))).toEqual(['alpha', 'beta']);
  });
  it('like ilike is in not', async () => {
    expect(await names(alice.from('items').select('name').like('name', '%eta'))).toEqual(['beta']);
    expect(await names(alice.from('items').select('name').ilike('name', 'd%'))).toEqual(['Delta']);
    expect(await names(h.client(h.anonKey).from('items').select('name').filter('name', 'like', '*ps*'))).toEqual(['epsilon']);
    expect(await names(alice.from('items').select('name').is('squad_id', null))).toEqual(['Delta', 'epsilon']);
    expect(await names(alice.from('items').select('name').not('squad_id', 'is', null))).toEqual(['alpha', 'beta', 'gamma, with comma']);
    expect(await names(alice.from('items').select('name').in('name', ['alpha', 'gamma, with comma', 'nope']))).toEqual(['alpha', 'gamma, with comma']);
    expect(await names(alice.from('items').select('name').in('name', []))).toEqual([]);
    expect(await names(alice.from('items').select('name').not('status', 'in', '(open,done)'))).toEqual(['Delta']);
    expect(await names(alice.from('items').select('name').eq('meta->>k', 'v'))).toEqual(['alpha']);
  });
  it('or / and trees with nesting and quoted values', async () => {
    expect(await names(alice.from('items').select('name').or('qty.eq.1,and(status.eq.open,qty.gt.4)'))).toEqual(['alpha', 'epsilon']);
    expect(await names(alice.from('items').select('name').or('name.eq."gamma, with comma",name.in.(beta,"x,y")'))).toEqual(['beta', 'gamma, with comma']);
    const r = await h.raw('/items?select=name&and=(qty.gte.2,or(status.eq.done,status.eq.private))', { token: await h.userToken(A) });
    expect(r.status).toBe(200);
    expect((await r.json()).map((x: { name: string }) => x.name).sort()).toEqual(['Delta', 'beta']);
    const n = await h.raw('/items?select=name&not.or=(status.eq.open,status.eq.done)', { token: await h.userToken(A) });
    expect((await n.json()).map((x: { name: string }) => x.name)).toEqual(['Delta']);
  });
});

describe('order, paging, counts and the 1000-row cap', () => {
  it('orders with nullslast and pages with range', async () => {
    const r = await alice.from('items').select('name,price').order('price', { ascending: false, nullsFirst: false }).order('name');
    expect(r.data!.map((x) => x.name)).toEqual(['epsilon', 'Delta', 'gamma, with comma', 'alpha', 'beta']);
    const page = await alice.from('items').select('name').order('created_at').range(1, 2);
    expect(page.data!.map((x) => x.name)).toEqual(['beta', 'gamma, with comma']);
    const lim = await alice.from('items').select('name').order('created_at').limit(1);
    expect(lim.data).toEqual([{ name: 'alpha' }]);
  });
  it('HEAD count=exact returns the count in Content-Range', async () => {
    const r = await alice.from('items').select('id', { count: 'exact', head: true }).eq('squad_id', squadX);
    expect(r.error).toBeNull();
    expect(r.count).toBe(2);
    expect(r.data).toBeNull();
    const raw = await h.raw('/items?select=id&order=name&limit=2', { token: await h.userToken(A), headers: { Prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/5');
    const none = await h.raw('/items?select=id&name=eq.zzz', { headers: { Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const beyond = await h.raw('/items?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect((await beyond.json()).code).toBe('PGRST103');
    const plain = await h.raw('/squads?select=id');
    expect(plain.headers.get('content-range')).toBe('0-1/*');
  });
  it('caps every read at 1000 rows and pages past it', async () => {
    await h.db.admin.query(`insert into public.squads (name) select 'bulk-' || lpad(i::text, 5, '0') from generate_series(1, 2345) i`);
    const first = await anon.from('squads').select('name');
    expect(first.data).toHaveLength(1000);
    const big = await anon.from('squads').select('name').limit(5000);
    expect(big.data).toHaveLength(1000);
    const all: string[] = [];
    for (let off = 0; ; off += 1000) {
      const r = await anon.from('squads').select('name').like('name', 'bulk-%').order('name').range(off, off + 999);
      expect(r.error).toBeNull();
      all.push(...r.data!.map((x) => x.name));
      if (r.data!.length < 1000) break;
    }
    expect(all).toHaveLength(2345);
    expect(new Set(all).size).toBe(2345);
    const counted = await h.raw('/squads?select=name&like=x', { headers: { Prefer: 'count=exact' } });
    expect(counted.status).toBe(400); // `like` is not a column
    const c = await h.raw('/squads?select=name', { headers: { Prefer: 'count=exact' } });
    expect(c.headers.get('content-range')).toBe('0-999/2347');
    await h.db.admin.query(`delete from public.squads where name like 'bulk-%'`);
  });
});

describe('writes, Prefer and .single()', () => {
  it('insert returns 201, with representation and embed', async () => {
    const r = await alice.from('items').insert({ name: 'new-one', squad_id: squadX, owner: A }).select('*, squads(name)').single();
    expect(r.error).toBeNull();
    expect(r.status).toBe(201);
    expect(r.data).toMatchObject({ name: 'new-one', status: 'open', owner: A, squads: { name: 'Xray' } });
    const minimal = await alice.from('items').insert({ name: 'minimal', owner: A });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
  });
  it('bulk insert with columns= and missing=default', async () => {
    const r = await alice.from('items').insert([{ name: 'b1', qty: 1 }, { name: 'b2', status: 'done' }], { defaultToNull: false }).select('name,status,qty,owner');
    expect(r.error).toBeNull();
    expect(r.data!.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'b1', status: 'open', qty: 1, owner: A }, { name: 'b2', status: 'done', qty: null, owner: A }]);
    const nulls = await alice.from('items').insert([{ name: 'b3', owner: A }, { name: 'b4', qty: 3, owner: A }]).select('name,qty');
    expect(nulls.data).toEqual([{ name: 'b3', qty: null }, { name: 'b4', qty: 3 }]);
  });
  it('upsert merges on on_conflict and ignores duplicates on request', async () => {
    const up = await alice.from('squads').upsert({ name: 'Xray' }, { onConflict: 'name' }).select('id,name').single();
    expect(up.error).toBeNull();
    expect(up.data!.id).toBe(squadX);
    const id = randomUUID();
    const ins = await alice.from('squads').upsert({ id, name: 'Zulu' }).select().single();
    expect(ins.data).toMatchObject({ id, name: 'Zulu' });
    const ren = await alice.from('squads').upsert({ id, name: 'Zulu2' }).select().single();
    expect(ren.data).toMatchObject({ id, name: 'Zulu2' });
    const ign = await alice.from('squads').upsert({ name: 'Zulu2' }, { onConflict: 'name', ignoreDuplicates: true }).select();
    expect(ign.error).toBeNull();
    expect(ign.data).toEqual([]);
  });
  it('update and delete: 204 minimal, 200 representation, RLS limits the rows', async () => {
    const u = await alice.from('items').update({ qty: 42 }).eq('name', 'minimal');
    expect(u.status).toBe(204);
    const u2 = await alice.from('items').update({ qty: 43 }).eq('name', 'minimal').select('name,qty').single();
    expect(u2.status).toBe(200);
    expect(u2.data).toEqual({ name: 'minimal', qty: 43 });
    const foreign = await bob.from('items').update({ qty: 0 }).eq('name', 'minimal').select();
    expect(foreign.data).toEqual([]);
    const d = await alice.from('items').delete().eq('name', 'minimal').select('name');
    expect(d.status).toBe(200);
    expect(d.data).toEqual([{ name: 'minimal' }]);
    const d2 = await alice.from('items').delete().eq('name', 'b3');
    expect(d2.status).toBe(204);
  });
  it('single() and maybeSingle() answer 406 PGRST116, also on writes (and roll back)', async () => {
    const none = await alice.from('items').select('*').eq('name', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows' });
    const many = await alice.from('items').select('*').eq('status', 'open').single();
    expect(many.status).toBe(406);
    const maybe = await alice.from('items').select('*').eq('name', 'nope').maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
    const raw = await h.raw('/items?select=name&name=eq.nope', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(raw.status).toBe(406);
    expect(await raw.json()).toEqual({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 0 rows', hint: null });
    const w = await alice.from('items').insert([{ name: 's1', owner: A }, { name: 's2', owner: A }]).select().single();
    expect(w.status).toBe(406);
    expect(w.error?.details).toBe('The result contains 2 rows');
    const after = await alice.from('items').select('name').in('name', ['s1', 's2']);
    expect(after.data).toEqual([]);
  });
});

describe('RPC', () => {
  it('scalar, set, scalar set, json, composite and void results', async () => {
    expect((await anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    const set = await anon.rpc('squad_items', { sq: squadX }).order('name');
    expect(set.error).toBeNull();
    expect(set.data!.map((x: { name: string }) => x.name)).toEqual(['alpha', 'beta', 'new-one']);
    const filtered = await anon.rpc('squad_items', { sq: squadX }).eq('name', 'beta').select('name');
    expect(filtered.data).toEqual([{ name: 'beta' }]);
    expect((await anon.rpc('series', { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await alice.rpc('whoami')).data).toEqual({ role: 'authenticated', sub: A });
    expect((await anon.rpc('whoami')).data).toEqual({ role: 'anon', sub: null });
    expect((await anon.rpc('first_squad')).data).toMatchObject({ name: 'Xray' });
    const v = await alice.rpc('touch');
    expect(v.error).toBeNull();
    expect(v.data).toBeNull();
    const g = await anon.rpc('add_numbers', { a: 40, b: 2 }, { get: true });
    expect(g.data).toBe(42);
  });
  it('errors: raise → 400 P0001, unknown function → 404 PGRST202, bad argument → 400', async () => {
    const f = await alice.rpc('fail_always', { msg: 'non merci' });
    expect(f.status).toBe(400);
    expect(f.error).toMatchObject({ code: 'P0001', message: 'non merci' });
    const u = await alice.rpc('no_such_fn', { x: 1 });
    expect(u.status).toBe(404);
    expect(u.error?.code).toBe('PGRST202');
    const w = await alice.rpc('add_numbers', { a: 1, c: 2 });
    expect(w.status).toBe(404);
    const t = await alice.rpc('add_numbers', { a: 'x', b: 2 });
    expect(t.status).toBe(400);
    expect(t.error?.code).toBe('22P02');
  });
});

describe('errors and statuses (bad input changes nothing)', () => {
  it('unknown table → 404 PGRST205, unknown column → 400 42703', async () => {
    const t = await alice.from('nope').select('*');
    expect(t.status).toBe(404);
    expect(t.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" });
    const c = await alice.from('items').select('nope');
    expect(c.status).toBe(400);
    expect(c.error).toMatchObject({ code: '42703', message: 'column items.nope does not exist' });
    const f = await alice.from('items').select('id').eq('nope', 1);
    expect(f.status).toBe(400);
    expect(f.error?.code).toBe('42703');
    const i = await alice.from('items').insert({ name: 'x', nope: 1, owner: A });
    expect(i.status).toBe(400);
    expect(i.error?.code).toBe('PGRST204');
  });
  it('malformed filters, order, limits and JSON → 400 PGRST100/PGRST102', async () => {
    const tok = await h.userToken(A);
    for (const q of ['/items?qty=eqq.1', '/items?qty=1', '/items?or=(qty.eq.1', '/items?or=qty.eq.1', '/items?order=name.sideways', '/items?limit=abc', '/items?select=name,squads(name', '/items?status=in.open', '/items?qty=is.maybe']) {
      const r = await h.raw(q, { token: tok });
      expect(r.status, q).toBe(400);
      expect((await r.json()).code, q).toBe('PGRST100');
    }
    const j = await h.raw('/items', { method: 'POST', token: tok, headers: { 'Content-Type': 'application/json' }, body: '{"name": ' });
    expect(j.status).toBe(400);
    expect(await j.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const arr = await h.raw('/items', { method: 'POST', token: tok, headers: { 'Content-Type': 'application/json' }, body: '[1,2]' });
    expect(arr.status).toBe(400);
    const badPath = await h.raw('/it%E0ems?select=id');
    expect(badPath.status).toBe(404);
    const deep = await h.raw(`/items?or=(${'and('.repeat(500)}qty.eq.1${')'.repeat(500)})`);
    expect(deep.status).toBe(400);
    const csv = await h.raw('/items?select=id', { headers: { Accept: 'text/csv' } });
    expect(csv.status).toBe(406);
    expect((await csv.json()).code).toBe('PGRST107');
    const p = await h.raw('/items?select=id', { headers: { 'Accept-Profile': 'other' } });
    expect(p.status).toBe(406);
    expect((await p.json()).code).toBe('PGRST106');
  });
  it('constraint violations → 409 / 400 with the SQLSTATE', async () => {
    const dup = await alice.from('squads').insert({ name: 'Xray' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await alice.from('items').insert({ name: 'fk', squad_id: randomUUID(), owner: A });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const del = await alice.from('squads').delete().eq('id', squadX);
    expect(del.status).toBe(409);
    const chk = await alice.from('items').insert({ name: 'chk', status: 'weird', owner: A });
    expect(chk.status).toBe(400);
    expect(chk.error?.code).toBe('23514');
    const nn = await alice.from('items').insert({ name: null, owner: A });
    expect(nn.status).toBe(400);
    expect(nn.error?.code).toBe('23502');
    const uuid = await alice.from('items').select('id').eq('id', 'not-a-uuid');
    expect(uuid.status).toBe(400);
    expect(uuid.error?.code).toBe('22P02');
    const count = await h.db.admin.query<{ n: number }>(`select count(*)::int as n from public.items where name in ('fk','chk')`);
    expect(count.rows[0].n).toBe(0);
  });
  it('row-level security: hidden rows, 401 for anon, 403 for a user', async () => {
    const bobSees = await bob.from('items').select('name').eq('name', 'Delta');
    expect(bobSees.data).toEqual([]);
    expect((await anon.from('items').select('name').eq('status', 'private')).data).toEqual([]);
    expect((await alice.from('items').select('name').eq('status', 'private')).data).toEqual([{ name: 'Delta' }]);
    const a = await anon.from('items').insert({ name: 'anon' });
    expect(a.status).toBe(401);
    expect(a.error?.code).toBe('42501');
    const b = await bob.from('items').insert({ name: 'spoof', owner: A });
    expect(b.status).toBe(403);
    expect(b.error?.code).toBe('42501');
    const s = await service.from('items').select('name').eq('status', 'private');
    expect(s.data).toEqual([{ name: 'Delta' }]);
    const forged = await h.raw('/items?select=id', { token: (await signJwt({ role: 'service_role' })).replace(/.$/, 'x') + 'x' });
    expect(forged.status).toBe(401);
  });
});
