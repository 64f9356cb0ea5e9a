// A point's photo gallery in SQL (docs/product.md#photos) on the migrated database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): set_point_photos (order, captions, idempotent, the 8-photo limit), who changes a gallery,
// files queued for removal only once nothing points to them, and the migration of the single photos of an older
// database into galleries.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { createUserWithProfile, ctxFor, freshDatabase, makeWorld, tryAs, type World } from './fixtures';

const GALLERY_MIGRATION = '20261204170000_point_photos_gallery.sql';
const BASE = 'https://rail.example.org/storage/v1/object/public/poi_images/';

let w: World;
beforeAll(async () => { w = await makeWorld(); }, 180_000);
afterAll(async () => { await w?.db.close(); });

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows;
const newPoint = async (imageUrl: string | null = null) => (await rows<{ id: string }>(
  `insert into public.points (name, "position", image_url, created_by) values ('Rail fissuré', '{"x":1,"y":1}', $1, $2) returning id`,
  [imageUrl, w.userA]))[0].id;
const photo = (path: string, extra: Record<string, unknown> = {}) => ({ path, ...extra });
/** set_point_photos as a member, committed. */
const setAs = async (user: string, point: string, photos: object[]) => {
  let out: { storage_path: string; position: number; caption: string | null }[] = [];
  await w.db.asRequest(ctxFor(user), async (tx) => {
    out = (await tx.query<{ storage_path: string; position: number; caption: string | null }>(
      'select storage_path, "position", caption from public.set_point_photos($1, $2::jsonb)', [point, JSON.stringify(photos)])).rows;
  });
  return out;
};
const queued = async (prefix: string) => (await rows<{ name: string }>(
  'select name from private.storage_removals where name like $1 and done_at is null order by name', [`${prefix}%`])).map((r) => r.name);

describe('set_point_photos', () => {
  it('keeps the order and captions, is idempotent, keeps EXIF fields and refuses a ninth photo', async () => {
    const p = await newPoint();
    const list = [photo(`points/${p}-a.jpg`, { caption: 'Vue large', taken_at: '2026-11-30T08:15:00Z', gnss_lat: 48.85, gnss_lon: 2.35, width: 2048, height: 1536, bytes: 400000 }),
      photo(`points/${p}-b.jpg`), photo(`points/${p}-c.jpg`, { caption: '  ' })];
    const first = await setAs(w.userA, p, list);
    expect(first.map((r) => [r.storage_path, r.position, r.caption])).toEqual([
      [`points/${p}-a.jpg`, 0, 'Vue large'], [`points/${p}-b.jpg`, 1, null], [`points/${p}-c.jpg`, 2, null]]);
    const again = await setAs(w.userA, p, list);
    expect(again).toEqual(first);
    const kept = (await rows<{ taken_at: Date; gnss_lat: number; width: number; kind: string; created_by: string }>(
      'select taken_at, gnss_lat, width, kind, created_by from public.point_photos where storage_path = $1', [`points/${p}-a.jpg`]))[0];
    expect(kept.taken_at.toISOString()).toBe('2026-11-30T08:15:00.000Z');
    expect([kept.gnss_lat, kept.width, kept.kind, kept.created_by]).toEqual([48.85, 2048, 'constat', w.userA]);

    // Reordered by another member, one removed: positions follow the list; the removed file is queued.
    const reordered = await setAs(w.userB, p, [list[2], list[0]]);
    expect(reordered.map((r) => [r.storage_path, r.position])).toEqual([[`points/${p}-c.jpg`, 0], [`points/${p}-a.jpg`, 1]]);
    expect(await queued(`points/${p}-`)).toEqual([`points/${p}-b.jpg`]);

    const nine = [...Array(9).keys()].map((i) => photo(`points/${p}-n${i}.jpg`));
    const refused = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.set_point_photos($1, $2::jsonb)', [p, JSON.stringify(nine)]));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toBe('Au plus 8 photos par signalement.');
  });

  it('a path outside points/ and a duplicated path are refused', async () => {
    const p = await newPoint();
    const outside = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.set_point_photos($1, $2::jsonb)', [p, JSON.stringify([photo('lines/x.jpg')])]));
    expect(outside.ok).toBe(false);
    if (!outside.ok) expect(outside.error.code).toBe('23514');
    const twice = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.set_point_photos($1, $2::jsonb)', [p, JSON.stringify([photo('points/d.jpg'), photo('points/d.jpg')])]));
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.error.code).toBe('22023');
  });
});

