// Archived lines through the API (real supabase-js and raw HTTP against the REST handler, on PGlite or PostgreSQL
// with TEST_DATABASE_URL): a member neither moves, changes nor deletes a point of an archived line, and reads none of
// its points, zones, markers, tombstones or records, through the tables or any function (nearby_points,
// point_index_bin, point_index_pages_bin, dashboard_stats); an admin reads everything and restores the line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startHarness, type Harness } from '../../test/server/restHarness';
import { makeWorld, type World } from './fixtures';
import { createPointIndexApi } from '../../workers/pointIndexApi';

let w: World;
let h: Harness;
let admin: SupabaseClient, alice: SupabaseClient;
let aliceToken: string;
let active: string, old: string;
let oldPoint: string, oldZone: string, oldMarker: string, oldRecord: string, goneId: string;

const ids = (rows: { id: string }[] | null) => (rows ?? []).map((r) => r.id);
const pointRow = async (id: string) =>
  (await w.db.admin.query<{ line_id: string; description: string; status: string }>('select line_id, description, status from public.points where id = $1', [id])).rows[0];

beforeAll(async () => {
  w = await makeWorld();
  h = await startHarness(w.db);
  admin = h.client(await h.userToken(w.admin, 'admin@example.org'));
  aliceToken = await h.userToken(w.userA, 'alice@example.org');
  alice = h.client(aliceToken);
  active = (await w.db.admin.query<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).rows[0].id;
  old = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name, sort) values ('L7', 'Ancienne ligne', 5) returning id")).rows[0].id;
  const one = async (sql: string, params: unknown[]) => (await w.db.admin.query<{ id: string }>(sql, params)).rows[0].id;
  oldPoint = await one(`insert into public.points (name, description, "position", km_value, team_id, line_id) values ('Rail cassé', 'avant', '{"x":5,"y":5}', 12.3, $2, $1) returning id`, [old, w.team]);
  goneId = await one(`insert into public.points (name, "position", km_value, line_id) values ('Supprimé', '{"x":6,"y":5}', 12.4, $1) returning id`, [old]);
  await w.db.admin.query('delete from public.points where id = $1', [goneId]);
  oldZone = await one(`insert into public.zones (name, track, points, line_id) values ('Gare', 'voie_1', '[{"x":0,"y":0},{"x":10,"y":0},{"x":10,"y":10}]', $1) returning id`, [old]);
  oldMarker = await one('insert into public.kilometer_markers ("position", value, line_id) values (5, 12, $1) returning id', [old]);
  oldRecord = await one('insert into public.inspections (line_id, inspector) values ($1, $2) returning id', [old, w.userA]);
  await w.db.admin.query('update public.lines set archived = true where id = $1', [old]);
}, 120_000);
afterAll(async () => { await h?.close(); await w?.db.close(); });

