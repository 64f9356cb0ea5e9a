// Realtime socket limits against the real server and real sockets: the public anon key cannot lock users out of realtime.
// Sockets per address and per user are bounded, anon-only sockets share a cap below the global limit, and a socket
// that joins nothing within the deadline is closed; a signed-in user elsewhere connects while 2,000 anon sockets are tried.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeChannel } from '@supabase/supabase-js';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';
import { DEFAULT_CONNECTION_LIMITS } from '../realtime/connectionLimits';

const JOIN_DEADLINE_MS = 1500;
let s: RunningServer;
let m: Member;
beforeAll(async () => {
  s = await startTestServer({ trustProxy: true, realtimeLimits: { perUser: 3, joinDeadlineMs: JOIN_DEADLINE_MS, anonSockets: 3 } });
  m = await signUpMember(s, 'chef@example.com');
}, 120_000);
afterAll(async () => { await s?.close(); });

const wsUrl = () => `${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(s.anonKey)}&vsn=2.0.0`;
/** Opens a socket as from `address` (X-Forwarded-For, TRUST_PROXY on): the open socket, or the refusal's status. */
const open = (address: string) => new Promise<WebSocket | number>((resolve) => {
  const ws = new WebSocket(wsUrl(), { headers: { 'X-Forwarded-For': address } });
  ws.once('open', () => resolve(ws));
  ws.once('unexpected-response', (_req, res) => { resolve(res.statusCode ?? 0); res.resume(); });
  ws.once('error', () => resolve(0));
});
const closed = (ws: WebSocket) => new Promise<number>((r) => { if (ws.readyState === ws.CLOSED) r(-1); else ws.once('close', (code) => r(code)); });
const join = (ws: WebSocket, topic: string, token?: string) => new Promise<{ status: string; response: Record<string, unknown> }>((resolve) => {
  const ref = String(Math.random());
  ws.on('message', (d) => {
    const f = JSON.parse(d.toString());
    if (f[1] === ref && f[3] === 'phx_reply') resolve(f[4]);
  });
  ws.send(JSON.stringify([ref, ref, `realtime:${topic}`, 'phx_join', { config: { postgres_changes: [{ event: '*', schema: 'public', table: 'points' }] }, ...(token ? { access_token: token } : {}) }]));
});
const subscribe = (ch: RealtimeChannel) => new Promise<string>((resolve) => {
  ch.on('postgres_changes' as never, { event: '*', schema: 'public', table: 'points' } as never, () => undefined)
    .subscribe((st: string) => { if (st !== 'CLOSED') resolve(st); });
});

describe('realtime connection limits', () => {
  it('2,000 anon sockets from one address: never more than the per-address limit open at once, and a signed-in user elsewhere subscribes', async () => {
    let live = 0, maxLive = 0;
    const tries = await Promise.all(Array.from({ length: 2000 }, () => open('6.6.6.6').then((t) => {
      if (typeof t !== 'number') { live++; maxLive = Math.max(maxLive, live); t.once('close', () => { live--; }); }
      return t;
    })));
    const opened = tries.filter((t): t is WebSocket => typeof t !== 'number');
    try {
      expect(maxLive).toBeLessThanOrEqual(DEFAULT_CONNECTION_LIMITS.perAddress);
      const ch = m.c.channel('user-live');
      expect(await subscribe(ch)).toBe('SUBSCRIBED');
      await m.c.removeChannel(ch);
    } finally {
      m.c.realtime.disconnect(); // its socket counted against the user's limit until closed
      for (const ws of opened) ws.terminate();
    }
  }, 120_000);

  it('closes a socket that joins nothing after the deadline; joined sockets stay; anon-only sockets share a cap below the global limit', async () => {
    const idle = (await open('5.5.5.1')) as WebSocket;
    const anonOnly = (await open('5.5.5.2')) as WebSocket;
    expect((await join(anonOnly, 'anon-topic')).status).toBe('ok');
    const user = (await open('5.5.5.3')) as WebSocket;
    expect((await join(user, 'user-topic', m.token)).status).toBe('ok');
    const t0 = Date.now();
    expect(await closed(idle)).toBe(1008);
    expect(Date.now() - t0).toBeLessThan(JOIN_DEADLINE_MS + 1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(user.readyState).toBe(user.OPEN);
    expect(anonOnly.readyState).toBe(anonOnly.OPEN);
    // Two more anon-only sockets fill the anon cap (3 here); the next anon join is refused, a user's join is not.
    const more = await Promise.all(['5.5.6.1', '5.5.6.2', '5.5.6.3', '5.5.6.4'].map(open)) as WebSocket[];
    const anonReplies = [];
    for (const ws of more.slice(0, 3)) anonReplies.push((await join(ws, 'anon-topic')).status);
    expect(anonReplies).toEqual(['ok', 'ok', 'error']);
    expect((await join(more[3], 'user-topic', m.token)).status).toBe('ok');
    for (const ws of [anonOnly, user, ...more]) ws.terminate();
    // A closed socket gives its address slot back.
    const again = await open('5.5.5.1');
    expect(typeof again).not.toBe('number');
    (again as WebSocket).terminate();
  });

  it('bounds the sockets one user joins at once', async () => {
    await new Promise((r) => setTimeout(r, 300)); // the earlier tests' sockets are closed on the server too
    const sockets = await Promise.all([1, 2, 3, 4].map((i) => open(`4.4.4.${i}`))) as WebSocket[];
    const replies = [];
    for (const ws of sockets) replies.push((await join(ws, 'mine', m.token)).status);
    expect(replies).toEqual(['ok', 'ok', 'ok', 'error']);
    expect(await closed(sockets[3])).toBe(1008);
    sockets[0].terminate();
    await closed(sockets[0]);
    await new Promise((r) => setTimeout(r, 50));
    const next = (await open('4.4.4.9')) as WebSocket;
    expect((await join(next, 'mine', m.token)).status).toBe('ok');
    for (const ws of [...sockets, next]) ws.terminate();
  });
});
