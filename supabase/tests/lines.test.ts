// public.lines (20261124090000_lines.sql): the upgrade of a database made by the earlier migrations with
// data in it (one line named from the settings, the line_image setting moved, every row on it, writes naming no line
// still working, nothing audited by the backfill), row-level security on lines, archived lines refused, the point
// index, tombstones, search and nearby reports per line, the default line, the audit of lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR, migrate } from '../../server/db/migrate';
import type { Database } from '../../server/db/types';
import { pointIndexBinAs } from '../../test/fixtures/pointIndex/readAsMember';
import { uuidAt } from '../../src/core/pointIndex/ids';
import type { PointIndexAnswer } from '../../src/core/pointIndex/decodeBinary';
import { asUser, createUserWithProfile, freshDatabase, makeWorld, testKind, tryAs, type World } from './fixtures';

const LINES_VERSION = '20261124090000';
const idsOf = (a: PointIndexAnswer) => a.pages.flatMap((p) => Array.from({ length: p.count }, (_, i) => uuidAt(p.idBytes, i))).sort();
const col = async <T = string>(db: Database, sql: string, params: unknown[] = []) =>
  (await db.admin.query<{ v: T }>(sql, params)).rows.map((r) => r.v);

/** A database made by the migrations before the lines one (today's schema). */
async function databaseBeforeLines(): Promise<Database> {
  const dir = mkdtempSync(join(tmpdir(), 'before-lines-'));
  try {
    for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < LINES_VERSION)) copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
    return await freshDatabase(testKind(), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`upgrade to lines (${testKind()})`, () => {
  let db: Database;
  let user: string;
  const image = { url: 'https://example.org/storage/v1/object/public/line_images/line/abc.png', width: 8000, height: 900 };
  beforeAll(async () => {
    db = await databaseBeforeLines();
    expect(await col(db, "select count(*)::int as v from information_schema.tables where table_schema = 'public' and table_name = 'lines'")).toEqual([0]);
    user = await createUserWithProfile(db, 'alice@example.org', 'user');
    await db.admin.exec(`
      insert into public.app_settings (key, value) values ('line_image', '${JSON.stringify(image)}'), ('line_name', 'Paris – Lyon');
      insert into public.zones (name, track, points) values ('Z', 'voie_1', '[{"x":0,"y":0},{"x":100,"y":0},{"x":100,"y":100}]');
      insert into public.kilometer_markers ("position", value) values (0, 10), (1000, 20);
      insert into public.points (name, "position", km_value) select 'P' || i, jsonb_build_object('x', i, 'y', 5), 10 + i / 100.0 from generate_series(1, 30) i;
      delete from public.points where name = 'P30';`);
  }, 300_000); // builds a database from the earlier migrations
  afterAll(async () => { await db?.close(); });

  it('creates one line named from the settings, moves the image into it and puts every row on it', async () => {
    const auditBefore = await col<number>(db, 'select count(*)::int as v from public.audit_log');
    const res = await migrate(db);
    expect(res.applied).toContain(`${LINES_VERSION}_lines.sql`);
    const lines = (await db.admin.query<{ id: string; code: string; name: string; image: unknown; archived: boolean }>('select id, code, name, image, archived from public.lines')).rows;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ code: 'L1', name: 'Paris – Lyon', image, archived: false });
    expect(await col(db, "select value as v from public.app_settings where key = 'line_image'")).toEqual([]);
    for (const t of ['points', 'zones', 'kilometer_markers', 'point_tombstones']) {
      expect(await col(db, `select distinct line_id::text as v from public.${t}`), t).toEqual([lines[0].id]);
    }
    expect(await col<number>(db, 'select count(*)::int as v from public.points')).toEqual([29]);
    // The backfill wrote no history (only the move of the setting: one delete of app_settings, one line inserted).
    const added = (await db.admin.query<{ table_name: string; action: string }>('select table_name, action from public.audit_log order by id offset $1', [auditBefore[0]])).rows;
    expect(added.sort((a, b) => a.table_name.localeCompare(b.table_name))).toEqual([{ table_name: 'app_settings', action: 'delete' }, { table_name: 'lines', action: 'insert' }]);
  });

  it('keeps working for a client that names no line: a member reports, reads the index, searches', async () => {
    const line = (await col(db, 'select id::text as v from public.lines'))[0];
    const ins = await asUser<{ line_id: string }>(db, user, `insert into public.points (name, "position") values ('Nouveau', '{"x":1,"y":2}') returning line_id`);
    expect(ins[0].line_id).toBe(line);
    expect((await pointIndexBinAs(db, user)).pages[0].count).toBe(30);
    const hits = await asUser<{ name: string; line_code: string; line_name: string }>(db, user, "select * from public.search_points('nouveau')");
    expect(hits).toMatchObject([{ name: 'Nouveau', line_code: 'L1', line_name: 'Paris – Lyon' }]);
  });
});

