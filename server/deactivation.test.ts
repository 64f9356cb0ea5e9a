// Deactivated members lose access, through the real supabase-js client and the embedded server (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): once an admin deactivates a member, the member's next request with a still-valid
// access token is refused with the French message, their refresh token no longer works, and realtime stops
// sending them changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from './main';
import { createInvitation } from '../test/server/testDatabase';
import { client, startTestServer } from '../test/server/testServer';

const DISABLED = 'Votre accès a été désactivé. Contactez un administrateur.';
let s: RunningServer;
beforeAll(async () => { s = await startTestServer(); }, 120_000);
afterAll(async () => { await s?.close(); });

async function member(email: string): Promise<{ c: SupabaseClient; id: string; refresh: string }> {
  const token = await createInvitation(s.db, email);
  const c = client(s);
  const { data, error } = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: token } } });
  expect(error).toBeNull();
  const id = data.user!.id;
  const prof = await c.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' });
  expect(prof.error).toBeNull();
  return { c, id, refresh: data.session!.refresh_token };
}

const waitFor = async (ok: () => boolean, ms: number) => {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

describe('deactivation through the API', () => {
  it('refuses the next request, kills the refresh token and stops realtime; reactivation restores access', async () => {
    const admin = await member('admin@example.com'); // first profile: admin
    const user = await member('user@example.com');
    expect((await user.c.from('points').select('id')).error).toBeNull();

    const got: string[] = [];
    let ch!: RealtimeChannel;
    await new Promise<void>((resolve, reject) => {
      ch = user.c.channel('user-points')
        .on('postgres_changes' as never, { event: '*', schema: 'public', table: 'points' } as never, (p: { new: { name?: string } }) => { got.push(p.new?.name ?? ''); })
        .subscribe((st: string, err?: Error) => (st === 'SUBSCRIBED' ? resolve() : st === 'CHANNEL_ERROR' || st === 'TIMED_OUT' ? reject(err ?? new Error(st)) : undefined));
    });
    const before = await admin.c.from('points').insert({ name: 'Avant', position: { x: 1, y: 1 } });
    expect(before.error).toBeNull();
    expect(await waitFor(() => got.includes('Avant'), 3000)).toBe(true);

    const off = await admin.c.rpc('set_user_active', { user_id: user.id, active: false });
    expect(off).toMatchObject({ data: true, error: null });

    // the access token is still valid (not expired), but every request is refused with the message
    const read = await user.c.from('points').select('id');
    expect(read.status).toBe(403);
    expect(read.error).toMatchObject({ code: 'PT403', message: DISABLED, hint: 'account_disabled' });
    const write = await user.c.from('points').insert({ name: 'Après', position: { x: 2, y: 2 } });
    expect(write.status).toBe(403);
    expect(write.error?.message).toBe(DISABLED);
    const rpc = await user.c.rpc('user_emails', { ids: [admin.id] });
    expect(rpc.status).toBe(403);

    // the refresh token no longer works
    const refreshed = await client(s).auth.refreshSession({ refresh_token: user.refresh });
    expect(refreshed.error).not.toBeNull();
    expect(refreshed.data.session).toBeNull();

    // realtime sends them nothing more
    const during = await admin.c.from('points').insert({ name: 'Pendant', position: { x: 3, y: 3 } });
    expect(during.error).toBeNull();
    expect(await waitFor(() => got.includes('Pendant'), 1500)).toBe(false);
    await user.c.removeChannel(ch);

    // reactivated: a new sign-in works again
    expect((await admin.c.rpc('set_user_active', { user_id: user.id, active: true })).data).toBe(true);
    const again = client(s);
    expect((await again.auth.signInWithPassword({ email: 'user@example.com', password: 'secret-123' })).error).toBeNull();
    expect((await again.from('points').select('name')).data?.map((r) => r.name).sort()).toEqual(['Avant', 'Pendant']);
  }, 30_000);

  it('a plain user reads only their own profile, colleagues only as emails of what they did', async () => {
    const writer = await member('writer@example.com');
    const reader = await member('reader@example.com');
    const bystander = await member('bystander@example.com');
    const ins = await writer.c.from('points').insert({ name: 'Écrou desserré', position: { x: 4, y: 4 } }).select('id, created_by').single();
    expect(ins.error).toBeNull();
    const profiles = await reader.c.from('profiles').select('id, email');
    expect(profiles.data).toEqual([{ id: reader.id, email: 'reader@example.com' }]);
    const emails = await reader.c.rpc('user_emails', { ids: [writer.id, bystander.id] });
    expect(emails).toMatchObject({ error: null, data: [{ id: writer.id, email: 'writer@example.com' }] });
  });
});
