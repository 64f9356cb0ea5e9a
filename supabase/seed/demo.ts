// Demo dataset (SEED=demo): admin account, kilometre markers, zones, teams, ~300 anomalies with a few photos,
// optional N extra points in bulk; and seedNone (SEED=none): one bootstrap invitation for the first admin.
// Everything runs as the database owner through db.admin; a fixed PRNG seed makes the data reproducible.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Database, Queryable } from '../../server/db/types';
import { ANOMALIES, PHOTO_ACCENTS, TEAMS, TRACK_Y, ZONES } from './data';
import { demoPhoto } from './png';
import { SECOND_LINE, SECOND_LINE_IMAGE_PATH, SECOND_LINE_POINTS, SECOND_LINE_ZONES, secondLineImage, secondLineMarkers } from './secondLine';
import { mulberry32 } from '../../src/core/prng';
import { seedNetworkLines } from './networkLines';
import { DEMO_ROUTES, demoLineGeometry, seedLineAxes } from './lineAxes';
import { writeResolutionHistory } from './resolutionHistory';

export interface SeedDemoOptions {
  adminEmail: string;
  adminPassword: string;
  /** Extra points generated along the line on top of the ~300 demo points. */
  extraPoints: number;
  /** A second, shorter line with its own image, markers, zones and points (./secondLine). Default false. */
  secondLine?: boolean;
  /** Lines in all (default 1, or 2 with secondLine). From 3, lines L3…LN are generated (./networkLines) and the
   * extra points are spread evenly over every line (a network at scale: 50 lines × 20k points). */
  lines?: number;
  /** Stores a file (the server's storage layer); path is relative to the bucket, e.g. points/<uuid>.png. */
  putObject(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
}
export interface SeedDemoResult { seeded: boolean; adminId: string | null; counts: Record<string, number> }

export const DEMO_SEED = 20261121; // PRNG seed
export const DEMO_POINTS = 300;
const PHOTO_COUNT = 6;
const BATCH = 5000; // rows per bulk insert

/** mulberry32: small deterministic PRNG returning [0, 1) (src/core/prng). */
export const prng = mulberry32;

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export interface Marker { position: number; value: number }

/** 13 markers from x=600 to x=11400 (image px), irregular steps of about 1.5 km from PK 12.00. */
export function demoMarkers(): Marker[] {
  const rand = prng(DEMO_SEED + 1);
  const out: Marker[] = [];
  let value = 12;
  for (let i = 0; i < 13; i++) {
    const jitter = i === 0 || i === 12 ? 0 : Math.round((rand() - 0.5) * 120);
    out.push({ position: 600 + i * 900 + jitter, value: Math.round(value * 100) / 100 });
    value += 1.2 + rand() * 0.6;
  }
  return out;
}

/** Linear interpolation between the markers sorted by position; null outside their range (docs/product.md#point-rules). */
export function kmAt(markers: Marker[], x: number): number | null {
  const m = [...markers].sort((a, b) => a.position - b.position);
  if (m.length < 2 || x < m[0].position || x > m[m.length - 1].position) return null;
  for (let i = 1; i < m.length; i++) {
    if (x <= m[i].position) {
      const a = m[i - 1], b = m[i];
      return Math.round((a.value + ((x - a.position) / (b.position - a.position)) * (b.value - a.value)) * 100) / 100;
    }
  }
  return m[m.length - 1].value;
}

/** A 4-6 vertex polygon around the track (or across both tracks when track is null), image px. */
function zonePolygon(rand: () => number, track: 'voie_1' | 'voie_2' | null, x0: number, x1: number) {
  const top = track ? TRACK_Y[track] - 45 - rand() * 20 : TRACK_Y.voie_1 - 70;
  const bottom = track ? TRACK_Y[track] + 45 + rand() * 20 : TRACK_Y.voie_2 + 70;
  const n = 4 + Math.floor(rand() * 3);
  const r = (v: number) => Math.round(v);
  if (n === 4) return [{ x: x0, y: r(top) }, { x: x1, y: r(top + 6) }, { x: x1, y: r(bottom) }, { x: x0, y: r(bottom - 6) }];
  const mid = r((x0 + x1) / 2);
  if (n === 5) return [{ x: x0, y: r(top + 8) }, { x: mid, y: r(top - 12) }, { x: x1, y: r(top + 4) }, { x: x1, y: r(bottom) }, { x: x0, y: r(bottom) }];
  return [{ x: x0, y: r(top + 10) }, { x: mid, y: r(top - 10) }, { x: x1, y: r(top + 10) }, { x: x1, y: r(bottom - 10) }, { x: mid, y: r(bottom + 10) }, { x: x0, y: r(bottom - 10) }];
}

interface PointRow {
  name: string; description: string; kilometer: string; km_value: number | null; position: string;
  image_url: string | null; status: string; criticality: string; ticket_number: string | null;
  team_id: string | null; created_by: string | null; created_at: Date;
  /** null: the default line. */
  line_id?: string | null;
}

/** Generates `n` points along both tracks with the PRNG `rand`. */
export function generatePoints(rand: () => number, n: number, markers: Marker[], teamIds: string[], createdBy: string | null, now: number,
  line: { id: string | null; x0: number; x1: number } = { id: null, x0: 620, x1: 11380 }): PointRow[] {
  const rows: PointRow[] = [];
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  for (let i = 0; i < n; i++) {
    const track = rand() < 0.5 ? 'voie_1' : 'voie_2';
    const x = Math.round(line.x0 + rand() * (line.x1 - line.x0));
    const y = Math.round(TRACK_Y[track] + (rand() - 0.5) * 50);
    const km = kmAt(markers, x);
    const a = pick(ANOMALIES);
    const s = rand();
    rows.push({
      name: a.label,
      description: pick(a.descriptions),
      kilometer: km === null ? '' : km.toFixed(2),
      km_value: km,
      position: JSON.stringify({ x, y }),
      image_url: null,
      status: s < 0.5 ? 'signale' : s < 0.75 ? 'pris_en_charge' : 'resolu',
      criticality: rand() < 0.3 ? 'danger' : 'attention',
      ticket_number: rand() < 0.6 ? `${rand() < 0.8 ? 'OT' : 'DEP'}-${10000 + Math.floor(rand() * 90000)}` : null,
      team_id: teamIds.length && rand() < 0.55 ? pick(teamIds) : null,
      created_by: createdBy,
      created_at: new Date(now - Math.floor(rand() * 120 * 86400_000)),
      line_id: line.id,
    });
  }
  return rows;
}

/**
 * Bulk insert through unnest(): one statement per BATCH rows. For large counts, row triggers and FK checks are
 * switched off for this transaction when the owner may do so (the generated rows are valid by construction).
 */
export async function insertPoints(tx: Queryable, rows: PointRow[]): Promise<void> {
  if (rows.length > BATCH) {
    await tx.query('savepoint bulk');
    try { await tx.query("select set_config('session_replication_role', 'replica', true)"); await tx.query('release savepoint bulk'); }
    catch { await tx.query('rollback to savepoint bulk'); }
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    const col = <K extends keyof PointRow>(k: K) => b.map((r) => r[k]);
    await tx.query(
      `insert into public.points (name, description, kilometer, km_value, "position", image_url, status, criticality, ticket_number, team_id, created_by, created_at, observed_at, line_id)
       select n, d, k, kv, p::jsonb, iu, s, c, t, tid, cb, ca, ca, coalesce(l, private.default_line_id())
         from unnest($1::text[], $2::text[], $3::text[], $4::numeric[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::uuid[], $11::uuid[], $12::timestamptz[], $13::uuid[])
           as u(n, d, k, kv, p, iu, s, c, t, tid, cb, ca, l)`,
      [col('name'), col('description'), col('kilometer'), col('km_value'), col('position'), col('image_url'), col('status'),
        col('criticality'), col('ticket_number'), col('team_id'), col('created_by'), col('created_at').map((d) => d.toISOString()),
        b.map((r) => r.line_id ?? null)]);
  }
  if (rows.length > BATCH) {
    await tx.query("select set_config('session_replication_role', 'origin', true)");
    // The point-index pages' triggers were off too: have every page rebuilt.
    await tx.query('select private.invalidate_point_index_pages()');
  }
}

/** True when no user, profile nor point exists yet. */
export async function isEmptyDatabase(db: Database): Promise<boolean> {
  const r = await db.admin.query<{ n: number }>(
    'select (select count(*) from auth.users) + (select count(*) from public.profiles) + (select count(*) from public.points) as n');
  return Number(r.rows[0].n) === 0;
}

/** Inserts an auth user with a bcrypt (cost 10) password through the invitation rule, returns its id. */
async function insertInvitedUser(tx: Queryable, email: string, password: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await tx.query('insert into public.invitations (email, token_hash, expires_at) values ($1, $2, now() + interval \'7 days\')', [email, sha256Hex(token)]);
  const id = randomUUID();
  const hash = bcrypt.hashSync(password, 10);
  await tx.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, last_sign_in_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), '{"provider":"email","providers":["email"]}'::jsonb,
             jsonb_build_object('invitation_token', $4::text), null)`,
    [id, email, hash, token]);
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider)
     values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email')`,
    [id, email]);
  return id;
}

