// Broadcast from the database through real supabase-js on the embedded server (PGlite, or PostgreSQL in the
// PostgreSQL step): private channels are authorised at join by the RLS of realtime.messages (migration
// 20261124120000_broadcast_invalidations.sql), one statement sends one small invalidation per table, and a
// deactivated member gets 'access_revoked' on their own topic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from '../main';
import { createInvitation } from '../../test/server/testDatabase';
import { client, startTestServer } from '../../test/server/testServer';

let s: RunningServer;
beforeAll(async () => { s = await startTestServer(); }, 120_000);
afterAll(async () => { await s?.close(); });

async function member(email: string): Promise<{ c: SupabaseClient; id: string }> {
  const token = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: token } } });
  expect(error).toBeNull();
  const prof = await c.rpc('create_profile', { user_id: data.user!.id, user_email: email, user_role: 'user' });
  expect(prof.error).toBeNull();
  return { c, id: data.user!.id };
}

type Msg = { event: string; payload: Record<string, unknown> };
/** Joins a private channel; resolves with its status ('SUBSCRIBED' or the error) and the messages it gets. */
async function join(c: SupabaseClient, topic: string, event: string): Promise<{ status: string; got: Msg[]; ch: RealtimeChannel }> {
  const got: Msg[] = [];
  const ch = c.channel(topic, { config: { private: true } }).on('broadcast', { event }, (m) => { got.push({ event: m.event, payload: m.payload as Record<string, unknown> }); });
  const status = await new Promise<string>((resolve) => {
    ch.subscribe((st, err) => { if (st !== 'CLOSED') resolve(err ? `${st}: ${err.message}` : st); });
  });
  return { status, got, ch };
}

const waitFor = async (ok: () => boolean, ms: number) => {
  for (const t0 = Date.now(); !ok();) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

describe('broadcast from the database', () => {
  let admin: { c: SupabaseClient; id: string };
  let user: { c: SupabaseClient; id: string };
  beforeAll(async () => {
    admin = await member('admin@example.com'); // first profile: admin
    user = await member('user@example.com');
  });

  it('a member joins the line\'s topic and gets one invalidation per statement with ids, versions and line', async () => {
    const line = (await s.db.admin.query<{ id: string }>('select private.default_line_id()::text as id')).rows[0].id;
    const sub = await join(user.c, `line:${line}`, 'invalidate');
    expect(sub.status).toBe('SUBSCRIBED');
    const one = await admin.c.from('points').insert({ name: 'Un', position: { x: 1, y: 1 } }).select('id, updated_at').single();
    expect(one.error).toBeNull();
    expect(await waitFor(() => sub.got.length >= 1, 5000)).toBe(true);
    expect(sub.got[0].payload).toMatchObject({ table: 'points', operation: 'INSERT', count: 1, truncated: false });
    expect(sub.got[0].payload.rows).toEqual([{ id: one.data!.id, updated_at: expect.any(String), line_id: line }]);
    expect(Date.parse(String((sub.got[0].payload.rows as { updated_at: string }[])[0].updated_at))).toBe(Date.parse(one.data!.updated_at));

    // 150 rows in one statement: one message, 100 ids, flagged truncated
    const bulk = await admin.c.from('points').insert(Array.from({ length: 150 }, (_, i) => ({ name: `P${i}`, position: { x: i, y: 2 } })));
    expect(bulk.error).toBeNull();
    expect(await waitFor(() => sub.got.length >= 2, 5000)).toBe(true);
    await s.db.admin.query('select 1');
    await new Promise((r) => setTimeout(r, 200));
    expect(sub.got).toHaveLength(2);
    expect(sub.got[1].payload).toMatchObject({ operation: 'INSERT', count: 150, truncated: true });
    expect(sub.got[1].payload.rows).toHaveLength(100);

    const del = await admin.c.from('points').delete().eq('id', one.data!.id);
    expect(del.error).toBeNull();
    expect(await waitFor(() => sub.got.length >= 3, 5000)).toBe(true);
    expect(sub.got[2].payload).toMatchObject({ operation: 'DELETE', count: 1, rows: [{ id: one.data!.id, updated_at: null, line_id: line }] });
    await user.c.removeChannel(sub.ch);
  });

  it('a point moved to another line is announced on both lines, with its new line', async () => {
    const lineA = (await s.db.admin.query<{ id: string }>('select private.default_line_id()::text as id')).rows[0].id;
    const lineB = (await s.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('L2', 'Ligne 2') returning id::text as id")).rows[0].id;
    const onA = await join(user.c, `line:${lineA}`, 'invalidate');
    const onB = await join(user.c, `line:${lineB}`, 'invalidate');
    expect([onA.status, onB.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    const p = await admin.c.from('points').insert({ name: 'Mobile', position: { x: 5, y: 5 } }).select('id, updated_at').single();
    expect(p.error).toBeNull();
    expect(await waitFor(() => onA.got.length === 1, 5000)).toBe(true);
    const moved = await admin.c.from('points').update({ line_id: lineB, updated_at: p.data!.updated_at }).eq('id', p.data!.id); // a member states the base version
    expect(moved.error).toBeNull();
    expect(await waitFor(() => onA.got.length === 2 && onB.got.length === 1, 5000)).toBe(true);
    for (const m of [onA.got[1], onB.got[0]]) {
      expect(m.payload).toMatchObject({ table: 'points', operation: 'UPDATE', count: 1, rows: [{ id: p.data!.id, line_id: lineB }] });
    }
    await user.c.removeChannel(onA.ch);
    await user.c.removeChannel(onB.ch);
  });

  it('refuses anon, unknown topics and another user\'s notices at join', async () => {
    const anon = client(s);
    expect((await join(anon, 'changes:teams', 'invalidate')).status).toMatch(/^CHANNEL_ERROR: Unauthorized/);
    expect((await join(user.c, 'line:00000000-0000-4000-8000-000000000000', 'invalidate')).status).toMatch(/^CHANNEL_ERROR: Unauthorized/);
    expect((await join(user.c, 'changes:profiles', 'invalidate')).status).toMatch(/^CHANNEL_ERROR: Unauthorized/);
    expect((await join(user.c, `user:${admin.id}`, 'access_revoked')).status).toMatch(/^CHANNEL_ERROR: Unauthorized/);
    await anon.removeAllChannels();
  });

  it('a deactivated member gets access_revoked on their own topic, and can no longer join the app topics', async () => {
    const notices = await join(user.c, `user:${user.id}`, 'access_revoked');
    expect(notices.status).toBe('SUBSCRIBED');
    const off = await admin.c.rpc('set_user_active', { user_id: user.id, active: false });
    expect(off.error).toBeNull();
    expect(await waitFor(() => notices.got.length === 1, 5000)).toBe(true);
    expect(notices.got[0].payload).toEqual({ reason: 'deactivated' });
    expect((await join(user.c, 'changes:teams', 'invalidate')).status).toMatch(/^CHANNEL_ERROR: Unauthorized/);
  });
});
