// No silent overwrite, straight through the API: supabase-js against the embedded REST server on the migrated
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL). For each editable table an update stating the version
// it read passes and stamps a new one; a second update stating the old version is refused with HTTP 409 and
// SQLSTATE PT409 ('stale_version', detail = the current version), and the row keeps the first writer's change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient, bob: SupabaseClient;

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  alice = h.client(await h.userToken(w.userA, 'alice@example.org'));
  bob = h.client(await h.userToken(w.userB, 'bob@example.org'));
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

interface Case { table: string; key: string; id: () => string; first: SupabaseClient | (() => SupabaseClient); second: () => SupabaseClient; column: string; a: unknown; b: unknown }
const cases: Case[] = [
  { table: 'points', key: 'id', id: () => w.point, first: () => alice, second: () => bob, column: 'status', a: 'resolu', b: 'pris_en_charge' },
  { table: 'zones', key: 'id', id: () => w.zone, first: () => admin, second: () => admin, column: 'name', a: 'Zone A', b: 'Zone B' },
  { table: 'teams', key: 'id', id: () => w.team, first: () => admin, second: () => admin, column: 'description', a: 'nord', b: 'sud' },
  { table: 'criticality_levels', key: 'id', id: () => w.level, first: () => admin, second: () => admin, column: 'name', a: 'Faible 1', b: 'Faible 2' },
  { table: 'kilometer_markers', key: 'id', id: () => w.marker, first: () => admin, second: () => admin, column: 'value', a: 13, b: 14 },
  { table: 'app_settings', key: 'key', id: () => 'feedback_link', first: () => admin, second: () => admin, column: 'value', a: 'https://example.org/a', b: 'https://example.org/b' },
];

describe('a stale update is refused through the API (HTTP 409, PT409)', () => {
  for (const c of cases) {
    it(c.table, async () => {
      const first = typeof c.first === 'function' ? c.first() : c.first;
      const second = c.second();
      const read = await first.from(c.table).select('*').eq(c.key, c.id()).single();
      expect(read.error).toBeNull();
      const base = read.data!.updated_at as string;
      expect(typeof base).toBe('string');

      // Both read the same version; the first writer states it and wins, the database stamps a new version.
      const ok = await first.from(c.table).update({ [c.column]: c.a, updated_at: base }).eq(c.key, c.id()).select('*').single();
      expect(ok.error).toBeNull();
      expect(ok.data![c.column]).toEqual(c.a);
      expect(ok.data!.updated_at).not.toBe(base);

      // The second writer states the version it read, now stale: refused, nothing written.
      const stale = await second.from(c.table).update({ [c.column]: c.b, updated_at: base }).eq(c.key, c.id()).select('*').single();
      expect(stale.status).toBe(409);
      expect(stale.error).toMatchObject({ code: 'PT409', message: 'stale_version' });
      expect(new Date(JSON.parse(stale.error!.details)).getTime()).toBe(new Date(ok.data!.updated_at).getTime());
      const after = await first.from(c.table).select('*').eq(c.key, c.id()).single();
      expect(after.data![c.column]).toEqual(c.a);
      expect(after.data!.updated_at).toBe(ok.data!.updated_at);

      // Stating the current version passes again (the exact string as read: microseconds included).
      const again = await second.from(c.table).update({ [c.column]: c.b, updated_at: after.data!.updated_at }).eq(c.key, c.id()).select('*').single();
      expect(again.error).toBeNull();
      expect(again.data![c.column]).toEqual(c.b);
    });
  }

  it('an upsert stating a stale version is refused too (levels, markers and settings are saved by upsert)', async () => {
    const read = await admin.from('app_settings').select('*').eq('key', 'feedback_link').single();
    const base = read.data!.updated_at as string;
    const ok = await admin.from('app_settings').upsert({ key: 'feedback_link', value: 'https://example.org/c', updated_at: base }, { onConflict: 'key' }).select('*').single();
    expect(ok.error).toBeNull();
    const stale = await admin.from('app_settings').upsert({ key: 'feedback_link', value: 'https://example.org/d', updated_at: base }, { onConflict: 'key' }).select('*').single();
    expect(stale.status).toBe(409);
    expect(stale.error?.code).toBe('PT409');
  });

  it('an update of a row deleted meanwhile matches no row (PGRST116 with .single())', async () => {
    const ins = await alice.from('points').insert({ name: 'éphémère', description: 'x', position: { x: 1, y: 1 } }).select('*').single();
    expect(ins.error).toBeNull();
    const del = await bob.from('points').delete().eq('id', ins.data!.id);
    expect(del.error).toBeNull();
    const upd = await alice.from('points').update({ description: 'mon texte', updated_at: ins.data!.updated_at }).eq('id', ins.data!.id).select('*').single();
    expect(upd.error?.code).toBe('PGRST116');
  });
});
