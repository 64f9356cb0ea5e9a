// The precomputed pages as bytes through the REST handler: the worker's read (workers/pointIndexPagesFetch,
// Accept: application/octet-stream → public.point_index_pages_bin) gives exactly the pages of the JSON RPC
// (public.point_index_pages through supabase-js); an anonymous caller is refused with PostgREST's error body; a
// function that is not an octet-stream handler answers 406 to that Accept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPagesBinary } from '../../workers/pointIndexPagesFetch';
import { decodePointIndexPages, type RawPointIndexPages } from '../../src/core/pointIndex/decode';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;
let userToken = '';
let lineId = '';

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  const userId = await createUserWithProfile(db, 'user@example.test', 'user');
  userToken = await h.userToken(userId, 'user@example.test');
  lineId = (await db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LB', 'Ligne B') returning id")).rows[0].id;
  await db.admin.query(
    `insert into public.points (name, "position", km_value, status, criticality, line_id)
     select 'P' || i, jsonb_build_object('x', i * 1.5, 'y', 200 + i), case when i % 7 = 0 then null else i / 10.0 end,
            (array['signale', 'pris_en_charge', 'resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end, $1
     from generate_series(1, 700) i`, [lineId]);
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('point_index_pages_bin through the REST API', () => {
  it('answers the same pages as the JSON RPC, as bytes', async () => {
    const bin = await fetchPagesBinary({ url: h.url, anonKey: h.anonKey, token: userToken }, lineId, 0, 256);
    const { data, error } = await h.client(userToken).rpc('point_index_pages', { p_line_id: lineId, p_page_from: 0, p_page_to: 256 });
    expect(error).toBeNull();
    const json = decodePointIndexPages(data as RawPointIndexPages);
    expect(bin.total).toBe(700);
    expect(json.total).toBe(700);
    expect(bin.pages.length).toBe(json.pages.length);
    bin.pages.forEach((p, i) => expect({ ...p, asOf: null }).toEqual({ ...json.pages[i], asOf: null }));
    const part = await fetchPagesBinary({ url: h.url, anonKey: h.anonKey, token: userToken }, lineId, 0, 100);
    expect(part.pages.reduce((n, p) => n + p.count, 0)).toBe(json.pages.slice(0, part.pages.length).reduce((n, p) => n + p.count, 0));
  });

  it('sends raw bytes with the octet-stream type, refuses anonymous callers and non-handler functions', async () => {
    const call = (fn: string, token: string, body: unknown) => fetch(`${h.url}/rest/v1/rpc/${fn}`, {
      method: 'POST', body: JSON.stringify(body),
      headers: { apikey: h.anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/octet-stream', 'Accept-Encoding': 'gzip' },
    });
    const ok = await call('point_index_pages_bin', userToken, { p_line_id: lineId });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/octet-stream');
    expect(ok.headers.get('content-encoding')).toBe('gzip'); // compressed like the JSON pages (server/http/compress)
    const bytes = new Uint8Array(await ok.arrayBuffer());
    const headerLength = new DataView(bytes.buffer).getInt32(0, false);
    expect(bytes.length).toBe(4 + headerLength + 700 * 48);
    await expect(fetchPagesBinary({ url: h.url, anonKey: h.anonKey, token: '' }, lineId, 0, 256)).rejects.toMatchObject({ code: '42501' });
    const notHandler = await call('point_index_pages', userToken, { p_line_id: lineId });
    expect(notHandler.status).toBe(406);
    expect((await notHandler.json()).code).toBe('PGRST107');
  });
});