describe('who changes a gallery', () => {
  it('any member who reads the point changes its constat photos; an après photo stays its creator\'s or an admin\'s', async () => {
    const p = await newPoint();
    const ev = (await rows<{ id: string }>("insert into public.point_events (point_id, kind, body, author_id) values ($1, 'intervention', 'Éclisse posée', $2) returning id", [p, w.userA]))[0].id;
    await rows("insert into public.point_photos (point_id, storage_path, kind, created_by) values ($1, $2, 'constat', $3)", [p, `points/${p}-k.jpg`, w.userA]);
    await rows("insert into public.point_photos (point_id, event_id, storage_path, kind, created_by) values ($1, $2, $3, 'apres', $4)", [p, ev, `points/${p}-apres.jpg`, w.userA]);
    const delConstat = await tryAs(w.db, w.userB, async (tx) => (await tx.query('delete from public.point_photos where storage_path = $1 returning id', [`points/${p}-k.jpg`])).rows.length);
    expect(delConstat).toEqual({ ok: true, value: 1 });
    const delApres = await tryAs(w.db, w.userB, async (tx) => (await tx.query('delete from public.point_photos where storage_path = $1 returning id', [`points/${p}-apres.jpg`])).rows.length);
    expect(delApres).toEqual({ ok: true, value: 0 });
    const byAdmin = await tryAs(w.db, w.admin, async (tx) => (await tx.query('delete from public.point_photos where storage_path = $1 returning id', [`points/${p}-apres.jpg`])).rows.length);
    expect(byAdmin).toEqual({ ok: true, value: 1 });
    // A deactivated member changes nothing; a caption and the order only, never the file.
    const inactive = await tryAs(w.db, w.inactive, async (tx) => (await tx.query('delete from public.point_photos where point_id = $1 returning id', [p])).rows.length);
    expect(inactive).toEqual({ ok: true, value: 0 });
    const moveFile = await tryAs(w.db, w.userB, (tx) => tx.query('update public.point_photos set storage_path = $2 where storage_path = $1', [`points/${p}-k.jpg`, 'points/other.jpg']));
    expect(moveFile.ok).toBe(false);
  });
});

describe('stored files removed once nothing points to them', () => {
  it('a photo row removed while the point still shows it waits; the point\'s change then queues it', async () => {
    const url = `${BASE}points/keep-${Date.now()}.jpg`;
    const path = url.slice(BASE.length);
    const p = await newPoint(url);
    await rows("insert into public.point_photos (point_id, storage_path, created_by) values ($1, $2, $3)", [p, path, w.userA]);
    await rows('delete from public.point_photos where point_id = $1', [p]);
    expect(await queued(path)).toEqual([]);
    await rows('update public.points set image_url = null where id = $1', [p]);
    expect(await queued(path)).toEqual([path]);
  });

  it('a point replaced photo stays while a photo row holds it; a deleted point queues each file once', async () => {
    const stamp = Date.now();
    const p = await newPoint(`${BASE}points/g${stamp}-0.jpg`);
    await setAs(w.userA, p, [0, 1, 2].map((i) => photo(`points/g${stamp}-${i}.jpg`)));
    await rows('update public.points set image_url = $2 where id = $1', [p, `${BASE}points/g${stamp}-1.jpg`]);
    expect(await queued(`points/g${stamp}`)).toEqual([]);
    await rows('delete from public.points where id = $1', [p]);
    expect(await queued(`points/g${stamp}`)).toEqual([0, 1, 2].map((i) => `points/g${stamp}-${i}.jpg`));
  });
});

