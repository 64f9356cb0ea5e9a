// The point index's bytes through the REST handler, read by the app's point-index API (workers/pointIndexApi.ts: the
// module the browser's worker runs, and the main thread where no worker starts): a line's precomputed pages
// (point_index_pages_bin), a cold load's index built from them and src/data/pointIndexSource.ts's full load of the line
// (the API through src/platform/workerHost.ts, here on this thread) hold exactly the line's points as the member
// selects them from the table; page ranges split without overlap; the catch-up (point_index_bin: rows changed since a
// time) gives exactly the rows changed, split past its limit into block ranges that partition the line; an anonymous
// caller is refused with PostgREST's error body; a function that is not an octet-stream handler answers 406 to that
// Accept; the JSON forms of the index are gone. On PGlite and on PostgreSQL (scripts/test.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPointIndexApi } from '../../workers/pointIndexApi';
import { fetchPointIndex } from '../../src/data/pointIndexSource';
import { setSupabaseConnection } from '../../src/data/client';
import { replaceSession } from '../../src/data/currentSession';
import { appendPage, createPointIndex } from '../../src/core/pointIndex/store';
import { filterSlots, indexStatusCounts } from '../../src/core/pointIndex/queries';
import { RESOLVED_CODE } from '../../src/core/pointIndex/types';
import { loadLine } from '../../test/fixtures/pointIndex/loadLine';
import { rowsById } from '../../test/fixtures/pointIndex/rowsById';
import { tableRowsById } from '../../test/fixtures/pointIndex/readAsMember';
import type { PointIndexPage } from '../../src/core/pointIndex/types';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

const POINTS = 700;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
let h: Harness;
let userId = '';
let userToken = '';
let lineId = '';

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  userId = await createUserWithProfile(db, 'user@example.test', 'user');
  userToken = await h.userToken(userId, 'user@example.test');
  const team = (await db.admin.query<{ id: string }>("insert into public.teams (name) values ('Équipe P') returning id")).rows[0].id;
  lineId = (await db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LB', 'Ligne B') returning id")).rows[0].id;
  await db.admin.query(
    `insert into public.points (name, "position", km_value, status, criticality, team_id, line_id)
     select 'P' || i, jsonb_build_object('x', i * 1.5, 'y', 200 + i), case when i % 7 = 0 then null else i / 10.0 end,
            (array['signale', 'pris_en_charge', 'resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end,
            case when i % 2 = 0 then $2::uuid end, $1
     from generate_series(1, ${POINTS}) i`, [lineId, team]);
}, 120_000);
afterAll(async () => { replaceSession(null); await h?.close(); await h?.db.close(); });

/** The API configured for the member. */
const memberApi = () => {
  const api = createPointIndexApi();
  api.configure(h.url, h.anonKey, userToken);
  return api;
};
/** The line's points (updated after `since`) selected from the table by the member. */
const truth = (since: string | null = null) => tableRowsById(h.db, userId, lineId, since);

