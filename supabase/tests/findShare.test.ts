// search_points and nearby_points in the database: accents and case, ticket numbers, words in order,
// wildcards taken literally, a point created a moment ago, RLS deciding what a caller sees (anon nothing), the
// trigram index used; nearby: PK window, unresolved only, the other track left out, newest first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { asUser, createUserWithProfile, freshDatabase, resetDatabase, testKind } from './fixtures';

let db: Database;
let user: string;
beforeAll(async () => { db = await freshDatabase(); });
beforeEach(async () => {
  await resetDatabase(db);
  user = await createUserWithProfile(db, 'alice@example.org', 'user');
});
afterAll(async () => { await db?.close(); });

interface Hit { id: string; name: string; status: string; km_value: string | null; ticket_number: string | null }
const search = (q: string, who: string | null = user, max = 20) =>
  asUser<Hit>(db, who, 'select * from public.search_points($1, $2)', [q, max]);

async function addPoint(p: { name: string; description?: string; ticket?: string | null; km?: number | null; x?: number; y?: number; status?: string; teamId?: string | null; createdAt?: string }) {
  const r = await db.admin.query<{ id: string }>(
    `insert into public.points (name, description, ticket_number, km_value, "position", status, team_id, created_at)
     values ($1, $2, $3, $4, jsonb_build_object('x', $5::float8, 'y', $6::float8), $7, $8, coalesce($9::timestamptz, now())) returning id`,
    [p.name, p.description ?? '', p.ticket ?? null, p.km ?? null, p.x ?? 10, p.y ?? 10, p.status ?? 'signale', p.teamId ?? null, p.createdAt ?? null]);
  return r.rows[0].id;
}

describe(`search_points (${testKind()})`, () => {
  it('ignores accents and case in the query and in the text, in label, description and ticket number', async () => {
    const a = await addPoint({ name: 'Éclissage défectueux', description: 'Rail fissuré côté Œuvre' });
    const b = await addPoint({ name: 'Signal', description: 'rien', ticket: 'OT-72170' });
    await addPoint({ name: 'Autre', description: 'sans rapport' });
    expect((await search('eclissage')).map((h) => h.id)).toEqual([a]);
    expect((await search('ÉCLISSAGE DÉFECTUEUX')).map((h) => h.id)).toEqual([a]);
    expect((await search('fissure')).map((h) => h.id)).toEqual([a]);
    expect((await search('oeuvre')).map((h) => h.id)).toEqual([a]);
    expect((await search('ot-72170')).map((h) => h.id)).toEqual([b]);
    expect((await search('72170')).map((h) => h.id)).toEqual([b]);
    expect(await search('72171')).toEqual([]);
  });

  it('matches words in order with anything between, takes % and _ literally, needs 3 characters', async () => {
    const a = await addPoint({ name: 'Traverse béton fendue' });
    const pct = await addPoint({ name: 'Usure 50% rail' });
    await addPoint({ name: 'Usure 500 rail' });
    expect((await search('traverse fendue')).map((h) => h.id)).toEqual([a]);
    expect(await search('fendue traverse')).toEqual([]);
    expect((await search('50%')).map((h) => h.id)).toEqual([pct]);
    expect(await search('e_u')).toEqual([]);
    expect(await search('tr')).toEqual([]);
    expect(await search('   ')).toEqual([]);
  });

  it('lists newest first, caps the count, and finds a point created a moment ago', async () => {
    const old = await addPoint({ name: 'Ballast pollué', createdAt: '2026-01-01T10:00:00Z' });
    const mid = await addPoint({ name: 'Ballast manquant', createdAt: '2026-02-01T10:00:00Z' });
    expect((await search('ballast')).map((h) => h.id)).toEqual([mid, old]);
    expect((await search('ballast', user, 1)).map((h) => h.id)).toEqual([mid]);
    const fresh = (await asUser<{ id: string }>(db, user,
      `insert into public.points (name, description, "position") values ('Ballast affaissé', 'x', '{"x":1,"y":1}') returning id`))[0].id;
    expect((await search('ballast')).map((h) => h.id)).toEqual([fresh, mid, old]);
  });

  it('returns PK, status and criticality with each hit', async () => {
    await addPoint({ name: 'Caténaire basse', km: 17.4, status: 'pris_en_charge' });
    const [h] = await asUser<Record<string, unknown>>(db, user, "select * from public.search_points('catenaire')");
    expect(h).toMatchObject({ name: 'Caténaire basse', status: 'pris_en_charge', criticality: 'attention' });
    expect(Number(h.km_value)).toBe(17.4);
    expect(h.position).toEqual({ x: 10, y: 10 });
  });

  it('anon gets nothing: the function is not granted', async () => {
    await addPoint({ name: 'Caténaire basse' });
    await expect(search('catenaire', null)).rejects.toMatchObject({ code: '42501' });
  });

  it('runs under the caller\'s RLS: a row the caller may not read is not found', async () => {
    const team = (await db.admin.query<{ id: string }>("insert into public.teams (name) values ('Équipe Nord') returning id")).rows[0].id;
    const hidden = await addPoint({ name: 'Aiguillage bloqué', teamId: team });
    const visible = await addPoint({ name: 'Aiguillage grippé' });
    // A stricter (hypothetical) policy: rows of a team are readable by that team only. Restrictive policies add up.
    await db.admin.exec(`create policy "test team only" on public.points as restrictive for select to authenticated
      using (team_id is null or team_id = (select p.team_id from public.profiles p where p.id = (select auth.uid())))`);
    try {
      expect((await search('aiguillage')).map((h) => h.id)).toEqual([visible]);
      await db.admin.query('update public.profiles set team_id = $1 where id = $2', [team, user]);
      expect((await search('aiguillage')).map((h) => h.id).sort()).toEqual([hidden, visible].sort());
    } finally {
      await db.admin.exec('drop policy "test team only" on public.points');
    }
  });

  it('uses the trigram index for a rare word, the newest rows for a frequent one, and gives the same answer as a full scan', async () => {
    await db.admin.query(`insert into public.points (name, description, "position", created_at)
      select 'Point ' || g, case when g % 2 = 0 then 'Ballast pollué' else 'description ' || g end, '{"x":1,"y":1}',
        timestamptz '2026-01-01' + (g || ' minutes')::interval from generate_series(1, 12000) g`);
    await addPoint({ name: 'Zyxwvut unique', createdAt: '2025-01-01T00:00:00Z' }); // the oldest: outside the newest window
    await db.admin.exec('analyze private.point_search');
    // The index applies to the search predicate (at this small size the planner may still prefer a scan).
    const plan = await db.admin.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return (await tx.query<Record<string, string>>(`explain select id from private.point_search where search_text like '%zyxwvut%'`))
        .rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('point_search_trgm_idx');
    expect((await search('zyxwvut')).map((h) => h.name)).toEqual(['Zyxwvut unique']);
    const full = async (pat: string, n: number) => (await asUser<{ id: string }>(db, user,
      `select id from public.points where private.points_search_text(name, description, ticket_number) like $1
        order by created_at desc, id desc limit $2`, [pat, n])).map((r) => r.id);
    for (const [q, pat] of [['ballast pollue', '%ballast%pollue%'], ['point 1234', '%point%1234%'], ['description 11', '%description%11%']]) {
      expect((await search(q, user, 20)).map((h) => h.id), q).toEqual(await full(pat, 20));
    }
    // the side table follows renames and deletions
    const id = await addPoint({ name: 'Renommé plus tard' });
    await db.admin.query("update public.points set name = 'Nouveau nom xq' where id = $1", [id]);
    expect((await search('nouveau nom xq')).map((h) => h.id)).toEqual([id]);
    expect(await search('renomme plus tard')).toEqual([]);
    await db.admin.query('delete from public.points where id = $1', [id]);
    expect(await search('nouveau nom xq')).toEqual([]);
  });
});

