// Find and share through the real REST handler with supabase-js: search_points and nearby_points as RPCs (named and
// default arguments), anon refused; the export's keyset page reader and streaming exporter over real pages (more
// than one page, rows sharing one created_at), the CSV read back and the GeoJSON validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';
import { restPageReader, withCreatorEmails } from '../../src/core/export/source';
import { withPhotoUrls } from '../../src/core/export/photos';
import { runExport } from '../../src/core/export/run';
import { parseCsv, CSV_BOM } from '../../src/core/export/csv';
import { validateGeoJson } from '../../src/core/export/geojson';

let h: Harness;
let token = '';
let userId = '';
const N = 2345; // > 2 pages of 1000

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  userId = await createUserWithProfile(db, 'user@example.test', 'user');
  token = await h.userToken(userId, 'user@example.test');
  await db.admin.query(`insert into public.zones (name, track, points) values
    ('Voie 1', 'voie_1', '[{"x":0,"y":0},{"x":5000,"y":0},{"x":5000,"y":100},{"x":0,"y":100}]'),
    ('Voie 2', 'voie_2', '[{"x":0,"y":200},{"x":5000,"y":200},{"x":5000,"y":300},{"x":0,"y":300}]')`);
  // Half of the rows share one created_at: the keyset must break ties on id.
  await db.admin.query(`insert into public.points (name, description, km_value, kilometer, "position", status, created_at, ticket_number)
    select 'Point ' || g, 'desc ' || g, 10 + (g % 100) / 100.0, '', jsonb_build_object('x', g % 4000, 'y', case when g % 2 = 0 then 50 else 250 end),
      case when g % 5 = 0 then 'resolu' else 'signale' end,
      case when g % 2 = 0 then timestamptz '2026-05-01 10:00:00.123456+00' else timestamptz '2026-05-01 10:00:00+00' + (g || ' seconds')::interval end,
      'OT-' || (50000 + g)
    from generate_series(1, ${N}) g`);
  await db.admin.query(`insert into public.points (name, description, km_value, "position", created_by) values
    ('Éclisse', 'Rail cassé; voir "photo"' || chr(10) || 'ligne 2', 17.4, '{"x":100,"y":50}', $1)`, [userId]);
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('search and nearby RPCs through the REST API', () => {
  it('search_points with named arguments and its default; anon is refused', async () => {
    const c = h.client(token);
    const r = await c.rpc('search_points', { query: 'ECLISSE' });
    expect(r.error).toBeNull();
    expect((r.data as { name: string }[]).map((x) => x.name)).toEqual(['Éclisse']);
    const t = await c.rpc('search_points', { query: 'OT-51234', max_results: 5 });
    expect((t.data as { name: string }[]).map((x) => x.name)).toEqual(['Point 1234']);
    const anon = await h.client().rpc('search_points', { query: 'eclisse' });
    expect(anon.data ?? []).toEqual([]);
    expect(anon.error).not.toBeNull();
  });
  it('nearby_points lists same-track unresolved points only', async () => {
    const r = await h.client(token).rpc('nearby_points', { km: 17.4, x: 90, y: 60 });
    expect(r.error).toBeNull();
    expect((r.data as { name: string }[]).map((x) => x.name)).toEqual(['Éclisse']);
    const all = await h.client(token).rpc('nearby_points', { km: 10.5, x: 90, y: 60, max_results: 50 });
    const rows = all.data as { status: string; position: { y: number } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.status !== 'resolu' && p.position.y === 50)).toBe(true);
  });
});