describe('the point index\'s bytes read by the point-index API', () => {
  it('the pages hold exactly the line\'s points, each page the reading time', async () => {
    const api = memberApi();
    const want = await truth();
    expect(Object.keys(want)).toHaveLength(POINTS);
    const all = await api.fetchPages(lineId, 0, 256);
    expect(all.total).toBe(POINTS);
    expect(all.pages.length).toBeGreaterThan(200);
    expect(rowsById(all.pages)).toEqual(want);
    for (const p of all.pages) expect(p.asOf).toMatch(TIME);
    const parts = [...(await api.fetchPages(lineId, 0, 100)).pages, ...(await api.fetchPages(lineId, 100, 256)).pages];
    expect(rowsById(parts)).toEqual(want);
    expect((await api.fetchPages(lineId, 0, 100)).total).toBe(POINTS);
  });

  it('a cold load\'s build gives the whole index, its newest-first order and cluster columns', async () => {
    const api = memberApi();
    const first = await api.fetchPages(lineId, 0, 2);
    const seed = createPointIndex();
    first.pages.forEach((p) => appendPage(seed, p));
    const built = await api.buildLine(lineId, { ranges: [[2, 100], [100, 256]], concurrency: 2, total: first.total, seed }, null, 'tous');
    expect(built.index.count).toBe(POINTS);
    expect(rowsById([built.index])).toEqual(await truth());
    expect(built.order.length).toBe(POINTS);
    const created = Array.from(built.order, (s) => built.index.created[s]);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(built.asOf).toMatch(TIME);
    expect(built.cluster).toBeTruthy();
  });

  it('fetchPointIndex loads the line through the same API: first pages shown, then the built index', async () => {
    setSupabaseConnection(h.client(userToken), { supabaseUrl: h.url, supabaseAnonKey: h.anonKey, accessToken: async () => userToken });
    replaceSession('member');
    const want = await truth();
    const { result, shown, built } = await loadLine(lineId);
    expect(result.count).toBe(POINTS);
    expect(result.asOf).toMatch(TIME);
    expect(shown.length).toBeGreaterThan(0);
    for (const id of Object.keys(rowsById(shown))) expect(want[id]).toBeDefined();
    expect(rowsById([built.index])).toEqual(want);
    // The views of the filter shown come with the index, made over it and its order.
    const views = built.views!;
    expect(views.order).toBe(built.order);
    expect(views.counts).toEqual(indexStatusCounts(built.index));
    expect(Array.from(views.listSlots)).toEqual(Array.from(filterSlots(built.index, built.order, 'tous')));
    expect(views.listSlots.length).toBe(Array.from(built.order).filter((s) => built.index.status[s] !== RESOLVED_CODE).length);
    await expect(fetchPointIndex({ lineId, onPage: () => undefined })).rejects.toThrow(/builds its index/);
  });

  it('the catch-up reads exactly the rows changed since a time, as the table holds them, with its reading time', async () => {
    setSupabaseConnection(h.client(userToken), { supabaseUrl: h.url, supabaseAnonKey: h.anonKey, accessToken: async () => userToken });
    replaceSession('member');
    const changedIds = (await h.db.admin.query<{ id: string }>(`update public.points set status = 'resolu', "position" = jsonb_build_object('x', 1.25, 'y', 2.5)
      where id in (select id from public.points where line_id = $1 order by id limit 30) returning id`, [lineId])).rows.map((r) => r.id);
    // Just before the earliest of these changes (the cursor of a client that read everything before them).
    const before = (await h.db.admin.query<{ t: string }>(`select to_char((min(updated_at) - interval '1 microsecond') at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t from public.points where id = any($1::uuid[])`, [changedIds])).rows[0].t;
    const changed: PointIndexPage[] = [];
    const res = await fetchPointIndex({ lineId, since: before, onPage: (p) => changed.push(p) });
    const want = await truth(before);
    expect(Object.keys(want)).toHaveLength(30);
    expect(rowsById(changed)).toEqual(want);
    expect(Object.values(want).every((p) => p.status === 2 && p.x === 1.25 && p.y === 2.5)).toBe(true);
    expect(res.count).toBe(30);
    expect(res.asOf).toMatch(TIME);
    const none: PointIndexPage[] = [];
    const later = await fetchPointIndex({ lineId, since: res.asOf, onPage: (p) => none.push(p) });
    expect(later.count).toBe(0);
    expect(later.asOf).toMatch(TIME); // the reading time of an empty catch-up still moves the cursor
    expect(rowsById(none)).toEqual({});
  });

  it('a table read past its limit answers split, and its block ranges partition the line', async () => {
    const api = memberApi();
    const big = await api.fetchRows({ from: null, to: null, since: null, limit: 10, lineId });
    expect(big).toMatchObject({ split: true, total: 11, pages: [] });
    expect(big.blocks).toBeGreaterThan(0);
    const parts: PointIndexPage[] = [];
    for (let b = 0; b <= big.blocks; b++) {
      const a = await api.fetchRows({ from: b, to: b < big.blocks ? b + 1 : null, since: null, limit: 100_000, lineId });
      expect(a.split).toBe(false);
      parts.push(...a.pages);
    }
    expect(rowsById(parts)).toEqual(await truth());
    const anon = createPointIndexApi();
    anon.configure(h.url, h.anonKey, '');
    await expect(anon.fetchRows({ from: null, to: null, since: null, limit: 10, lineId })).rejects.toMatchObject({ code: '42501' });
  });

  it('sends raw bytes with the octet-stream type, refuses anonymous callers and non-handler functions', async () => {
    const call = (fn: string, token: string, body: unknown) => fetch(`${h.url}/rest/v1/rpc/${fn}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { apikey: h.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/octet-stream', 'Accept-Encoding': 'gzip' },
    });
    const ok = await call('point_index_pages_bin', userToken, { p_line_id: lineId });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/octet-stream');
    expect(ok.headers.get('content-encoding')).toBe('gzip'); // compressed like JSON answers (server/http/compress)
    const bytes = new Uint8Array(await ok.arrayBuffer());
    const headerLength = new DataView(bytes.buffer).getInt32(0, false);
    expect(bytes.length).toBe(4 + headerLength + POINTS * 48);
    const anon = createPointIndexApi();
    anon.configure(h.url, h.anonKey, '');
    await expect(anon.fetchPages(lineId, 0, 256)).rejects.toMatchObject({ code: '42501' });
    const notHandler = await call('dashboard_stats', userToken, { p_line_id: lineId, p_days: 30 });
    expect(notHandler.status).toBe(406);
    expect((await notHandler.json()).code).toBe('PGRST107');
    for (const fn of ['point_index_pages', 'point_index']) { // the JSON forms of the index are gone: one wire format
      const gone = await fetch(`${h.url}/rest/v1/rpc/${fn}`, {
        method: 'POST', body: JSON.stringify({ p_line_id: lineId }),
        headers: { apikey: h.anonKey, Authorization: `Bearer ${userToken}`, 'Content-Type': 'application/json' },
      });
      expect([fn, gone.status]).toEqual([fn, 404]);
    }
  });
});
