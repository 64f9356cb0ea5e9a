// Database access rules an attacker tries, through the real supabase-js client and server (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// image_url is checked by the database, a deleted profile's user cannot make themselves a member again, tombstones
// are for active members only, and a deactivated member's sign-in and refresh are refused as Supabase refuses a
// banned user (`user_banned`), until an admin reactivates them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { client, startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

let s: RunningServer;
let admin: Member;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signUpMember(s, 'chef@example.com');
}, 120_000);
afterAll(async () => { await s?.close(); });

const signIn = (email: string) => client(s).auth.signInWithPassword({ email, password: 'secret-123' });

describe('image_url in SQL', () => {
  it('refuses javascript: and non-image URLs, accepts what the specification allows', async () => {
    const m = await signUpMember(s, 'photo@example.com');
    const insert = (image_url: string | null) => m.c.from('points').insert({ name: 'P', position: { x: 1, y: 1 }, image_url });
    for (const bad of ['javascript:alert(1)', 'javascript:alert(1)//x.png', 'https://example.org/page.html', 'points/abc.svg', 'points/../x.png', 'data:image/png;base64,AAAA']) {
      const { error } = await insert(bad);
      expect([bad, error?.code]).toEqual([bad, '23514']);
    }
    for (const good of [null, '', 'points/abc.webp', '/storage/v1/object/public/poi_images/points/seed.png', 'https://example.org/photo.JPG',
      `${s.url}/storage/v1/object/public/poi_images/points/abc.png`, 'https://cdn.example.org/a/b.jpeg?v=2']) {
      const { error } = await insert(good);
      expect([good, error]).toEqual([good, null]);
    }
  });
});

describe('a deleted profile does not come back', () => {
  it('refuses sign-in, create_profile and the direct insert; tombstones are not readable without an active profile', async () => {
    const m = await signUpMember(s, 'ancien@example.com');
    const p = await admin.c.from('points').insert({ name: 'À supprimer', position: { x: 1, y: 1 } }).select('id').single();
    await admin.c.from('points').delete().eq('id', p.data!.id);
    expect((await m.c.from('point_tombstones').select('id')).data).toHaveLength(1);
    const del = await admin.c.from('profiles').delete().eq('id', m.id).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toHaveLength(1);

    const again = await signIn('ancien@example.com');
    expect(again.error?.code).toBe('user_banned');
    // The access token issued before the deletion is still valid for up to an hour: it must not rebuild a profile.
    const rpc = await m.c.rpc('create_profile', { user_id: m.id, user_email: m.email, user_role: 'user' });
    expect(rpc.error?.code).toBe('42501');
    expect(rpc.error?.message).toBe('Votre accès a été désactivé. Contactez un administrateur.');
    const direct = await m.c.from('profiles').insert({ id: m.id, email: m.email, role: 'user' });
    expect(direct.error).not.toBeNull();
    expect((await s.db.admin.query(`select 1 from public.profiles where id = $1`, [m.id])).rows).toHaveLength(0);
    const tomb = await m.c.from('point_tombstones').select('id');
    expect(tomb.data ?? []).toHaveLength(0);
  });
});

describe('a deactivated member cannot sign in', () => {
  it('refuses password sign-in and refresh with user_banned, and accepts them again after reactivation', async () => {
    const m = await signUpMember(s, 'pause@example.com');
    expect((await admin.c.rpc('set_user_active', { user_id: m.id, active: false })).data).toBe(true);
    const refused = await signIn('pause@example.com');
    expect(refused.error?.code).toBe('user_banned');
    expect(refused.data.session).toBeNull();
    const refresh = await client(s).auth.refreshSession({ refresh_token: m.refresh });
    expect(refresh.error).not.toBeNull();
    // Changing the password with the old access token: its session is gone.
    const pw = await fetch(`${s.url}/auth/v1/user`, { method: 'PUT', headers: { apikey: s.anonKey, Authorization: `Bearer ${m.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ password: 'other-secret-456' }) });
    expect(pw.status).toBe(403);

    expect((await admin.c.rpc('set_user_active', { user_id: m.id, active: true })).data).toBe(true);
    const back = await signIn('pause@example.com');
    expect(back.error).toBeNull();
    expect(back.data.session).not.toBeNull();
  });
});