/** points/<uuid>.png of demo photo i: the same on every start (a fixed uuid derived from the seed). */
export function demoPhotoPath(i: number): string {
  const h = createHash('sha256').update(`demo-photo-${DEMO_SEED}-${i}`).digest('hex');
  return `points/${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}.png`;
}

/** Loads the demo dataset when the database is empty; otherwise does nothing (seeded: false). */
export async function seedDemo(db: Database, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  if (!(await isEmptyDatabase(db))) return { seeded: false, adminId: null, counts: {} };
  const email = opts.adminEmail.trim().toLowerCase();
  const rand = prng(DEMO_SEED);
  const markers = demoMarkers();
  const now = Date.now();
  // The photos are stored first, under fixed names: a start killed before the data commits re-seeds over the same
  // files, and committed points never refer to a photo that was not written.
  const photos = Array.from({ length: PHOTO_COUNT }, (_, i) => ({ path: demoPhotoPath(i), bytes: demoPhoto(PHOTO_ACCENTS[i % PHOTO_ACCENTS.length], i) }));
  for (const p of photos) await opts.putObject('poi_images', p.path, p.bytes, 'image/png');
  if (opts.secondLine || (opts.lines ?? 1) > 1) await opts.putObject('line_images', SECOND_LINE_IMAGE_PATH, secondLineImage(), 'image/png');

  const adminId = await db.admin.transaction(async (tx) => {
    await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
    const adminId = await insertInvitedUser(tx, email, opts.adminPassword);
    // The first line (made by the lines migration) is the demo's bundled image: name it after it.
    await tx.query("update public.lines set name = 'Paris – Étampes' where id = private.default_line_id()");
    await tx.query("insert into public.profiles (id, email, role) values ($1, $2, 'admin')", [adminId, email]);

    await tx.query(
      `insert into public.kilometer_markers ("position", value, created_by)
       select p, v, $3 from unnest($1::numeric[], $2::numeric[]) as u(p, v)`,
      [markers.map((m) => m.position), markers.map((m) => m.value), adminId]);
    const firstLine = (await tx.query<{ id: string }>('select private.default_line_id() as id')).rows[0].id;
    await seedLineAxes(tx, firstLine, demoLineGeometry(DEMO_ROUTES.L1, markers[0].value, markers[markers.length - 1].value), adminId);

    const teamIds: string[] = [];
    for (const [i, t] of TEAMS.entries()) {
      const r = await tx.query<{ id: string }>(
        'insert into public.teams (name, description, created_by, created_at) values ($1, $2, $3, $4) returning id',
        [t.name, t.description, adminId, new Date(now - (200 - i) * 86400_000)]);
      teamIds.push(r.rows[0].id);
    }

    for (const [i, z] of ZONES.entries()) {
      const poly = zonePolygon(rand, z.track, z.x0, z.x1);
      const xs = poly.map((p) => p.x);
      await tx.query(
        `insert into public.zones (name, color, track, points, km_start, km_end, created_by, created_at)
         values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`,
        [z.name, z.color, z.track, JSON.stringify(poly), kmAt(markers, Math.min(...xs)), kmAt(markers, Math.max(...xs)), adminId,
          new Date(now - (150 - i) * 86400_000)]);
    }

    const rows = generatePoints(rand, DEMO_POINTS, markers, teamIds, adminId, now);
    for (const [i, p] of photos.entries()) rows[i * 37 + 5].image_url = `/storage/v1/object/public/poi_images/${p.path}`;
    await insertPoints(tx, rows);
    const lines = Math.max(opts.lines ?? (opts.secondLine ? 2 : 1), opts.secondLine ? 2 : 1);
    // Up to 2 lines the extra points go on the first line (as before lines existed); from 3, over every line.
    const spread = lines > 2 ? spreadPoints(opts.extraPoints, lines) : [opts.extraPoints, 0];
    if (spread[0] > 0) await insertPoints(tx, generatePoints(prng(DEMO_SEED + 2), spread[0], markers, teamIds, adminId, now));

    if (opts.secondLine || lines > 1) {
      const second = await seedSecondLine(tx, rand, teamIds, adminId, now);
      if (spread[1] > 0) await insertPoints(tx, generatePoints(prng(DEMO_SEED + 5), spread[1], second.markers, teamIds, adminId, now, second.span));
    }
    if (lines > 2) await seedNetworkLines(tx, { lines, pointsPerLine: spread.slice(2), teamIds, adminId, now, image: secondLineImageRef() });

    await writeResolutionHistory(tx);
    await tx.query(
      "insert into public.app_settings (key, value, created_by) values ('feedback_link', $1, $2) on conflict (key) do nothing",
      ['https://forms.example.org/avis-signalements-ferroviaires', adminId]);
    return adminId;
  });

  const counts: Record<string, number> = {};
  for (const t of ['lines', 'kilometer_markers', 'zones', 'teams', 'points', 'profiles']) {
    counts[t] = Number((await db.admin.query<{ n: number }>(`select count(*)::int as n from public.${t}`)).rows[0].n);
  }
  counts.photos = photos.length;
  return { seeded: true, adminId, counts };
}

