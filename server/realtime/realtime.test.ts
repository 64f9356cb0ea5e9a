// Realtime contract tests: real supabase-js clients over the Phoenix websocket against a migrated PGlite with
// the REST fixture schema. Changes arrive within 1 s, only to subscribers allowed to select the row.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { FIXTURE_MIGRATIONS, openTestDb, signJwt, startHarness, type Harness } from '../../test/server/restHarness';
import { filterMatches, parseRowFilter, parseSubscription, subscriptionMatches } from './protocol';

type Payload = { eventType: string; new: Record<string, unknown>; old: Record<string, unknown>; table: string; commit_timestamp: string };

let h: Harness;
let alice: SupabaseClient, bob: SupabaseClient, anon: SupabaseClient;
const A = randomUUID(), B = randomUUID();

beforeAll(async () => {
  h = await startHarness(await openTestDb(FIXTURE_MIGRATIONS), { realtime: true });
  alice = h.client(await h.userToken(A));
  bob = h.client(await h.userToken(B));
  anon = h.client();
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

function subscribe(c: SupabaseClient, name: string, filter: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = { event: '*' }) {
  const got: Payload[] = [];
  let ch!: RealtimeChannel;
  const ready = new Promise<void>((resolve, reject) => {
    ch = c.channel(name)
      .on('postgres_changes' as never, { schema: 'public', table: 'items', ...filter } as never, (p: Payload) => { got.push(p); })
      .subscribe((status: string, err?: Error) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
      });
  });
  return { got, ready, channel: () => ch };
}

async function waitFor<T>(fn: () => T | undefined, ms: number): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('postgres_changes', () => {
  it('an INSERT by one client reaches another subscribed client within 1 s; hidden rows are not sent', async () => {
    const bobSub = subscribe(bob, 'bob-items');
    const anonSub = subscribe(anon, 'anon-items', { event: 'INSERT' });
    const aliceSub = subscribe(alice, 'alice-items');
    await Promise.all([bobSub.ready, anonSub.ready, aliceSub.ready]);

    const hidden = await alice.from('items').insert({ name: 'secret', status: 'private', owner: A }).select('id').single();
    expect(hidden.error).toBeNull();
    const t0 = Date.now();
    const ins = await alice.from('items').insert({ name: 'hello', qty: 3, meta: { a: 1 }, owner: A }).select('id').single();
    expect(ins.error).toBeNull();
    const seen = await waitFor(() => bobSub.got.find((p) => p.new.name === 'hello'), 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(seen).toMatchObject({ eventType: 'INSERT', table: 'items', new: { id: ins.data!.id, name: 'hello', qty: 3, meta: { a: 1 }, owner: A } });
    expect(typeof seen.commit_timestamp).toBe('string');
    await waitFor(() => anonSub.got.find((p) => p.new.name === 'hello'), 1000);
    // the owner sees her private row, the others never get it
    await waitFor(() => aliceSub.got.find((p) => p.new.name === 'secret'), 1000);
    await h.flushRealtime();
    expect(bobSub.got.some((p) => p.new.name === 'secret')).toBe(false);
    expect(anonSub.got.some((p) => p.new.name === 'secret')).toBe(false);

    // UPDATE with a row filter, then DELETE carrying the primary key only
    const upd = subscribe(bob, 'bob-one', { event: 'UPDATE', filter: `id=eq.${ins.data!.id}` });
    await upd.ready;
    await alice.from('items').update({ qty: 4 }).eq('name', 'epsilon-none');
    await alice.from('items').update({ qty: 9 }).eq('id', ins.data!.id);
    const u = await waitFor(() => upd.got[0], 1000);
    expect(u).toMatchObject({ eventType: 'UPDATE', new: { qty: 9 }, old: { id: ins.data!.id } });
    const del = await alice.from('items').delete().eq('id', ins.data!.id);
    expect(del.error).toBeNull();
    const d = await waitFor(() => bobSub.got.find((p) => p.eventType === 'DELETE'), 1000);
    expect(d.old).toEqual({ id: ins.data!.id });
    expect(d.new).toEqual({});
    expect(upd.got).toHaveLength(1);
    expect(anonSub.got.every((p) => p.eventType === 'INSERT')).toBe(true);
    for (const s of [bobSub, anonSub, aliceSub, upd]) await s.channel().unsubscribe();
  });
});

describe('bulk changes', () => {
  it('a bulk insert of 300 rows delivers exactly the visible ones, in order', async () => {
    const sub = subscribe(bob, 'bob-bulk', { event: 'INSERT' });
    await sub.ready;
    const rows = Array.from({ length: 300 }, (_, i) => ({ name: `bulk-${String(i).padStart(3, '0')}`, status: i % 3 === 0 ? 'private' : 'open', owner: A }));
    const r = await alice.from('items').insert(rows);
    expect(r.error).toBeNull();
    await waitFor(() => (sub.got.length >= 200 ? true : undefined), 5000);
    await h.flushRealtime();
    expect(sub.got.map((p) => p.new.name)).toEqual(rows.filter((x) => x.status === 'open').map((x) => x.name));
    await sub.channel().unsubscribe();
  });
});

describe('table privileges and bigint keys', () => {
  it('anon (no visible rows in notes) gets no INSERT, a signed-in user gets the note with its bigint id', async () => {
    const listen = (c: SupabaseClient, name: string) => {
      const got: Payload[] = [];
      const ready = new Promise<void>((resolve, reject) => {
        const ch = c.channel(name).on('postgres_changes' as never, { event: '*', schema: 'public', table: 'notes' } as never, (p: Payload) => { got.push(p); })
          .subscribe((st: string) => { if (st === 'SUBSCRIBED') resolve(); else if (st !== 'CLOSED') reject(new Error(st)); });
        chans.push(ch);
      });
      return { got, ready };
    };
    const chans: RealtimeChannel[] = [];
    const a = listen(anon, 'anon-notes');
    const b = listen(bob, 'bob-notes');
    await Promise.all([a.ready, b.ready]);
    const item = await alice.from('items').insert({ name: 'with-note', owner: A }).select('id').single();
    const note = await alice.from('notes').insert({ item_id: item.data!.id, body: 'hello' }).select('id').single();
    expect(note.error).toBeNull();
    const got = await waitFor(() => b.got[0], 3000);
    expect(got.new).toMatchObject({ id: note.data!.id, body: 'hello' });
    await alice.from('notes').delete().eq('id', note.data!.id);
    const del = await waitFor(() => b.got.find((p) => p.eventType === 'DELETE'), 3000);
    expect(del.old).toEqual({ id: note.data!.id });
    await h.flushRealtime();
    await new Promise((r) => setTimeout(r, 100));
    // A deleted row cannot be re-selected: like Supabase, a DELETE goes to every subscriber whose role has the table
    // SELECT privilege, carrying the primary key only. Inserts and updates are re-checked row by row.
    expect(a.got.every((p) => p.eventType === 'DELETE' && Object.keys(p.old).join() === 'id')).toBe(true);
    expect(a.got.some((p) => p.eventType === 'INSERT')).toBe(false);
    for (const ch of chans) await ch.unsubscribe();
  });
});

describe('access_token', () => {
  it('a token pushed on a joined channel changes what the subscriber may see', async () => {
    let current = h.anonKey;
    const c = h.client(async () => current);
    const sub = subscribe(c, 'upgrade-me', { event: 'INSERT' });
    await sub.ready;
    await alice.from('items').insert({ name: 'before-token', status: 'private', owner: A });
    await h.flushRealtime();
    expect(sub.got).toHaveLength(0);
    current = await h.userToken(A);
    await c.realtime.setAuth(); // the client pushes access_token on its joined channels
    await new Promise((r) => setTimeout(r, 100));
    await alice.from('items').insert({ name: 'after-token', status: 'private', owner: A });
    const got = await waitFor(() => sub.got.find((p) => p.new.name === 'after-token'), 1000);
    expect(got.new.owner).toBe(A);
    expect(sub.got.map((p) => p.new.name)).toEqual(['after-token']);
    await sub.channel().unsubscribe();
  });
});

describe('phoenix protocol', () => {
  const connect = (key: string) => new WebSocket(`${h.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(key)}&vsn=2.0.0`);
  /** Attaches at once and reads frames in order, without losing those that arrive between two awaits. */
  function reader(ws: WebSocket): () => Promise<unknown[]> {
    const q: unknown[][] = [];
    ws.on('message', (d) => q.push(JSON.parse(d.toString())));
    return async () => {
      const t0 = Date.now();
      while (q.length === 0) {
        if (Date.now() - t0 > 5000) throw new Error('no frame within 5 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      return q.shift()!;
    };
  }

  it('answers heartbeats, echoes join filters with ids in order, leaves', async () => {
    const ws = connect(h.anonKey);
    const next = reader(ws);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    const pc = [{ event: 'INSERT', schema: 'public', table: 'items' }, { event: '*', schema: 'public', table: 'items', filter: 'qty=gt.3' }];
    ws.send(JSON.stringify(['3', '3', 'realtime:x', 'phx_join', { config: { broadcast: { self: false }, presence: { enabled: false }, postgres_changes: pc, private: false } }]));
    const reply = (await next()) as [string, string, string, string, { status: string; response: { postgres_changes: { id: number }[] } }];
    expect(reply.slice(0, 4)).toEqual(['3', '3', 'realtime:x', 'phx_reply']);
    expect(reply[4].status).toBe('ok');
    expect(reply[4].response.postgres_changes.map(({ id: _id, ...rest }) => rest)).toEqual(pc);
    expect(reply[4].response.postgres_changes.every((x) => typeof x.id === 'number')).toBe(true);
    const sys = await next();
    expect(sys[3]).toBe('system');
    ws.send(JSON.stringify(['3', '4', 'realtime:x', 'phx_join', { config: { postgres_changes: [{ event: 'BOGUS', schema: 'public' }] } }]));
    expect(((await next())[4] as { status: string }).status).toBe('error');
    ws.send(JSON.stringify(['5', '5', 'realtime:y', 'phx_join', { config: {}, access_token: 'forged.token.value' }]));
    expect(((await next())[4] as { status: string }).status).toBe('error');
    // a valid token refresh is accepted silently; a forged one closes the channel
    ws.send(JSON.stringify(['3', '6', 'realtime:x', 'access_token', { access_token: await h.userToken(A) }]));
    ws.send(JSON.stringify(['3', '7', 'realtime:x', 'access_token', { access_token: 'forged' }]));
    expect((await next()).slice(2, 4)).toEqual(['realtime:x', 'system']);
    expect((await next()).slice(2, 4)).toEqual(['realtime:x', 'phx_close']);
    ws.send(JSON.stringify(['3', '8', 'realtime:x', 'phx_leave', {}]));
    expect(((await next())[4] as { status: string }).status).toBe('error'); // already closed: unmatched topic
    ws.send(JSON.stringify(['9', '9', 'realtime:z', 'phx_join', { config: {} }]));
    expect(((await next())[4] as { status: string }).status).toBe('ok');
    ws.send(JSON.stringify(['9', '10', 'realtime:z', 'phx_leave', {}]));
    expect((await next()).slice(3)).toEqual(['phx_reply', { status: 'ok', response: {} }]);
    ws.close();
  });

  it('rejects a forged or missing apikey at the upgrade', async () => {
    const forged = (await signJwt({ role: 'service_role' })).slice(0, -2) + 'xx';
    for (const key of [forged, '']) {
      const ws = connect(key);
      const status = await new Promise<number>((resolve) => {
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => resolve(101));
      });
      expect(status).toBe(401);
    }
  });
});

describe('filters (pure)', () => {
  it('parses and matches row filters', () => {
    expect(parseRowFilter('id=eq.42')).toEqual({ column: 'id', op: 'eq', value: '42' });
    expect(() => parseRowFilter('id=like.4')).toThrow();
    expect(filterMatches(parseRowFilter('qty=gt.3'), { qty: 10 })).toBe(true);
    expect(filterMatches(parseRowFilter('name=in.(a,b)'), { name: 'b' })).toBe(true);
    const s = parseSubscription({ event: 'DELETE', schema: 'public', table: 'items', filter: 'id=eq.1' }, 1);
    expect(subscriptionMatches(s, { schema: 'public', table: 'items', type: 'DELETE', record: null, old_record: { id: 1 } })).toBe(true);
    expect(subscriptionMatches(s, { schema: 'public', table: 'items', type: 'INSERT', record: { id: 1 }, old_record: null })).toBe(false);
  });
});
