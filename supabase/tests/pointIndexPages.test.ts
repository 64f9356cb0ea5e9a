// public.point_index_pages_bin(): the precomputed pages of a line, as bytes decoded by the app's decoder
// (src/core/pointIndex/decodeBinary.ts, run by workers/pointIndexApi.ts), stay exactly the line's points selected
// from the table after inserts, updates (line moves included) and deletes, read as a member under row-level security;
// anonymous, deactivated and profile-less callers get nothing; the statement triggers dirty only the touched pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBytea, tableRowsById } from '../../test/fixtures/pointIndex/readAsMember';
import { rowsById } from '../../test/fixtures/pointIndex/rowsById';
import { asUser, ctxFor, makeWorld, testKind, tryAs, type World } from './fixtures';

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

let w: World;
let line1: string;
let line2: string;
beforeAll(async () => {
  w = await makeWorld();
  line1 = (await w.db.admin.query<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).rows[0].id;
  line2 = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('L2', 'Ligne 2') returning id")).rows[0].id;
  await w.db.admin.query(
    `insert into public.points (name, "position", km_value, status, criticality, team_id, line_id)
     select 'P' || i, jsonb_build_object('x', i * 1.5, 'y', 200 + i), case when i % 7 = 0 then null else i / 10.0 end,
            (array['signale', 'pris_en_charge', 'resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end,
            case when i % 2 = 0 then $1::uuid end, case when i % 3 = 0 then $3::uuid else $2::uuid end
     from generate_series(1, 600) i`, [w.team, line1, line2]);
});
afterAll(async () => { await w?.db.close(); });

const truthAs = (user: string, line: string) => tableRowsById(w.db, user, line);
/** The bytes of point_index_pages_bin as member `user` (a Buffer from pg, a Uint8Array from PGlite), decoded. */
const binAs = async (user: string, line: string, from = 0, to = 256) => {
  const r = (await asUser<{ r: Uint8Array }>(w.db, user, 'select public.point_index_pages_bin($1, $2, $3) as r', [line, from, to]))[0].r;
  return decodeBytea(r);
};
const dirtyPages = async () => Number((await w.db.admin.query<{ n: number }>('select count(*)::int as n from private.point_index_pages where dirty')).rows[0].n);

/** The pages of both lines hold the lines' points of the table, both read by member A. */
async function expectExact() {
  for (const line of [line1, line2]) {
    const bin = await binAs(w.userA, line);
    const want = await truthAs(w.userA, line);
    expect(rowsById(bin.pages)).toEqual(want);
    expect(bin.total).toBe(Object.keys(want).length);
    for (const p of bin.pages) {
      expect(p.count).toBeGreaterThan(0);
      expect(p.asOf).toMatch(TIME);
    }
  }
  expect(await dirtyPages()).toBe(0);
}

