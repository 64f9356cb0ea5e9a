// Line positions (20261204120000_line_positions.sql): track axes and PK anchors under the markers' rules (admins
// write, members read the lines they may read, deactivated members nothing), shape checks, row versions, archived
// lines refused, audit, the import function, and the points' gnss columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, makeWorld, testKind, tryAs, type World } from './fixtures';

const AXIS = '[[2.35, 48.85], [2.36, 48.85], [2.37, 48.851]]';
let w: World;
let line: string;
let archived: string;
let axis: string;
let anchor: string;

const rowsOf = async <T>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows;

beforeAll(async () => {
  w = await makeWorld();
  line = (await rowsOf<{ id: string }>('select id from public.lines order by sort limit 1'))[0].id;
  archived = (await rowsOf<{ id: string }>("insert into public.lines (code, name) values ('LA', 'Ancienne') returning id"))[0].id;
  axis = (await asUser<{ id: string }>(w.db, w.admin, `insert into public.line_axes (line_id, track, coordinates) values ($1, 'voie_1', $2) returning id`, [line, AXIS]))[0].id;
  anchor = (await asUser<{ id: string }>(w.db, w.admin, `insert into public.line_anchors (line_id, track, pk, lat, lon) values ($1, 'voie_1', 17.4, 48.85, 2.35) returning id`, [line]))[0].id;
  await w.db.admin.query(`insert into public.line_axes (line_id, track, coordinates) values ($1, 'voie_1', $2)`, [archived, AXIS]);
  await w.db.admin.query('update public.lines set archived = true where id = $1', [archived]);
}, 300_000);
afterAll(async () => { await w?.db.close(); });

describe(`line axes and anchors (${testKind()})`, () => {
  it('lets members read the axes and anchors of the lines they may read, not of archived lines', async () => {
    const axes = await asUser<{ line_id: string }>(w.db, w.userA, 'select line_id from public.line_axes');
    expect(axes.map((a) => a.line_id)).toEqual([line]);
    expect(await asUser(w.db, w.userA, 'select id from public.line_anchors')).toEqual([{ id: anchor }]);
    expect(await asUser(w.db, w.admin, 'select count(*)::int as n from public.line_axes')).toEqual([{ n: 2 }]);
    expect(await asUser(w.db, w.inactive, 'select id from public.line_axes')).toEqual([]);
    expect(await asUser(w.db, null, 'select id from public.line_anchors').catch((e: { code: string }) => e.code)).toBe('42501');
  });

  it('refuses writes of members; admins write with a stated version', async () => {
    for (const sql of [
      `insert into public.line_anchors (line_id, track, pk, lat, lon) values ('${line}', 'voie_1', 18, 48.85, 2.36)`,
      `update public.line_axes set band_y_min = 1, band_y_max = 2, updated_at = updated_at where id = '${axis}' returning id`,
      `delete from public.line_anchors where id = '${anchor}' returning id`,
    ]) {
      const r = await tryAs(w.db, w.userA, async (tx) => (await tx.query(sql)).rows);
      expect(r.ok ? r.value : r.error.code, sql).toSatisfy((v: unknown) => v === '42501' || (Array.isArray(v) && v.length === 0));
    }
    const upd = await tryAs(w.db, w.admin, async (tx) => (await tx.query(`update public.line_axes set band_y_min = 100, band_y_max = 180, updated_at = updated_at where id = $1 returning band_y_min`, [axis])).rows);
    expect(upd).toEqual({ ok: true, value: [{ band_y_min: '100' }] });
    const stale = await tryAs(w.db, w.admin, (tx) => tx.query(`update public.line_axes set band_y_min = 1, band_y_max = 2 where id = $1`, [axis]));
    expect(!stale.ok && stale.error.code).toBe('PT428');
  });

  it('checks the shapes: coordinates, tracks, PK, latitude, bands; one axis per track', async () => {
    const bad = [
      `insert into public.line_axes (line_id, track, coordinates) values ('${line}', 'voie_2', '[[2.35, 48.85]]')`,
      `insert into public.line_axes (line_id, track, coordinates) values ('${line}', 'voie_2', '[[2.35, 48.85], [200, 48.85]]')`,
      `insert into public.line_axes (line_id, track, coordinates) values ('${line}', 'voie_2', '{"a": 1}')`,
      `insert into public.line_axes (line_id, track, coordinates) values ('${line}', 'voie_3', '${AXIS}')`,
      `insert into public.line_axes (line_id, track, coordinates, band_y_min, band_y_max) values ('${line}', 'voie_2', '${AXIS}', 200, 100)`,
      `insert into public.line_anchors (line_id, track, pk, lat, lon) values ('${line}', 'voie_1', -1, 48.85, 2.35)`,
      `insert into public.line_anchors (line_id, track, pk, lat, lon) values ('${line}', 'voie_1', 17, 91, 2.35)`,
      `insert into public.line_anchors (line_id, track, pk, lat, lon, source) values ('${line}', 'voie_1', 17, 48, 2.35, 'gps')`,
    ];
    for (const sql of bad) {
      const r = await tryAs(w.db, w.admin, (tx) => tx.query(sql));
      expect(r.ok ? 'accepted' : r.error.code, sql).toBe('23514');
    }
    const dup = await tryAs(w.db, w.admin, (tx) => tx.query(`insert into public.line_axes (line_id, track, coordinates) values ($1, 'voie_1', $2)`, [line, AXIS]));
    expect(!dup.ok && dup.error.code).toBe('23505');
  });

  it('refuses new rows on an archived line', async () => {
    const r = await tryAs(w.db, w.admin, (tx) => tx.query(`insert into public.line_anchors (line_id, track, pk, lat, lon) values ($1, 'voie_1', 1, 48.85, 2.35)`, [archived]));
    expect(!r.ok && r.error.code).toBe('23514');
  });

  it('audits the changes and stamps the author', async () => {
    const log = await rowsOf<{ table_name: string; action: string }>("select table_name, action from public.audit_log where table_name in ('line_axes', 'line_anchors') order by id");
    expect(log).toEqual(expect.arrayContaining([{ table_name: 'line_axes', action: 'insert' }, { table_name: 'line_anchors', action: 'insert' }]));
    expect(await rowsOf('select created_by from public.line_anchors where id = $1', [anchor])).toEqual([{ created_by: w.admin }]);
  });

  it('replaces a line’s axes and imported anchors in one call, keeping terrain anchors and bands', async () => {
    const terrain = await tryAs(w.db, w.admin, async (tx) => {
      await tx.query(`update public.line_axes set band_y_min = 100, band_y_max = 180, updated_at = updated_at where id = $1`, [axis]);
      await tx.query(`insert into public.line_anchors (line_id, track, pk, lat, lon, source, accuracy_m, fixes) values ($1, 'voie_1', 17.5, 48.85, 2.355, 'terrain', 4.5, 5)`, [line]);
      const res = (await tx.query<{ r: unknown }>('select public.replace_line_positions($1, $2, $3) as r', [line,
        JSON.stringify([{ track: 'voie_1', coordinates: [[2.3, 48.8], [2.31, 48.8]] }, { track: 'voie_2', coordinates: [[2.3, 48.8001], [2.31, 48.8001]] }]),
        JSON.stringify([{ track: 'voie_1', pk: 1, lat: 48.8, lon: 2.3 }, { track: 'voie_1', pk: 1.7, lat: 48.8, lon: 2.31 }])])).rows[0].r;
      const axes = (await tx.query('select track, coordinates, band_y_min from public.line_axes where line_id = $1 order by track', [line])).rows;
      const anchors = (await tx.query('select pk, source from public.line_anchors where line_id = $1 order by pk', [line])).rows;
      return { res, axes, anchors };
    });
    expect(terrain).toEqual({ ok: true, value: {
      res: { axes: 2, anchors: 2 },
      axes: [{ track: 'voie_1', coordinates: [[2.3, 48.8], [2.31, 48.8]], band_y_min: '100' }, { track: 'voie_2', coordinates: [[2.3, 48.8001], [2.31, 48.8001]], band_y_min: null }],
      anchors: [{ pk: '1.000', source: 'import' }, { pk: '1.700', source: 'import' }, { pk: '17.500', source: 'terrain' }],
    } });
    const member = await tryAs(w.db, w.userA, (tx) => tx.query("select public.replace_line_positions($1, '[]', '[]')", [line]));
    expect(!member.ok && member.error.code).toBe('42501');
  });
});