describe('archived lines', () => {
  it("a member's PATCH moving a point out of an archived line and rewriting it changes nothing", async () => {
    const before = await pointRow(oldPoint);
    const version = (await admin.from('points').select('updated_at').eq('id', oldPoint).single()).data!.updated_at as string;
    const res = await h.raw(`/points?id=eq.${oldPoint}`, {
      method: 'PATCH', token: aliceToken, headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ line_id: active, description: 'réécrit', status: 'resolu', updated_at: version }),
    });
    expect([res.status, await res.json()]).toEqual([200, []]);
    expect(await pointRow(oldPoint)).toEqual(before);
    // Through supabase-js, on the same line, and through the bulk change.
    const same = await alice.from('points').update({ description: 'réécrit', updated_at: version }).eq('id', oldPoint).select('id');
    expect(same.data ?? []).toEqual([]);
    const bulk = await alice.rpc('bulk_update_points', { p_changes: [{ set: { status: 'resolu' }, ids: [oldPoint], versions: [version] }] });
    expect(bulk.data).toMatchObject({ missing: [oldPoint], updated: [] });
    expect(await pointRow(oldPoint)).toEqual(before);
  });

  it("a member's DELETE of a point, and an update or delete of a record, of an archived line changes nothing", async () => {
    const del = await h.raw(`/points?id=eq.${oldPoint}`, { method: 'DELETE', token: aliceToken, headers: { Prefer: 'return=representation' } });
    expect([del.status, await del.json()]).toEqual([200, []]);
    expect(await pointRow(oldPoint)).toBeDefined();
    const rec = await alice.from('inspections').delete().eq('id', oldRecord).select('id');
    expect(rec.data ?? []).toEqual([]);
    expect((await w.db.admin.query('select 1 from public.inspections where id = $1', [oldRecord])).rows).toHaveLength(1);
  });

  it("a member reads nothing of an archived line: tables, nearby_points, point_index_bin, point_index_pages_bin, dashboard_stats", async () => {
    const table = async (c: SupabaseClient, t: string) => ids((await c.from(t).select('id').eq('line_id', old)).data as { id: string }[]);
    for (const [t, id] of [['points', oldPoint], ['zones', oldZone], ['kilometer_markers', oldMarker], ['point_tombstones', goneId], ['inspections', oldRecord]] as const) {
      expect([t, await table(alice, t)]).toEqual([t, []]);
      expect([t, await table(admin, t)]).toEqual([t, [id]]);
    }
    const near = (c: SupabaseClient) => c.rpc('nearby_points', { km: 12.3, x: 5, y: 5, p_line_id: old });
    expect((await near(alice)).data).toEqual([]);
    expect(ids((await near(admin)).data)).toEqual([oldPoint]);

    // The line's stored pages as bytes, read by the app's point-index API (workers/pointIndexApi.ts).
    const pages = async (token: string) => {
      const api = createPointIndexApi();
      api.configure(h.url, h.anonKey, token);
      const read = await api.fetchPages(old, 0, 256);
      return { total: read.total, points: read.pages.reduce((n, p) => n + p.count, 0) };
    };
    const adminToken = await h.userToken(w.admin, 'admin@example.org');
    expect(await pages(aliceToken)).toEqual({ total: 0, points: 0 });
    expect(await pages(adminToken)).toEqual({ total: 1, points: 1 });
    // The line's rows read from the table as bytes (a catch-up, here since the beginning), by the same API.
    const rows = async (token: string) => {
      const api = createPointIndexApi();
      api.configure(h.url, h.anonKey, token);
      const read = await api.fetchRows({ from: null, to: null, since: '1970-01-01T00:00:00Z', limit: 1000, lineId: old });
      return { split: read.split, total: read.total, points: read.pages.reduce((n, p) => n + p.count, 0) };
    };
    expect(await rows(aliceToken)).toEqual({ split: false, total: 0, points: 0 });
    expect(await rows(adminToken)).toEqual({ split: false, total: 1, points: 1 });
  });

  it('the dashboard leaves an archived line out for members, on that line and over every line', async () => {
    type Stats = { ages: { n: number }[]; teams: { team_id: string | null; open: number }[]; stretches: { line_id: string }[]; open_by_day: { open: number }[] };
    const stats = async (c: SupabaseClient, line: string | null) => {
      const r = await c.rpc('dashboard_stats', { p_line_id: line, p_days: 30 });
      expect(r.error).toBeNull();
      return r.data as Stats;
    };
    const open = (s: Stats) => s.ages.reduce((a, b) => a + b.n, 0);
    const teamOpen = (s: Stats) => s.teams.find((t) => t.team_id === w.team)?.open ?? 0;
    const lastDay = (s: Stats) => s.open_by_day.filter((_, i, a) => i >= a.length - 2).reduce((a, b) => a + b.open, 0);
    const memberOld = await stats(alice, old);
    expect([open(memberOld), memberOld.teams, memberOld.stretches, lastDay(memberOld)]).toEqual([0, [], [], 0]);
    const adminOld = await stats(admin, old);
    expect(open(adminOld)).toBe(1);
    expect(adminOld.stretches.map((s) => s.line_id)).toEqual([old]);

    const memberAll = await stats(alice, null);
    const adminAll = await stats(admin, null);
    expect(open(adminAll) - open(memberAll)).toBe(1);
    expect(teamOpen(adminAll) - teamOpen(memberAll)).toBe(1);
    expect(memberAll.stretches.map((s) => s.line_id)).not.toContain(old);
    expect(adminAll.stretches.map((s) => s.line_id)).toContain(old);
  });

  it('an admin reads all but moves nothing out through the API; restoring the line gives it back to members', async () => {
    const version = (await admin.from('points').select('updated_at').eq('id', oldPoint).single()).data!.updated_at as string;
    const move = await admin.from('points').update({ line_id: active, updated_at: version }).eq('id', oldPoint);
    expect(move.error?.code).toBe('23514');
    expect(move.error?.message).toContain('La ligne « Ancienne ligne » (L7) est archivée');
    expect((await pointRow(oldPoint)).line_id).toBe(old);

    const lineVersion = (await admin.from('lines').select('updated_at').eq('id', old).single()).data!.updated_at as string;
    const restore = await admin.from('lines').update({ archived: false, updated_at: lineVersion }).eq('id', old).select('archived').single();
    expect([restore.error, restore.data]).toEqual([null, { archived: false }]);
    try {
      expect(ids((await alice.from('points').select('id').eq('line_id', old)).data)).toEqual([oldPoint]);
      const edit = await alice.from('points').update({ description: 'après restauration', updated_at: version }).eq('id', oldPoint).select('description');
      expect(edit.data).toEqual([{ description: 'après restauration' }]);
    } finally {
      await w.db.admin.query('update public.lines set archived = true where id = $1', [old]);
    }
  });
});