describe('export over real pages', () => {
  const auth = () => ({ url: h.url, anonKey: h.anonKey, accessToken: token });
  const lookups = { levels: [{ id: 'attention', name: 'Attention sur ce risque' }], teams: [], emails: { } as Record<string, string>,
    zones: [{ id: 'z1', name: 'Voie 1', track: 'voie_1' as const, points: [{ x: 0, y: 0 }, { x: 5000, y: 0 }, { x: 5000, y: 100 }, { x: 0, y: 100 }] }] };

  it('CSV of every status: every row exactly once across pages, newest first, read back column by column', async () => {
    const chunks: string[] = [];
    const filter = { status: 'all' as const };
    // the creator's email comes from public.user_emails (a plain member reads no other profile)
    const fetchPage = withCreatorEmails(restPageReader(auth(), filter), auth(), lookups.emails);
    const res = await runExport({ format: 'csv', filter, lookups, image: null }, { fetchPage, write: (c) => { chunks.push(c); } });
    expect(res).toMatchObject({ rowsRead: N + 1, rowsWritten: N + 1, cancelled: false });
    const text = chunks.join('');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(N + 2);
    const names = rows.slice(1).map((r) => r[1]);
    expect(new Set(names).size).toBe(N + 1);
    expect(names[0]).toBe('Éclisse'); // created last
    const e = rows[1];
    expect(e[0]).toBe('17,40');
    expect(e[2]).toBe('Rail cassé; voir "photo"\nligne 2');
    expect(e[6]).toBe('Voie 1');
    expect(e[7]).toBe('Voie 1');
    expect(rows[0][10]).toBe('Constaté le'); // the observation time before 'Créé le'
    expect(e[10]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(e[12]).toBe('user@example.test');
    expect(rows[0].slice(13)).toEqual(['Assigné à', 'Échéance', 'Photos (URL)']);
    expect(e[13]).toBe(''); // nobody assigned
    expect(e[14]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/); // the level's delay gives every point a due time
    expect(rows.every((r) => r.length === 16)).toBe(true);
  });

  it('GeoJSON of the open points of one zone', async () => {
    const chunks: string[] = [];
    const filter = { status: 'tous' as const, zoneId: 'z1' };
    const res = await runExport({ format: 'geojson', filter, lookups, image: { url: '/line.png', width: 12000, height: 1500 } },
      { fetchPage: restPageReader(auth(), filter), write: (c) => { chunks.push(c); } });
    const doc = JSON.parse(chunks.join(''));
    expect(validateGeoJson(doc)).toEqual([]);
    // even g (y 50, in zone 1) and not resolved (g % 5 != 0), plus 'Éclisse'
    const expected = Array.from({ length: N }, (_, i) => i + 1).filter((g) => g % 2 === 0 && g % 5 !== 0).length + 1;
    expect(res.rowsWritten).toBe(expected);
    expect(doc.features).toHaveLength(expected);
    expect(doc.features.every((f: { properties: { statut: string; zones: string[] } }) => f.properties.statut !== 'resolu' && f.properties.zones[0] === 'Voie 1')).toBe(true);
  });

  it('lists every photo of a point (drawn copy when there is one) through points_photos, in order', async () => {
    const base = `${h.url}/storage/v1/object/public/poi_images/`;
    const id = (await h.db.admin.query<{ id: string }>(
      `insert into public.points (name, description, "position", image_url, created_by) values ('Trois photos', 'd', '{"x":10,"y":50}', $1, $2) returning id`,
      [`${base}points/exp-a.jpg`, userId])).rows[0].id;
    await h.db.admin.query(`insert into public.point_photos (point_id, storage_path, drawn_path, thumb_path, "position", created_by) values
      ($1, 'points/exp-a.jpg', null, 'points/exp-a.t.jpg', 0, $2), ($1, 'points/exp-b.jpg', 'points/exp-b.d.png', 'points/exp-b.t.jpg', 1, $2),
      ($1, 'points/exp-c.jpg', null, null, 2, $2)`, [id, userId]);
    const chunks: string[] = [];
    const filter = { status: 'all' as const };
    await runExport({ format: 'geojson', filter, lookups, image: null },
      { fetchPage: withPhotoUrls(restPageReader(auth(), filter), auth()), write: (c) => { chunks.push(c); } });
    const f = JSON.parse(chunks.join('')).features.find((x: { id: string }) => x.id === id);
    expect(f.properties.photo_url).toBe(`${base}points/exp-a.jpg`);
    expect(f.properties.photos).toEqual([`${base}points/exp-a.jpg`, `${base}points/exp-b.d.png`, `${base}points/exp-c.jpg`]);
    // Without a valid token the photos are not read: the export stops with the server's message.
    const rows = await restPageReader(auth(), filter)(null);
    await expect(withPhotoUrls(async () => rows, { ...auth(), accessToken: 'nope' })(null)).rejects.toThrow();
    await h.db.admin.query('delete from public.points where id = $1', [id]);
  });

  it('refuses without a valid token', async () => {
    await expect(restPageReader({ url: h.url, anonKey: h.anonKey, accessToken: 'nope' }, { status: 'all' })(null)).rejects.toThrow();
  });
});