describe(`point_index_pages_bin (${testKind()})`, () => {
  it('anonymous, deactivated and profile-less callers get nothing', async () => {
    for (const user of [null, w.inactive, w.noProfile]) {
      const r = await tryAs(w.db, user, (tx) => tx.query('select public.point_index_pages_bin($1)', [line1]));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('42501');
    }
    const table = await tryAs(w.db, w.userA, (tx) => tx.query('select * from private.point_index_pages'));
    expect(table.ok).toBe(false);
  });

  it('pages are exactly the line\'s points, split into ranges without overlap', async () => {
    await expectExact();
    const parts = [...(await binAs(w.userB, line1, 0, 100)).pages, ...(await binAs(w.userB, line1, 100, 256)).pages];
    expect(rowsById(parts)).toEqual(await truthAs(w.userB, line1));
  });

  it('stay exact after a member\'s inserts, and only the touched pages are rebuilt', async () => {
    await asUser(w.db, w.userA, `insert into public.points (name, "position", line_id) values ('Nouveau', '{"x":1,"y":2}', $1)`, [line2]);
    expect(await dirtyPages()).toBe(1);
    await asUser(w.db, w.userA, `insert into public.points (name, "position", line_id, team_id)
      select 'N' || i, jsonb_build_object('x', i, 'y', i), $1, $2 from generate_series(1, 40) i`, [line1, w.team]);
    await expectExact();
  });

  it('stay exact after updates of every indexed field and a move to another line', async () => {
    await w.db.admin.query(`update public.points set status = 'resolu', criticality = 'danger', team_id = null,
      "position" = jsonb_build_object('x', 9999, 'y', 1), km_value = 42.5 where name in ('P10', 'P11', 'P12')`);
    await expectExact();
    await w.db.admin.query("update public.points set line_id = $1 where name in ('P20', 'P21', 'P22', 'P23')", [line2]);
    await w.db.admin.query("update public.points set team_id = $1 where name like 'P3%'", [w.freeTeam]);
    await expectExact();
  });

  it('stay exact after deletes (one point, many, a whole page)', async () => {
    await w.db.admin.query("delete from public.points where name = 'P100'");
    await w.db.admin.query("delete from public.points where name like 'P5%'");
    const page = (await w.db.admin.query<{ b: number }>("select get_byte(uuid_send(id), 0) as b from public.points where name = 'P200'")).rows[0].b;
    await w.db.admin.query('delete from public.points where get_byte(uuid_send(id), 0) = $1', [page]);
    await expectExact();
  });

  it('the warm-up rebuilds dirty pages in steps', async () => {
    await w.db.admin.query("update public.points set name = name || '!' where name like 'N%'");
    const dirty = await dirtyPages();
    expect(dirty).toBeGreaterThan(2);
    const r = await w.db.admin.query<{ n: number }>('select private.refresh_point_index_pages(2) as n');
    expect(r.rows[0].n).toBe(2);
    expect(await dirtyPages()).toBe(dirty - 2);
    while ((await w.db.admin.query<{ n: number }>('select private.refresh_point_index_pages(50) as n')).rows[0].n > 0) { /* until clean */ }
    expect(await dirtyPages()).toBe(0);
    await expectExact();
  });

  it('a bulk load with triggers off (the demo seed) is made exact by invalidate_point_index_pages()', async () => {
    await w.db.admin.transaction(async (tx) => {
      await tx.query("select set_config('session_replication_role', 'replica', true)");
      await tx.query(`insert into public.points (name, "position", line_id, observed_at) select 'B' || i, jsonb_build_object('x', i, 'y', i), $1, now()
        from generate_series(1, 300) i`, [line2]);
    });
    expect(await dirtyPages()).toBe(0); // the triggers did not run: the pages are stale
    await w.db.admin.query('select private.invalidate_point_index_pages()');
    await expectExact();
  });

  // Two connections: PostgreSQL only (PGlite runs one transaction at a time).
  it.skipIf(testKind() !== 'postgres')('a write committing during a rebuild of its page leaves the page dirty, then exact', async () => {
    const page = (await w.db.admin.query<{ b: number }>("select get_byte(uuid_send(id), 0) as b from public.points where line_id = $1 limit 1", [line1])).rows[0].b;
    const id = `${page.toString(16).padStart(2, '0')}000000-0000-4000-8000-00000000abcd`;
    await w.db.admin.query("update public.points set name = name where line_id = $1 and get_byte(uuid_send(id), 0) = $2", [line1, page]);
    let release!: () => void;
    const gate = new Promise<void>((ok) => { release = ok; });
    let rebuilt!: () => void;
    const didRebuild = new Promise<void>((ok) => { rebuilt = ok; });
    // A reader rebuilds the page and keeps its transaction (and the page row lock) open.
    const reader = w.db.asRequest(ctxFor(w.userB), async (tx) => {
      await tx.query('select public.point_index_pages_bin($1, $2, $3)', [line1, page, page + 1]);
      rebuilt();
      await gate;
    });
    await didRebuild;
    // A writer inserts into that page: its statement trigger waits for the reader's lock.
    const writer = asUser(w.db, w.userA, `insert into public.points (id, name, "position", line_id) values ($1, 'Concurrent', '{"x":1,"y":1}', $2)`, [id, line1]);
    await new Promise((ok) => setTimeout(ok, 300));
    release();
    await reader;
    await writer;
    expect(Number((await w.db.admin.query<{ n: number }>('select count(*)::int as n from private.point_index_pages where line_id = $1 and page_no = $2 and dirty', [line1, page])).rows[0].n)).toBe(1);
    await expectExact();
    expect(id in rowsById((await binAs(w.userA, line1)).pages)).toBe(true);
  });

  it('points are readable by exactly the callers the function serves (change both together)', async () => {
    const r = await w.db.admin.query<{ cmd: string; permissive: string; qual: string }>(
      "select cmd, permissive, qual from pg_policies where schemaname = 'public' and tablename = 'points' and cmd in ('SELECT', 'ALL') order by cmd desc");
    // Active members, minus the lines hidden from them (private.point_index_pages_bin answers a hidden line as empty).
    expect(r.rows.map((p) => [p.cmd, p.permissive, p.qual.replace(/\s+/g, ' ')])).toEqual([
      ['SELECT', 'PERMISSIVE', '( SELECT private.is_active_member() AS is_active_member)'],
      ['ALL', 'RESTRICTIVE', '(line_id <> ALL (( SELECT private.hidden_line_ids() AS hidden_line_ids)::uuid[]))'],
    ]);
  });
});
