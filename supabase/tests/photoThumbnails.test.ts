// Where photos are listed (docs/product.md#photos), on the migrated database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): public.points_photos gives the constat photos of many points in each point's order with their
// drawn copies and thumbnails, to active members only, at most 1000 points a call; public.point_timeline lists each
// 'après' photo with its thumbnail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ctxFor, makeWorld, tryAs, type World } from './fixtures';

let w: World;
beforeAll(async () => { w = await makeWorld(); }, 180_000);
afterAll(async () => { await w?.db.close(); });

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows;
const newPoint = async () => (await rows<{ id: string }>(
  `insert into public.points (name, "position", created_by) values ('Rail fissuré', '{"x":1,"y":1}', $1) returning id`, [w.userA]))[0].id;
const setGallery = (user: string, point: string, photos: object[]) => w.db.asRequest(ctxFor(user), (tx) =>
  tx.query('select * from public.set_point_photos($1, $2::jsonb)', [point, JSON.stringify(photos)]));
type PhotoRow = { point_id: string; storage_path: string; drawn_path: string | null; thumb_path: string | null; position: number };

describe('points_photos', () => {
  it('gives each point\'s constat photos in order with drawn copy and thumbnail, never an après photo', async () => {
    const [p, q] = [await newPoint(), await newPoint()];
    await setGallery(w.userA, p, [
      { path: `points/${p}-b.jpg`, thumb_path: `points/${p}-b.t.jpg` },
      { path: `points/${p}-a.jpg`, drawn_path: `points/${p}-a.d.png`, thumb_path: `points/${p}-a.t.jpg` },
      { path: `points/${p}-c.gif` },
    ]);
    await setGallery(w.userB, q, [{ path: `points/${q}-x.jpg`, thumb_path: `points/${q}-x.t.jpg` }]);
    const ev = (await rows<{ id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'intervention', 'Éclisse posée', $2) returning id", [p, w.userA]))[0].id;
    await rows("insert into public.point_photos (point_id, event_id, storage_path, kind, created_by) values ($1, $2, $3, 'apres', $4)", [p, ev, `points/${p}-apres.jpg`, w.userA]);

    const got = await tryAs(w.db, w.userB, async (tx) => (await tx.query<PhotoRow>(
      'select point_id, storage_path, drawn_path, thumb_path, "position" from public.points_photos($1::uuid[])', [[p, q]])).rows);
    expect(got.ok && got.value.filter((r) => r.point_id === p).map((r) => [r.storage_path, r.drawn_path, r.thumb_path, r.position])).toEqual([
      [`points/${p}-b.jpg`, null, `points/${p}-b.t.jpg`, 0],
      [`points/${p}-a.jpg`, `points/${p}-a.d.png`, `points/${p}-a.t.jpg`, 1],
      [`points/${p}-c.gif`, null, null, 2],
    ]);
    expect(got.ok && got.value.filter((r) => r.point_id === q).map((r) => r.thumb_path)).toEqual([`points/${q}-x.t.jpg`]);

    // A deactivated member reads nothing; anonymous callers may not call it.
    const inactive = await tryAs(w.db, w.inactive, async (tx) => (await tx.query('select * from public.points_photos($1::uuid[])', [[p, q]])).rows.length);
    expect(inactive).toEqual({ ok: true, value: 0 });
    const anon = await tryAs(w.db, null, (tx) => tx.query('select * from public.points_photos($1::uuid[])', [[p]]));
    expect(anon.ok).toBe(false);
  });

  it('refuses more than 1000 points a call', async () => {
    const ids = Array.from({ length: 1001 }, () => crypto.randomUUID());
    const r = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.points_photos($1::uuid[])', [ids]));
    expect(r).toMatchObject({ ok: false, error: { code: '22023', message: 'Au plus 1000 signalements par demande de photos.' } });
    const thousand = await tryAs(w.db, w.userA, async (tx) => (await tx.query('select * from public.points_photos($1::uuid[])', [ids.slice(0, 1000)])).rows.length);
    expect(thousand).toEqual({ ok: true, value: 0 });
  });
});

describe('point_timeline', () => {
  it('lists an intervention\'s après photos with their drawn copy and thumbnail', async () => {
    const p = await newPoint();
    const ev = (await rows<{ id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'intervention', 'Éclisse posée', $2) returning id", [p, w.userA]))[0].id;
    await rows("insert into public.point_photos (point_id, event_id, storage_path, thumb_path, kind, created_by) values ($1, $2, $3, $4, 'apres', $5)",
      [p, ev, `points/${p}-apres.jpg`, `points/${p}-apres.t.jpg`, w.userA]);
    const got = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ photos: { storage_path: string; drawn_path: string | null; thumb_path: string | null }[] }>(
      "select photos from public.point_timeline($1) where source = 'event'", [p])).rows);
    expect(got.ok && got.value[0].photos.map((f) => [f.storage_path, f.drawn_path, f.thumb_path]))
      .toEqual([[`points/${p}-apres.jpg`, null, `points/${p}-apres.t.jpg`]]);
  });
});
