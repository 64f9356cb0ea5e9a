// No overwrite without a version and versions the members cannot choose,
// through supabase-js against the embedded REST server on the migrated database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a member's update or upsert of an existing row that states no updated_at is refused with
// HTTP 428 (PT428 'base_version_required') and changes nothing, for every editable table; the service role and
// SQL keep working; a member's insert gets updated_at = now() whatever it stated.
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

interface Case { table: string; key: string; id: () => string; who: () => SupabaseClient; column: string; value: unknown; upsertRow: () => Record<string, unknown> }
const cases: Case[] = [
  { table: 'points', key: 'id', id: () => w.point, who: () => bob, column: 'name', value: 'écrasé', upsertRow: () => ({ id: w.point, name: 'écrasé', position: { x: 5, y: 5 } }) },
  { table: 'zones', key: 'id', id: () => w.zone, who: () => admin, column: 'name', value: 'écrasé', upsertRow: () => ({ id: w.zone, name: 'écrasé', points: [{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 9, y: 9 }] }) },
  { table: 'teams', key: 'id', id: () => w.team, who: () => admin, column: 'name', value: 'écrasé', upsertRow: () => ({ id: w.team, name: 'écrasé' }) },
  { table: 'criticality_levels', key: 'id', id: () => w.level, who: () => admin, column: 'name', value: 'écrasé', upsertRow: () => ({ id: w.level, name: 'écrasé', color: '#000000' }) },
  { table: 'kilometer_markers', key: 'id', id: () => w.marker, who: () => admin, column: 'value', value: 99, upsertRow: () => ({ id: w.marker, position: 600, value: 99 }) },
  { table: 'app_settings', key: 'key', id: () => 'feedback_link', who: () => admin, column: 'value', value: 'https://example.org/écrasé', upsertRow: () => ({ key: 'feedback_link', value: 'https://example.org/écrasé' }) },
];

async function snapshot(table: string, key: string, id: string): Promise<Record<string, unknown>> {
  const r = await w.db.admin.query<Record<string, unknown>>(`select * from public.${table} where ${key} = $1`, [id]);
  return r.rows[0];
}

describe('a member must state the base version (HTTP 428, PT428)', () => {
  for (const c of cases) {
    it(`${c.table}: update without updated_at refused, nothing written`, async () => {
      const before = await snapshot(c.table, c.key, c.id());
      const res = await c.who().from(c.table).update({ [c.column]: c.value }).eq(c.key, c.id()).select('*');
      expect(res.status).toBe(428);
      expect(res.error).toMatchObject({ code: 'PT428', message: 'base_version_required' });
      expect(await snapshot(c.table, c.key, c.id())).toEqual(before);
    });

    it(`${c.table}: upsert of an existing key without updated_at refused, nothing written`, async () => {
      const before = await snapshot(c.table, c.key, c.id());
      const res = await c.who().from(c.table).upsert(c.upsertRow(), { onConflict: c.key }).select('*');
      expect(res.status).toBe(428);
      expect(res.error?.code).toBe('PT428');
      expect(await snapshot(c.table, c.key, c.id())).toEqual(before);
    });

    it(`${c.table}: upsert stating the current version passes and stamps a new one`, async () => {
      const read = await c.who().from(c.table).select('*').eq(c.key, c.id()).single();
      const base = read.data!.updated_at as string;
      const res = await c.who().from(c.table).upsert({ ...c.upsertRow(), updated_at: base }, { onConflict: c.key }).select('*').single();
      expect(res.error).toBeNull();
      expect(res.data![c.column]).toEqual(c.value);
      expect(new Date(res.data!.updated_at).getTime()).toBeGreaterThan(new Date(base).getTime());
    });
  }

  it('the reproduction: a member upserting an existing point id replaces nothing', async () => {
    const ins = await alice.from('points').insert({ name: "libellé d'Alice", position: { x: 1, y: 1 } }).select('*').single();
    expect(ins.error).toBeNull();
    const res = await bob.from('points').upsert({ id: ins.data!.id, name: 'libellé de Bob', position: { x: 1, y: 1 } }).select('*');
    expect(res.status).toBe(428);
    const after = await alice.from('points').select('name').eq('id', ins.data!.id).single();
    expect(after.data!.name).toBe("libellé d'Alice");
  });

  it('the service role and SQL update without a version, stamped now()', async () => {
    const service = h.client(h.serviceKey);
    const before = await snapshot('teams', 'id', w.freeTeam);
    const res = await service.from('teams').update({ description: 'par le service' }).eq('id', w.freeTeam).select('*').single();
    expect(res.error).toBeNull();
    expect(new Date(res.data!.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at as string).getTime());
    await w.db.admin.query("update public.teams set description = 'par SQL' where id = $1", [w.freeTeam]);
    expect((await snapshot('teams', 'id', w.freeTeam)).description).toBe('par SQL');
  });

  it('a stale version is still refused with PT409 (the stated one is checked before the missing one)', async () => {
    const res = await bob.from('points').update({ name: 'x', updated_at: '2001-01-01T00:00:00Z' }).eq('id', w.point).select('*');
    expect(res.status).toBe(409);
    expect(res.error?.code).toBe('PT409');
  });
});

describe('updated_at is the server\'s on a member\'s insert', () => {
  for (const stated of ['2000-01-01T00:00:00Z', '2999-01-01T00:00:00Z']) {
    it(`a point inserted with updated_at ${stated.slice(0, 4)} gets now()`, async () => {
      const t0 = Date.now();
      const res = await alice.from('points').insert({ name: 'daté', position: { x: 2, y: 2 }, updated_at: stated }).select('*').single();
      expect(res.error).toBeNull();
      const at = new Date(res.data!.updated_at).getTime();
      expect(Math.abs(at - t0)).toBeLessThan(60_000);
      expect(res.data!.updated_at).toBe(res.data!.created_at);
    });
  }

  it('a new team upserted by an admin with a stated updated_at gets now() too', async () => {
    const res = await admin.from('teams').upsert({ id: crypto.randomUUID(), name: 'Nouvelle', updated_at: '2000-01-01T00:00:00Z' }).select('*').single();
    expect(res.error).toBeNull();
    expect(res.data!.updated_at).toBe(res.data!.created_at);
  });
});
