// Integrity: deletion refusals (team or criticality level used by points, default levels), constraints, the
// realtime queue that records changes of published tables, and migrate() being idempotent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { asUser, createUserWithProfile, freshDatabase, resetDatabase, testKind } from './fixtures';
import { migrate } from '../../server/db/migrate';

let db: Database;
let admin: string;
beforeAll(async () => { db = await freshDatabase(); });
beforeEach(async () => {
  await resetDatabase(db);
  admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
});
afterAll(async () => { await db?.close(); });

const addPoint = (teamId: string | null, criticality = 'attention') =>
  db.admin.query(`insert into public.points (name, description, "position", team_id, criticality) values ('P', 'd', '{"x":1,"y":1}', $1, $2)`, [teamId, criticality]);

describe(`deletion refusals (${testKind()})`, () => {
  it('refuses to delete a team used by points, allows it once unused', async () => {
    const team = (await asUser<{ id: string }>(db, admin, "insert into public.teams (name) values ('Équipe') returning id"))[0].id;
    await addPoint(team);
    await expect(asUser(db, admin, 'delete from public.teams where id = $1', [team])).rejects.toMatchObject({
      code: '23503', message: 'Impossible de supprimer cette équipe car elle est utilisée par des signalements' });
    await db.admin.query('update public.points set team_id = null');
    expect(await asUser(db, admin, 'delete from public.teams where id = $1 returning id', [team])).toHaveLength(1);
  });

  it('refuses to delete a level used by points, with the count', async () => {
    await asUser(db, admin, "insert into public.criticality_levels (id, name, color, icon, \"order\") values ('majeur', 'Majeur', '#7c3aed', 'Flame', 2)");
    await addPoint(null, 'majeur');
    await addPoint(null, 'majeur');
    await expect(asUser(db, admin, "delete from public.criticality_levels where id = 'majeur'")).rejects.toMatchObject({
      code: '23503', message: 'Impossible de supprimer ce niveau car il est utilisé par 2 signalement(s)' });
    await db.admin.query("delete from public.points");
    expect(await asUser(db, admin, "delete from public.criticality_levels where id = 'majeur' returning id")).toHaveLength(1);
  });

  it('never deletes a default level, even unused, nor strips its default flag', async () => {
    for (const id of ['attention', 'danger']) {
      await expect(asUser(db, admin, 'delete from public.criticality_levels where id = $1', [id])).rejects.toMatchObject({
        code: 'P0001', message: 'Impossible de supprimer un niveau par défaut' });
    }
    await expect(asUser(db, admin, "update public.criticality_levels set is_default = false, updated_at = updated_at where id = 'danger'")).rejects.toMatchObject({ code: 'P0001' });
    // renaming and recolouring stay possible
    expect(await asUser(db, admin, "update public.criticality_levels set name = 'Danger', color = '#dc2626', updated_at = updated_at where id = 'danger' returning id")).toHaveLength(1);
  });

  it('rejects invalid values with constraint errors', async () => {
    const bad = [
      `insert into public.points (name, "position", status) values ('P', '{"x":1,"y":1}', 'ouvert')`,
      `insert into public.points (name, "position", km_value) values ('P', '{"x":1,"y":1}', 1000)`,
      `insert into public.points (name, "position") values ('  ', '{"x":1,"y":1}')`,
      `insert into public.points (name, "position") values ('P', '{"x":"a"}')`,
      `insert into public.points (name, "position", criticality) values ('P', '{"x":1,"y":1}', 'inconnu')`,
      `insert into public.zones (name, points) values ('Z', '[{"x":0,"y":0},{"x":1,"y":1}]')`,
      `insert into public.zones (name, points, track) values ('Z', '[{"x":0,"y":0},{"x":1,"y":1},{"x":2,"y":0}]', 'voie_3')`,
      `insert into public.teams (name) values ('')`,
      `insert into public.criticality_levels (id, name, color) values ('x', 'X', 'red')`,
      `insert into public.app_settings (key, value) values ('feedback_link', 'javascript:alert(1)')`,
      `insert into public.app_settings (key, value) values ('site_url', 'data:text/html,x')`,
    ];
    for (const sql of bad) await expect(asUser(db, admin, sql), sql).rejects.toMatchObject({ code: expect.stringMatching(/^23/) });
    const p = await asUser<{ status: string; criticality: string }>(db, admin, `insert into public.points (name, "position") values ('P', '{"x":1,"y":1}') returning status, criticality`);
    expect(p[0]).toEqual({ status: 'signale', criticality: 'attention' });
    for (const value of ['', 'https://forms.example.org/avis?x=1']) {
      await asUser(db, admin, `insert into public.app_settings (key, value) values ('feedback_link', '${value}') on conflict (key) do update set value = excluded.value, updated_at = public.app_settings.updated_at`);
    }
  });
});