describe('drawn copies and thumbnails', () => {
  it('are kept beside the original; a replaced drawing or thumbnail is queued once nothing points to it, the original never', async () => {
    const p = await newPoint();
    const orig = `points/${p}-o.jpg`;
    const paths = (rowsOut: { drawn_path: string | null; thumb_path: string | null }[]) => rowsOut.map((r) => [r.drawn_path, r.thumb_path]);
    const setPaths = async (extra: Record<string, unknown>) => {
      let out: { drawn_path: string | null; thumb_path: string | null }[] = [];
      await w.db.asRequest(ctxFor(w.userA), async (tx) => {
        out = (await tx.query<{ drawn_path: string | null; thumb_path: string | null }>(
          'select drawn_path, thumb_path from public.set_point_photos($1, $2::jsonb)', [p, JSON.stringify([photo(orig, extra)])])).rows;
      });
      return out;
    };
    expect(paths(await setPaths({ thumb_path: `points/${p}-o.t.jpg` }))).toEqual([[null, `points/${p}-o.t.jpg`]]);
    expect(paths(await setPaths({ drawn_path: `points/${p}-d1.jpg`, thumb_path: `points/${p}-d1.t.jpg` })))
      .toEqual([[`points/${p}-d1.jpg`, `points/${p}-d1.t.jpg`]]);
    expect(await queued(`points/${p}-`)).toEqual([`points/${p}-o.t.jpg`]);
    await setPaths({ drawn_path: `points/${p}-d2.jpg`, thumb_path: `points/${p}-d2.t.jpg` });
    expect(await queued(`points/${p}-`)).toEqual([`points/${p}-d1.jpg`, `points/${p}-d1.t.jpg`, `points/${p}-o.t.jpg`]);
    const outside = await tryAs(w.db, w.userA, (tx) => tx.query('select * from public.set_point_photos($1, $2::jsonb)',
      [p, JSON.stringify([photo(orig, { drawn_path: '../x.jpg' })])]));
    expect(outside.ok).toBe(false);
    await rows('delete from public.points where id = $1', [p]);
    expect(await queued(`points/${p}-`)).toEqual([`points/${p}-d1.jpg`, `points/${p}-d1.t.jpg`, `points/${p}-d2.jpg`,
      `points/${p}-d2.t.jpg`, orig, `points/${p}-o.t.jpg`]);
  });
});

describe('migration of the single photos', () => {
  it('an older database keeps every photo and its URL: each becomes its point\'s first gallery photo', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gallery-migration-'));
    const all = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql')).sort();
    for (const f of all.filter((f) => f < GALLERY_MIGRATION)) cpSync(join('supabase/migrations', f), join(dir, f));
    const db = await freshDatabase(undefined, dir);
    try {
      const user = await createUserWithProfile(db, 'ancien@example.org', 'user');
      const add = async (url: string | null) => (await db.admin.query<{ id: string }>(
        `insert into public.points (name, "position", image_url, created_by, created_at) values ('Ancien', '{"x":1,"y":1}', $1, $2, '2026-01-05T10:00:00Z') returning id`,
        [url, user])).rows[0].id;
      const full = await add(`${BASE}points/old-full.jpg`);
      const relative = await add('/storage/v1/object/public/poi_images/points/old-rel.png');
      const bare = await add('points/old-bare.webp');
      const external = await add('https://images.example.org/rail.jpg');
      const none = await add(null);
      for (const f of all.filter((f) => f >= GALLERY_MIGRATION)) cpSync(join('supabase/migrations', f), join(dir, f));
      await migrate(db, { migrationsDir: dir });

      const photos = (await db.admin.query<{ point_id: string; storage_path: string; position: number; kind: string; created_by: string; created_at: Date }>(
        'select point_id, storage_path, "position", kind, created_by, created_at from public.point_photos order by storage_path')).rows;
      expect(photos.map((r) => [r.point_id, r.storage_path, r.position, r.kind])).toEqual([
        [bare, 'points/old-bare.webp', 0, 'constat'], [full, 'points/old-full.jpg', 0, 'constat'], [relative, 'points/old-rel.png', 0, 'constat']]);
      expect(photos.every((r) => r.created_by === user && r.created_at.toISOString() === '2026-01-05T10:00:00.000Z')).toBe(true);
      const urls = (await db.admin.query<{ id: string; image_url: string | null }>('select id, image_url from public.points')).rows;
      expect(Object.fromEntries(urls.map((r) => [r.id, r.image_url]))).toEqual({
        [full]: `${BASE}points/old-full.jpg`, [relative]: '/storage/v1/object/public/poi_images/points/old-rel.png',
        [bare]: 'points/old-bare.webp', [external]: 'https://images.example.org/rail.jpg', [none]: null });
      // No history entry for the backfill.
      expect((await db.admin.query("select 1 from public.audit_log where table_name = 'point_photos'")).rows).toEqual([]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
