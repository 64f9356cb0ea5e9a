// The setting 'Suppression des signalements' (docs/product.md#point-delete-setting) through the API: supabase-js
// against the embedded REST server on the migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL). Absent or
// 'membres': a member deletes a report; 'admins': a member's delete removes nothing (row-level security: the rows
// kept, alone or in a filter matching many), an admin still deletes, the bulk deletion stays refused to members; only
// 'membres' and 'admins' are accepted, and only an admin writes the setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient;

async function newPoints(tag: string, n = 1): Promise<{ id: string; updated_at: string }[]> {
  await w.db.admin.query(
    `insert into public.points (name, description, "position", created_by)
     select $1 || ' ' || i, 'd', jsonb_build_object('x', i, 'y', 10), $2 from generate_series(1, $3::int) i`,
    [tag, w.userA, n]);
  const r = await alice.from('points').select('id, updated_at').like('name', `${tag} %`).order('id');
  expect(r.error).toBeNull();
  return r.data as { id: string; updated_at: string }[];
}
const setMode = async (value: string | null) => {
  await w.db.admin.query("delete from public.app_settings where key = 'point_delete'");
  if (value) await w.db.admin.query("insert into public.app_settings (key, value) values ('point_delete', $1)", [value]);
};
const exists = async (id: string) =>
  (await w.db.admin.query('select 1 from public.points where id = $1', [id])).rows.length === 1;

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

describe('point_delete setting', () => {
  it('absent or membres: a member deletes a report', async () => {
    await setMode(null);
    const [a] = await newPoints('absent');
    expect((await alice.from('points').delete().eq('id', a.id)).error).toBeNull();
    expect(await exists(a.id)).toBe(false);
    await setMode('membres');
    const [b] = await newPoints('membres');
    expect((await alice.from('points').delete().eq('id', b.id)).error).toBeNull();
    expect(await exists(b.id)).toBe(false);
  });

  it('admins: a member is refused (one row or many), an admin deletes, the bulk deletion stays for admins', async () => {
    await setMode('admins');
    const rows = await newPoints('reserve', 3);
    const one = await alice.from('points').delete().eq('id', rows[0].id).select('id');
    expect(one.error).toBeNull();
    expect(one.data).toEqual([]);
    expect(await exists(rows[0].id)).toBe(true);
    const many = await alice.from('points').delete().like('name', 'reserve %').select('id');
    expect(many.data).toEqual([]);
    for (const r of rows) expect(await exists(r.id)).toBe(true);
    const bulk = await alice.rpc('bulk_delete_points', { p_rows: { ids: [rows[1].id], versions: [rows[1].updated_at] } });
    expect(bulk.error?.code).toBe('42501');
    expect(await exists(rows[1].id)).toBe(true);

    expect((await admin.from('points').delete().eq('id', rows[0].id)).error).toBeNull();
    expect(await exists(rows[0].id)).toBe(false);
    const adminBulk = await admin.rpc('bulk_delete_points', { p_rows: { ids: [rows[1].id], versions: [rows[1].updated_at] } });
    expect(adminBulk.error).toBeNull();
    expect(await exists(rows[1].id)).toBe(false);
    // Without a user (the server's own maintenance), nothing is refused.
    await w.db.admin.query('delete from public.points where id = $1', [rows[2].id]);
    expect(await exists(rows[2].id)).toBe(false);
  });

  it('back to membres: the member deletes again', async () => {
    await setMode('admins');
    const [a] = await newPoints('retour');
    expect((await alice.from('points').delete().eq('id', a.id).select('id')).data).toEqual([]);
    expect(await exists(a.id)).toBe(true);
    await setMode('membres');
    expect((await alice.from('points').delete().eq('id', a.id)).error).toBeNull();
    expect(await exists(a.id)).toBe(false);
  });

  it('only membres or admins, written by an admin only', async () => {
    await setMode(null);
    await expect(w.db.admin.query("insert into public.app_settings (key, value) values ('point_delete', 'tous')")).rejects.toMatchObject({ code: '23514' });
    const byMember = await alice.from('app_settings').insert({ key: 'point_delete', value: 'membres' });
    expect(byMember.error?.code).toBe('42501');
    const byAdmin = await admin.from('app_settings').insert({ key: 'point_delete', value: 'admins' }).select('value').single();
    expect(byAdmin.error).toBeNull();
    expect(byAdmin.data).toEqual({ value: 'admins' });
    await setMode(null);
  });
});
