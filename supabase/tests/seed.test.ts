// The demo seed: loads once on an empty database, with the promised counts, PK markers, zones and photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import type { Database } from '../../server/db/types';
import { freshDatabase, testKind } from './fixtures';
import { kmAt, seedDemo, seedNone } from '../seed/demo';

let db: Database;
const stored: { bucket: string; path: string; bytes: Uint8Array; type: string }[] = [];
let result: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  db = await freshDatabase();
  result = await seedDemo(db, { adminEmail: 'Admin@Example.org', adminPassword: 'secret123', extraPoints: 2000,
    putObject: async (bucket, path, bytes, type) => { stored.push({ bucket, path, bytes, type }); } });
});
afterAll(async () => { await db?.close(); });

describe(`seedDemo (${testKind()})`, () => {
  it('creates the admin with a bcrypt password, a confirmed email and an admin profile', async () => {
    const u = (await db.admin.query('select u.email, u.encrypted_password, u.email_confirmed_at, p.role from auth.users u join public.profiles p on p.id = u.id')).rows;
    expect(u).toHaveLength(1);
    expect(u[0]).toMatchObject({ email: 'admin@example.org', role: 'admin' });
    expect(u[0].email_confirmed_at).toBeInstanceOf(Date);
    expect(bcrypt.compareSync('secret123', u[0].encrypted_password as string)).toBe(true);
    expect((u[0].encrypted_password as string).startsWith('$2')).toBe(true);
  });

  it('loads markers, zones on both tracks and none, three teams, 300 + extra points across statuses', async () => {
    expect(result.counts).toMatchObject({ kilometer_markers: 13, zones: 10, teams: 3, points: 2300, profiles: 1, photos: 6 });
    const tracks = (await db.admin.query('select track, count(*)::int as n from public.zones group by track order by track nulls last')).rows;
    expect(tracks).toEqual([{ track: 'voie_1', n: 4 }, { track: 'voie_2', n: 5 }, { track: null, n: 1 }]);
    const statuses = (await db.admin.query('select status, count(*)::int as n from public.points group by status order by status')).rows;
    expect(statuses.map((s) => s.status)).toEqual(['pris_en_charge', 'resolu', 'signale']);
    expect((await db.admin.query("select count(*)::int as n from public.points where criticality = 'danger'")).rows[0].n).toBeGreaterThan(100);
    expect((await db.admin.query("select count(*)::int as n from public.points where ticket_number ~ '^(OT|DEP)-[0-9]{5}$'")).rows[0].n).toBeGreaterThan(500);
  });

  it('gives resolved points a history: reported, taken in hand, then resolved days later (dashboard medians not 0)', async () => {
    const steps = (await db.admin.query<{ n: number; ordered: number; ins: number }>(`
      select count(*)::int as n,
             count(*) filter (where s.valid_from > s.reported_at)::int as ordered,
             count(*) filter (where s.prev_status = 'pris_en_charge')::int as ins
        from private.point_states s where s.status = 'resolu'`)).rows[0];
    const resolved = (await db.admin.query<{ n: number }>("select count(*)::int as n from public.points where status = 'resolu'")).rows[0].n;
    expect(steps.n).toBe(resolved);
    expect(steps.ordered).toBe(resolved);
    expect(steps.ins).toBe(resolved);
    const history = (await db.admin.query<{ action: string; status: string | null; before_now: boolean }>(`
      select l.action, coalesce(l.changes -> 'status' ->> 'new', '') as status, l.at <= now() as before_now
        from public.audit_log l
       where l.table_name = 'points' and l.row_id = (select id::text from public.points where status = 'resolu' order by id limit 1)
       order by l.at`)).rows;
    expect(history.map((h) => [h.action, h.status])).toEqual([['insert', 'signale'], ['update', 'pris_en_charge'], ['update', 'resolu']]);
    expect(history.every((h) => h.before_now)).toBe(true);
    const medians = (await db.admin.query<{ median_days: string | null }>(`
      select percentile_cont(0.5) within group (order by extract(epoch from s.valid_from - s.reported_at)) / 86400 as median_days
        from private.point_states s where s.status = 'resolu' and s.prev_status is distinct from 'resolu' group by s.team_id`)).rows;
    expect(medians.length).toBeGreaterThan(0);
    for (const m of medians) expect(Number(m.median_days)).toBeGreaterThan(0.2);
  });

  it('computes zone PK ranges from the markers', async () => {
    const markers = (await db.admin.query('select "position", value from public.kilometer_markers')).rows.map((m) => ({ position: Number(m.position), value: Number(m.value) }));
    for (const z of (await db.admin.query('select points, km_start, km_end from public.zones')).rows) {
      const xs = (z.points as { x: number }[]).map((p) => p.x);
      expect(Number(z.km_start)).toBeCloseTo(kmAt(markers, Math.min(...xs))!, 2);
      expect(Number(z.km_end)).toBeCloseTo(kmAt(markers, Math.max(...xs))!, 2);
    }
  });

  it('stores valid PNG photos under poi_images/points and links them from points', async () => {
    expect(stored).toHaveLength(6);
    const urls = (await db.admin.query('select image_url from public.points where image_url is not null')).rows.map((r) => r.image_url);
    expect(urls.sort()).toEqual(stored.map((s) => `/storage/v1/object/public/poi_images/${s.path}`).sort());
    for (const s of stored) {
      expect(s.bucket).toBe('poi_images');
      expect(s.path).toMatch(/^points\/[0-9a-f-]{36}\.png$/);
      expect([...s.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
  });

  it('does nothing on a non-empty database, and seedNone then returns null', async () => {
    const again = await seedDemo(db, { adminEmail: 'x@example.org', adminPassword: 'secret123', extraPoints: 0, putObject: async () => undefined });
    expect(again.seeded).toBe(false);
    expect(await seedNone(db, { adminEmail: 'x@example.org', siteUrl: 'http://h' })).toBeNull();
  });
});
