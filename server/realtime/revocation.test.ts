// Access that ends while a socket is open (PGlite, or PostgreSQL in the PostgreSQL step), with a raw Phoenix
// client so the close code and reason are seen: a member deactivated by an admin has every socket closed with a
// reason within 5 s and receives no broadcast after it (private channels joined before included); a line archived
// meanwhile closes members' private channels on that line with Supabase's 'Unauthorized' message, admins' stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';
import { ACCESS_REVOKED_CLOSE } from './revocation';

let s: RunningServer;
let admin: Member;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signUpMember(s, 'admin@example.com'); // first profile: admin
}, 120_000);
afterAll(async () => { await s?.close(); });

type Frame = [string | null, string | null, string, string, Record<string, unknown>];
interface Socket { ws: WebSocket; frames: Frame[]; closed: Promise<{ code: number; reason: string; at: number }> }

async function connect(): Promise<Socket> {
  const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${s.anonKey}&vsn=2.0.0`);
  const frames: Frame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
  const closed = new Promise<{ code: number; reason: string; at: number }>((ok) => ws.on('close', (code, reason) => ok({ code, reason: reason.toString(), at: Date.now() })));
  await new Promise<void>((ok, fail) => { ws.once('open', () => ok()); ws.once('error', fail); });
  return { ws, frames, closed };
}

let ref = 0;
async function joinPrivate(sock: Socket, topic: string, token: string): Promise<void> {
  const joinRef = String(++ref);
  sock.ws.send(JSON.stringify([joinRef, joinRef, `realtime:${topic}`, 'phx_join', { config: { private: true, broadcast: {}, presence: {}, postgres_changes: [] }, access_token: token }]));
  expect(await waitFor(() => sock.frames.some((f) => f[1] === joinRef && f[3] === 'phx_reply'), 10_000)).toBe(true);
  const answer = sock.frames.find((f) => f[1] === joinRef && f[3] === 'phx_reply')!;
  expect(answer[4]).toMatchObject({ status: 'ok' });
}

const waitFor = async (ok: () => boolean, ms: number) => {
  for (const t0 = Date.now(); !ok();) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};
const broadcasts = (sock: Socket, topic: string) => sock.frames.filter((f) => f[2] === `realtime:${topic}` && f[3] === 'broadcast');
const defaultLine = async () => (await s.db.admin.query<{ id: string }>('select private.default_line_id()::text as id')).rows[0].id;

describe('private channels when access ends', () => {
  it('a deactivated member\'s sockets are closed with a reason within 5 s and get no broadcast after it', async () => {
    const user = await signUpMember(s, 'desactive@example.com');
    const line = await defaultLine();
    const sock = await connect();
    await joinPrivate(sock, `line:${line}`, user.token);
    await joinPrivate(sock, `user:${user.id}`, user.token);
    const other = await connect(); // a second socket of the same member
    await joinPrivate(other, 'changes:teams', user.token);

    const t0 = Date.now();
    expect((await admin.c.from('profiles').update({ active: false }).eq('id', user.id)).error).toBeNull();
    const inserted = await admin.c.from('points').insert({ name: 'Après désactivation', position: { x: 3, y: 3 } }).select('id').single();
    expect(inserted.error).toBeNull();

    const [closed, closedOther] = await Promise.all([
      Promise.race([sock.closed, new Promise<null>((r) => setTimeout(() => r(null), 8000))]),
      Promise.race([other.closed, new Promise<null>((r) => setTimeout(() => r(null), 8000))]),
    ]);
    expect(closed).toMatchObject({ code: ACCESS_REVOKED_CLOSE, reason: 'access revoked: deactivated' });
    expect(closedOther).toMatchObject({ code: ACCESS_REVOKED_CLOSE, reason: 'access revoked: deactivated' });
    expect(closed!.at - t0).toBeLessThan(5000);
    // The notice that signs the page out came first; the new point's id never reached the deactivated member.
    expect(broadcasts(sock, `user:${user.id}`).map((f) => f[4].event)).toEqual(['access_revoked']);
    expect(JSON.stringify(sock.frames)).not.toContain(inserted.data!.id);
  }, 60_000);

  it('archiving a line closes members\' private channels on it with Unauthorized; an admin\'s stays open', async () => {
    const user = await signUpMember(s, 'ligne@example.com');
    const line = (await s.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LX', 'Ligne X') returning id::text as id")).rows[0].id;
    const member = await connect();
    await joinPrivate(member, `line:${line}`, user.token);
    await joinPrivate(member, 'changes:lines', user.token);
    const adminSock = await connect();
    await joinPrivate(adminSock, `line:${line}`, admin.token);

    const t0 = Date.now();
    await s.db.admin.query('update public.lines set archived = true where id = $1', [line]);
    const topic = `realtime:line:${line}`;
    expect(await waitFor(() => member.frames.some((f) => f[2] === topic && f[3] === 'phx_close'), 5000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(5000);
    const system = member.frames.find((f) => f[2] === topic && f[3] === 'system');
    expect(system?.[4]).toMatchObject({ status: 'error', message: `Unauthorized: You do not have permissions to read from this Channel topic: line:${line}` });

    // The member's socket and its other channel stay; the admin's channel on the archived line stays too.
    expect(member.ws.readyState).toBe(WebSocket.OPEN);
    await s.db.admin.query('select 1');
    expect(adminSock.frames.some((f) => f[2] === topic && f[3] === 'phx_close')).toBe(false);
    const before = member.frames.length;
    await s.db.admin.query("insert into public.points (name, position, line_id) values ('Sur la ligne archivée', '{\"x\":1,\"y\":1}', $1)", [line])
      .catch(() => undefined); // a point may not name an archived line: then nothing is sent at all
    await new Promise((r) => setTimeout(r, 1500));
    expect(member.frames.slice(before).filter((f) => f[2] === topic && f[3] === 'broadcast')).toEqual([]);
    member.ws.close();
    adminSock.ws.close();
  }, 60_000);
});