describe(`nearby_points (${testKind()})`, () => {
  interface Near { id: string; name: string }
  const nearby = (km: number | null, x: number, y: number, exclude: string | null = null, who: string | null = user) =>
    asUser<Near>(db, who, 'select * from public.nearby_points($1, $2, $3, $4)', [km, x, y, exclude]);

  beforeEach(async () => {
    // Two tracks, one above the other; a strip without zone further right.
    await db.admin.query(`insert into public.zones (name, track, points) values
      ('Voie 1', 'voie_1', '[{"x":0,"y":0},{"x":1000,"y":0},{"x":1000,"y":100},{"x":0,"y":100}]'),
      ('Voie 2', 'voie_2', '[{"x":0,"y":200},{"x":1000,"y":200},{"x":1000,"y":300},{"x":0,"y":300}]')`);
  });

  it('lists unresolved points within 0,05 km on the same track, newest first; not the other track, not resolved ones', async () => {
    const older = await addPoint({ name: 'Même voie ancien', km: 17.38, x: 500, y: 50, createdAt: '2026-01-01T00:00:00Z' });
    const newer = await addPoint({ name: 'Même voie récent', km: 17.45, x: 510, y: 60, createdAt: '2026-03-01T00:00:00Z' });
    const outside = await addPoint({ name: 'Hors zone', km: 17.41, x: 1500, y: 250, createdAt: '2026-02-01T00:00:00Z' });
    await addPoint({ name: 'Autre voie même PK', km: 17.4, x: 500, y: 250 });
    await addPoint({ name: 'Résolu', km: 17.4, x: 500, y: 50, status: 'resolu' });
    await addPoint({ name: 'Trop loin', km: 17.46, x: 500, y: 50 });
    await addPoint({ name: 'Sans PK', km: null, x: 500, y: 50 });
    expect((await nearby(17.4, 500, 40)).map((r) => r.id)).toEqual([newer, outside, older]);
  });

  it('without a track at the new position, lists both tracks; excludes the point being edited; anon gets nothing', async () => {
    const v1 = await addPoint({ name: 'Voie 1', km: 17.4, x: 500, y: 50, createdAt: '2026-01-01T00:00:00Z' });
    const v2 = await addPoint({ name: 'Voie 2', km: 17.4, x: 500, y: 250, createdAt: '2026-02-01T00:00:00Z' });
    expect((await nearby(17.4, 500, 150)).map((r) => r.id)).toEqual([v2, v1]);
    expect((await nearby(17.4, 500, 150, v2)).map((r) => r.id)).toEqual([v1]);
    expect(await nearby(null, 500, 150)).toEqual([]);
    await expect(nearby(17.4, 500, 150, null, null)).rejects.toMatchObject({ code: '42501' });
  });
});