/** `n` extra points over `lines` lines: equal shares, the remainder on the first lines. */
export function spreadPoints(n: number, lines: number): number[] {
  const each = Math.floor(n / lines);
  return Array.from({ length: lines }, (_, i) => each + (i < n - each * lines ? 1 : 0));
}

const secondLineImageRef = () => ({ url: `/storage/v1/object/public/line_images/${SECOND_LINE_IMAGE_PATH}`, width: SECOND_LINE.width, height: SECOND_LINE.height });

/** The second line (after the first line's data): its row, markers, zones and points on it. */
async function seedSecondLine(tx: Queryable, rand: () => number, teamIds: string[], adminId: string, now: number)
  : Promise<{ markers: Marker[]; span: { id: string; x0: number; x1: number } }> {
  const image = secondLineImageRef();
  const lineId = (await tx.query<{ id: string }>(
    'insert into public.lines (code, name, image, sort) values ($1, $2, $3::jsonb, 1) returning id',
    [SECOND_LINE.code, SECOND_LINE.name, JSON.stringify(image)])).rows[0].id;
  const markers = secondLineMarkers();
  await tx.query(
    `insert into public.kilometer_markers ("position", value, created_by, line_id)
     select p, v, $3, $4 from unnest($1::numeric[], $2::numeric[]) as u(p, v)`,
    [markers.map((m) => m.position), markers.map((m) => m.value), adminId, lineId]);
  await seedLineAxes(tx, lineId, demoLineGeometry(DEMO_ROUTES.L2, markers[0].value, markers[markers.length - 1].value), adminId);
  for (const [i, z] of SECOND_LINE_ZONES.entries()) {
    const poly = zonePolygon(rand, z.track, z.x0, z.x1);
    const xs = poly.map((p) => p.x);
    await tx.query(
      `insert into public.zones (name, color, track, points, km_start, km_end, created_by, created_at, line_id)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)`,
      [z.name, z.color, z.track, JSON.stringify(poly), kmAt(markers, Math.min(...xs)), kmAt(markers, Math.max(...xs)), adminId,
        new Date(now - (100 - i) * 86400_000), lineId]);
  }
  const first = markers[0].position, last = markers[markers.length - 1].position;
  const span = { id: lineId, x0: first + 20, x1: last - 20 };
  await insertPoints(tx, generatePoints(prng(DEMO_SEED + 4), SECOND_LINE_POINTS, markers, teamIds, adminId, now, span));
  return { markers, span };
}