describe(`points' gnss columns (${testKind()})`, () => {
  it('keeps the fix a point was reported from, never requires it, and checks it', async () => {
    const ok = await tryAs(w.db, w.userA, async (tx) => (await tx.query<{ gnss_lat: number; gnss_fixes: number }>(
      `insert into public.points (name, "position", line_id, gnss_lat, gnss_lon, gnss_accuracy_m, gnss_fixes) values ('Ici', '{"x":1,"y":2}', $1, 48.85, 2.35, 7.5, 5) returning gnss_lat, gnss_fixes`, [line])).rows);
    expect(ok).toEqual({ ok: true, value: [{ gnss_lat: 48.85, gnss_fixes: 5 }] });
    const cases = [['gnss_lat, gnss_lon', '95, 2'], ['gnss_lat', '48'], ['gnss_lat, gnss_lon, gnss_accuracy_m', '48, 2, -1'], ['gnss_accuracy_m', '5'], ['gnss_lat, gnss_lon, gnss_fixes', '48, 2, 0']];
    for (const [cols, values] of cases) {
      const r = await tryAs(w.db, w.userA, (tx) => tx.query(`insert into public.points (name, "position", ${cols}) values ('X', '{"x":1,"y":2}', ${values})`));
      expect(r.ok ? 'accepted' : r.error.code, cols).toBe('23514');
    }
  });
});

describe(`the accuracy threshold setting (${testKind()})`, () => {
  const put = (value: string) => asUser(w.db, w.admin,
    `insert into public.app_settings (key, value) values ('position_max_accuracy_m', $1)
     on conflict (key) do update set value = excluded.value, updated_at = public.app_settings.updated_at returning value`, [value]);
  it('holds a whole number of metres from 5 to 500, whoever writes it', async () => {
    for (const v of ['5', '50', '500']) expect(await put(v)).toEqual([{ value: v }]);
    for (const v of ['4', '501', '', '12.5', '-10', 'abc', '0050', '1e2']) {
      await expect(put(v), v).rejects.toMatchObject({ code: '23514' });
    }
    await expect(w.db.admin.query("update public.app_settings set value = '1000' where key = 'position_max_accuracy_m'")).rejects.toMatchObject({ code: '23514' });
  });
});