describe(`upgrade without a line setting (${testKind()})`, () => {
  it("names the line 'Ligne principale', drops an unreadable image setting (the app showed its bundled image); a line is created when none is left", async () => {
    const db = await databaseBeforeLines();
    try {
      await db.admin.exec("insert into public.app_settings (key, value) values ('line_image', 'not json')");
      await migrate(db);
      const rows = (await db.admin.query<{ name: string; image: unknown }>('select name, image from public.lines')).rows;
      expect(rows).toEqual([{ name: 'Ligne principale', image: null }]);
      expect(await col(db, "select key as v from public.app_settings where key = 'line_image'")).toEqual([]);
      // With no line left, a write naming none creates the default line.
      await db.admin.exec('delete from public.lines');
      const [id] = await col(db, 'insert into public.kilometer_markers ("position", value) values (1, 1) returning line_id::text as v');
      expect(await col(db, 'select id::text as v from public.lines')).toEqual([id]);
    } finally { await db.close(); }
  }, 300_000); // builds its own database
});

describe(`lines (${testKind()})`, () => {
  let w: World;
  let main: string; let second: string; let archived: string;
  beforeAll(async () => {
    w = await makeWorld();
    main = (await col(w.db, 'select id::text as v from public.lines'))[0];
    [second] = await col(w.db, "insert into public.lines (code, name, sort) values ('L2', 'Ligne B', 1) returning id::text as v");
    [archived] = await col(w.db, "insert into public.lines (code, name, sort, archived) values ('L9', 'Ancienne', 2, true) returning id::text as v");
  }, 300_000);
  afterAll(async () => { await w?.db.close(); });

  const readLines = (who: string | null) => tryAs(w.db, who, async (tx) => (await tx.query<{ code: string }>('select code from public.lines order by sort')).rows.map((r) => r.code));

  it('row-level security: members read the lines that are not archived, admins all; anon and deactivated nothing', async () => {
    expect(await readLines(w.userA)).toEqual({ ok: true, value: ['L1', 'L2'] });
    expect(await readLines(w.admin)).toEqual({ ok: true, value: ['L1', 'L2', 'L9'] });
    expect(await readLines(w.inactive)).toEqual({ ok: true, value: [] });
    expect(await readLines(w.noProfile)).toEqual({ ok: true, value: [] });
    expect((await readLines(null)).ok).toBe(false);
  });

  it('row-level security: only admins create, change and delete lines', async () => {
    const ins = await tryAs(w.db, w.userA, (tx) => tx.query("insert into public.lines (code, name) values ('X', 'X')"));
    expect(ins.ok).toBe(false);
    if (!ins.ok) expect(ins.error.code).toBe('42501');
    const upd = await tryAs(w.db, w.userA, async (tx) => (await tx.query('update public.lines set name = $2 where id = $1 returning id', [second, 'Piratée'])).rows.length);
    expect(upd).toEqual({ ok: true, value: 0 });
    const del = await tryAs(w.db, w.userA, async (tx) => (await tx.query('delete from public.lines where id = $1 returning id', [second])).rows.length);
    expect(del).toEqual({ ok: true, value: 0 });
    const adm = await tryAs(w.db, w.admin, async (tx) => (await tx.query("insert into public.lines (code, name, image) values ('L3', 'Ligne C', '{\"url\":\"/c.png\",\"width\":10,\"height\":5,\"tiles\":{\"base\":\"/c-tiles\",\"levels\":3,\"size\":512,\"format\":\"png\"},\"source\":\"scan\"}') returning image")).rows[0]);
    expect(adm).toEqual({ ok: true, value: { image: { url: '/c.png', width: 10, height: 5, tiles: { base: '/c-tiles', levels: 3, size: 512, format: 'png' }, source: 'scan' } } });
  });

  it('refuses an image that is not {url http(s) or /path, width > 0, height > 0} and a duplicate code', async () => {
    for (const bad of ['{"url":"javascript:alert(1)","width":1,"height":1}', '{"url":"/a.png","width":0,"height":1}', '{"url":"/a.png"}', '"x"']) {
      const r = await tryAs(w.db, w.admin, (tx) => tx.query("insert into public.lines (code, name, image) values ('LX', 'X', $1::jsonb)", [bad]));
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('23514');
    }
    const dup = await tryAs(w.db, w.admin, (tx) => tx.query("insert into public.lines (code, name) values ('L2', 'Doublon')"));
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error.code).toBe('23505');
  });

  it('refuses a point, zone or marker on an archived line, in French (23514, hint line_archived); deletes pass', async () => {
    const point = await tryAs(w.db, w.userA, (tx) => tx.query(`insert into public.points (name, "position", line_id) values ('X', '{"x":1,"y":1}', $1)`, [archived]));
    expect(point.ok).toBe(false);
    if (!point.ok) {
      expect(point.error.code).toBe('23514');
      expect(point.error.message).toContain('La ligne « Ancienne » (L9) est archivée');
    }
    const zone = await tryAs(w.db, w.admin, (tx) => tx.query(`insert into public.zones (name, points, line_id) values ('Z', '[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1}]', $1)`, [archived]));
    expect(zone.ok).toBe(false);
    const marker = await tryAs(w.db, w.admin, (tx) => tx.query('insert into public.kilometer_markers ("position", value, line_id) values (5, 1, $1)', [archived]));
    expect(marker.ok).toBe(false);
    const move = await tryAs(w.db, w.userA, (tx) => tx.query('update public.points set line_id = $2 where id = $1', [w.point, archived]));
    expect(move.ok).toBe(false);
    if (!move.ok) expect(move.error.code).toBe('23514');
    // A point already on a line that gets archived: no more edits through the API, deletion allowed.
    const [onIt] = await col(w.db, `insert into public.points (name, "position", line_id) values ('Vieux', '{"x":1,"y":1}', $1) returning id::text as v`, [second]);
    await w.db.admin.query('update public.lines set archived = true where id = $1', [second]);
    try {
      const edit = await tryAs(w.db, w.admin, (tx) => tx.query("update public.points set name = 'Renommé' where id = $1", [onIt]));
      expect(edit.ok).toBe(false);
      const del = await tryAs(w.db, w.admin, async (tx) => (await tx.query('delete from public.points where id = $1 returning id', [onIt])).rows.length);
      expect(del).toEqual({ ok: true, value: 1 });
    } finally {
      await w.db.admin.query('update public.lines set archived = false where id = $1', [second]);
      await w.db.admin.query('delete from public.points where id = $1', [onIt]);
    }
  });

  it('a write naming no line goes to the default line: the non-archived line with the lowest sort', async () => {
    const [id] = await col(w.db, `insert into public.points (name, "position") values ('Défaut', '{"x":1,"y":1}') returning line_id::text as v`);
    expect(id).toBe(main);
    await w.db.admin.query('update public.lines set sort = 5 where id = $1', [main]);
    try {
      const [z] = await col(w.db, `insert into public.zones (name, points) values ('Z2', '[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1}]') returning line_id::text as v`);
      expect(z).toBe(second);
    } finally {
      await w.db.admin.query('update public.lines set sort = 0 where id = $1', [main]);
      await w.db.admin.query("delete from public.zones where name = 'Z2'");
      await w.db.admin.query("delete from public.points where name = 'Défaut'");
    }
  });

  it('the point index, tombstones, search and nearby reports take the line into account', async () => {
    const onB = await col(w.db, `insert into public.points (name, "position", km_value, line_id) select 'Sur B ' || i, jsonb_build_object('x', i, 'y', 5), 12, $1 from generate_series(1, 5) i returning id::text as v`, [second]);
    const onA = await col(w.db, 'select id::text as v from public.points where line_id = $1', [main]);
    const index = (args: { line?: string | null; since?: string | null; from?: number | null; to?: number | null }) => pointIndexBinAs(w.db, w.userA, args);
    expect(idsOf(await index({ line: second }))).toEqual([...onB].sort());
    expect(idsOf(await index({ line: main }))).toEqual([...onA].sort());
    expect(idsOf(await index({}))).toEqual([...onA, ...onB].sort());
    expect(idsOf(await index({ line: second, from: 0, to: 1 }))).toEqual(idsOf(await index({ line: second })));
    const asOf = (await index({ line: second })).pages[0].asOf as string;
    await w.db.admin.query("update public.points set description = 'vu' where id = $1", [onB[0]]);
    await w.db.admin.query("update public.points set description = 'vu' where id = $1", [w.point]);
    expect(idsOf(await index({ line: second, since: asOf }))).toEqual([onB[0]]);

    await w.db.admin.query('delete from public.points where id = $1', [onB[4]]);
    const tomb = await asUser<{ id: string; line_id: string }>(w.db, w.userA, 'select id, line_id from public.point_tombstones where id = $1', [onB[4]]);
    expect(tomb).toEqual([{ id: onB[4], line_id: second }]);
    expect(await asUser(w.db, w.userA, 'select id from public.point_tombstones where line_id = $1 and id = $2', [main, onB[4]])).toEqual([]);

    const hits = await asUser<{ name: string; line_id: string; line_code: string; line_name: string }>(w.db, w.userA, "select * from public.search_points('sur b', 2)");
    expect(hits.map((h) => [h.line_id, h.line_code, h.line_name])).toEqual([[second, 'L2', 'Ligne B'], [second, 'L2', 'Ligne B']]);

    await w.db.admin.query(`insert into public.points (name, "position", km_value, line_id) values ('Sur A au même PK', '{"x":3,"y":5}', 12, $1)`, [main]);
    const nearB = await asUser<{ name: string }>(w.db, w.userA, 'select name from public.nearby_points(12, 3, 5, p_line_id => $1)', [second]);
    expect(nearB.map((n) => n.name).sort()).toEqual(['Sur B 1', 'Sur B 2', 'Sur B 3', 'Sur B 4']);
    const nearAll = await asUser<{ name: string }>(w.db, w.userA, 'select name from public.nearby_points(12, 3, 5)');
    expect(nearAll.map((n) => n.name)).toContain('Sur A au même PK');
  });

  it('members find no point of a line they cannot read (archived) in search', async () => {
    await w.db.admin.query(`insert into public.points (name, "position", line_id) values ('Caché quelque part', '{"x":1,"y":1}', $1)`, [main]);
    await w.db.admin.query('update public.lines set archived = true where id = $1', [main]);
    try {
      expect(await asUser(w.db, w.userA, "select name from public.search_points('caché quelque')")).toEqual([]);
      expect(await asUser(w.db, w.admin, "select name from public.search_points('caché quelque')")).toEqual([{ name: 'Caché quelque part' }]);
    } finally {
      await w.db.admin.query('update public.lines set archived = false where id = $1', [main]);
    }
  });

  it('records lines in the audit log, and a line holding points cannot be deleted (409 through the API)', async () => {
    const r = await tryAs(w.db, w.admin, async (tx) => {
      await tx.query("update public.lines set name = 'Ligne B bis', updated_at = updated_at where id = $1", [second]);
      return (await tx.query<{ action: string; changes: unknown }>("select action, changes from public.audit_log where table_name = 'lines' and row_id = $1 order by id desc limit 1", [second])).rows[0];
    });
    expect(r).toEqual({ ok: true, value: { action: 'update', changes: { name: { old: 'Ligne B', new: 'Ligne B bis' } } } });
    const del = await tryAs(w.db, w.admin, (tx) => tx.query('delete from public.lines where id = $1', [second]));
    expect(del.ok).toBe(false);
    if (!del.ok) expect(del.error.code).toBe('23503');
  });
});