/** Adds `n` generated points along the default line (for SEED_POINTS on an existing database). */
export async function addExtraPoints(db: Database, n: number, seed = DEMO_SEED + 3): Promise<void> {
  if (n <= 0) return;
  await db.admin.transaction(async (tx) => {
    await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
    const markers = (await tx.query<{ position: string; value: string }>('select "position", value from public.kilometer_markers where line_id = private.default_line_id()'))
      .rows.map((m) => ({ position: Number(m.position), value: Number(m.value) }));
    const teams = (await tx.query<{ id: string }>('select id from public.teams order by name')).rows.map((r) => r.id);
    const admin = (await tx.query<{ id: string }>("select id from public.profiles where role = 'admin' order by created_at limit 1")).rows[0]?.id ?? null;
    await insertPoints(tx, generatePoints(prng(seed), n, markers.length >= 2 ? markers : demoMarkers(), teams, admin, Date.now()));
  });
}

/**
 * SEED=none: when no user exists, replaces any pending bootstrap invitation for adminEmail by a new one and
 * returns its URL (`<siteUrl>/invitation?token=…`); returns null when users already exist.
 */
export async function seedNone(db: Database, opts: { adminEmail: string; siteUrl: string }): Promise<string | null> {
  const email = opts.adminEmail.trim().toLowerCase();
  return db.admin.transaction(async (tx) => {
    const users = await tx.query<{ n: number }>('select count(*)::int as n from auth.users');
    if (Number(users.rows[0].n) > 0) return null;
    const token = randomBytes(32).toString('hex');
    await tx.query('delete from public.invitations where email = $1 and redeemed_at is null', [email]);
    await tx.query("insert into public.invitations (email, token_hash, expires_at) values ($1, $2, now() + interval '7 days')", [email, sha256Hex(token)]);
    return `${opts.siteUrl.replace(/\/+$/, '')}/invitation?token=${token}`;
  });
}