describe(`realtime change queue (${testKind()})`, () => {
  it('records inserts, updates and deletes of published tables and notifies their ids', async () => {
    const notified: string[] = [];
    const stop = await db.listen('realtime_changes', (id) => notified.push(id));
    const before = Number((await db.admin.query<{ m: number }>('select coalesce(max(id), 0)::int as m from realtime.changes')).rows[0].m);
    const id = (await asUser<{ id: string }>(db, admin, `insert into public.points (name, "position") values ('P', '{"x":1,"y":1}') returning id`))[0].id;
    await asUser(db, admin, "update public.points set status = 'resolu', updated_at = updated_at where id = $1", [id]);
    await asUser(db, admin, 'delete from public.points where id = $1', [id]);
    const rows = (await db.admin.query('select id, "table", type, record, old_record from realtime.changes where id > $1 and "table" = \'points\' order by id', [before])).rows;
    expect(rows.map((r) => r.type)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(rows[0].record).toMatchObject({ id, name: 'P', status: 'signale' });
    expect(rows[1].record).toMatchObject({ id, status: 'resolu' });
    expect(rows[2]).toMatchObject({ table: 'points', record: null, old_record: { id } });
    // Broadcast invalidations are queued in realtime.changes too (server/db/realtimeQueue.sql): keep the points' ids.
    const ids = new Set(rows.map((r) => Number(r.id)));
    for (let i = 0; i < 50 && notified.filter((n) => ids.has(Number(n))).length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(notified.map(Number).filter((n) => ids.has(n))).toEqual(rows.map((r) => Number(r.id)));
    await stop();
  });

  it('captures a many-row statement as one row per changed row, in order, with one notify', async () => {
    const notified: string[] = [];
    const stop = await db.listen('realtime_changes', (id) => notified.push(id));
    const before = Number((await db.admin.query<{ m: number }>('select coalesce(max(id), 0)::int as m from realtime.changes')).rows[0].m);
    const ids = (await asUser<{ id: string }>(db, admin,
      `insert into public.points (name, "position") select 'M' || i, '{"x":1,"y":1}' from generate_series(1, 3) i returning id`)).map((r) => r.id);
    await asUser(db, admin, "update public.points set status = 'resolu', name = name || '!', updated_at = updated_at where id = any ($1::uuid[])", [ids]);
    await asUser(db, admin, 'delete from public.points where id = any ($1::uuid[])', [ids]);
    const rows = (await db.admin.query<{ id: number; type: string; record: { id: string; name: string; status: string } | null; old_record: { id: string } }>(
      'select id, type, record, old_record from realtime.changes where id > $1 and "table" = \'points\' order by id', [before])).rows;
    expect(rows.map((r) => r.type)).toEqual(['INSERT', 'INSERT', 'INSERT', 'UPDATE', 'UPDATE', 'UPDATE', 'DELETE', 'DELETE', 'DELETE']);
    expect(new Set(rows.slice(0, 3).map((r) => r.record!.id))).toEqual(new Set(ids));
    for (const r of rows.slice(3, 6)) { // each new record paired with its own old key
      expect(r.old_record).toEqual({ id: r.record!.id });
      expect(r.record).toMatchObject({ status: 'resolu', name: expect.stringMatching(/^M\d!$/) });
    }
    expect(new Set(rows.slice(6).map((r) => r.old_record.id))).toEqual(new Set(ids));
    expect(rows.slice(6).every((r) => r.record === null)).toBe(true);
    // One notify per statement (the last id it queued); the feed reads everything up to it.
    const last = [rows[2], rows[5], rows[8]].map((r) => Number(r.id));
    // Waits for the three statements' notifies themselves: other tables' changes notify too, and may come first.
    for (let i = 0; i < 250 && !last.every((id) => notified.map(Number).includes(id)); i++) await new Promise((r) => setTimeout(r, 20));
    const mine = notified.map(Number).filter((n) => n > before && n <= last[2]);
    for (const id of last) expect(mine).toContain(id);
    expect(mine.filter((n) => rows.some((r) => Number(r.id) === n)).length).toBe(3);
    await stop();
  });
});

describe(`migrate (${testKind()})`, () => {
  it('applies nothing twice and keeps the data', async () => {
    await addPoint(null);
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.skipped).toBeGreaterThanOrEqual(4);
    const versions = (await db.admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')).rows;
    expect(versions.length).toBe(again.skipped);
    expect((await db.admin.query<{ n: number }>('select count(*)::int as n from public.points')).rows[0].n).toBe(1);
    const triggers = (await db.admin.query<{ n: number; tables: number; published: number; rowTriggers: number }>(
      `select count(*)::int as n, count(distinct tgrelid)::int as tables,
              (select count(*)::int from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime') as published,
              (select count(*)::int from pg_trigger where tgname = 'realtime_capture' and tgrelid <> 'realtime.messages'::regclass) as "rowTriggers"
       from pg_trigger where tgname in ('realtime_capture_insert', 'realtime_capture_update', 'realtime_capture_delete')`)).rows[0];
    expect(triggers.n).toBe(3 * triggers.tables); // three statement triggers per captured table, not duplicated
    expect(triggers.tables).toBeGreaterThanOrEqual(triggers.published); // every published table is captured
    expect(triggers.rowTriggers).toBe(0); // the former per-row capture is gone
  });
});
