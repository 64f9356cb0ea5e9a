// Row-level-security matrix: every app table × {anon, user, another user, admin, deactivated member, account
// without profile} × {select, insert, update, delete}, each case allowed or denied as docs/product.md#roles says; plus RLS on every table, pinned search_path on every
// security-definer function, and a request role that is neither superuser nor bypassrls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../server/db/types';
import { ctxFor, makeWorld, testKind, tryAs, type World } from './fixtures';

type Actor = 'anon' | 'user' | 'other' | 'admin' | 'inactive' | 'noprofile';
type Op = 'select' | 'insert' | 'update' | 'delete';
const ACTORS: Actor[] = ['anon', 'user', 'other', 'admin', 'inactive', 'noprofile'];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

let w: World;
beforeAll(async () => { w = await makeWorld(); });
afterAll(async () => { await w?.db.close(); });

const hex = () => randomBytes(32).toString('hex');
/** Each statement targets one fixture row and returns the affected ids: allowed = exactly one row, no error. */
const STATEMENTS: Record<string, Record<Op, (w: World) => [string, unknown[]]>> = {
  points: {
    select: (w) => ['select id from public.points where id = $1', [w.point]],
    insert: () => [`insert into public.points (name, description, "position") values ('Signal masqué', 'd', '{"x":1,"y":2}') returning id`, []],
    update: (w) => ["update public.points set status = 'resolu', updated_at = updated_at where id = $1 returning id", [w.point]],
    delete: (w) => ['delete from public.points where id = $1 returning id', [w.point]],
  },
  zones: {
    select: (w) => ['select id from public.zones where id = $1', [w.zone]],
    insert: () => [`insert into public.zones (name, track, points) values ('Z', null, '[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1}]') returning id`, []],
    update: (w) => ["update public.zones set name = 'Zone renommée', updated_at = updated_at where id = $1 returning id", [w.zone]],
    delete: (w) => ['delete from public.zones where id = $1 returning id', [w.zone]],
  },
  teams: {
    select: (w) => ['select id from public.teams where id = $1', [w.team]],
    insert: () => ["insert into public.teams (name) values ('Nouvelle équipe') returning id", []],
    update: (w) => ["update public.teams set description = 'desc', updated_at = updated_at where id = $1 returning id", [w.team]],
    delete: (w) => ['delete from public.teams where id = $1 returning id', [w.freeTeam]],
  },
  criticality_levels: {
    select: (w) => ['select id from public.criticality_levels where id = $1', [w.level]],
    insert: () => ["insert into public.criticality_levels (id, name, color) values ('nouveau', 'Nouveau', '#123456') returning id", []],
    update: (w) => ["update public.criticality_levels set name = 'Très faible', updated_at = updated_at where id = $1 returning id", [w.level]],
    delete: (w) => ['delete from public.criticality_levels where id = $1 returning id', [w.level]],
  },
  kilometer_markers: {
    select: (w) => ['select id from public.kilometer_markers where id = $1', [w.marker]],
    insert: () => ['insert into public.kilometer_markers ("position", value) values (1500, 13.5) returning id', []],
    update: (w) => ['update public.kilometer_markers set value = 12.5, updated_at = updated_at where id = $1 returning id', [w.marker]],
    delete: (w) => ['delete from public.kilometer_markers where id = $1 returning id', [w.marker]],
  },
  app_settings: {
    select: () => ["select key as id from public.app_settings where key = 'feedback_link'", []],
    insert: () => ["insert into public.app_settings (key, value) values ('autre', 'x') returning key as id", []],
    update: () => ["update public.app_settings set value = 'https://example.org/x', updated_at = updated_at where key = 'feedback_link' returning key as id", []],
    delete: () => ["delete from public.app_settings where key = 'feedback_link' returning key as id", []],
  },
  invitations: {
    select: (w) => ['select id from public.invitations where id = $1', [w.invitation]],
    insert: () => ["insert into public.invitations (email, token_hash) values ('new@example.org', $1) returning id", [hex()]],
    update: (w) => ["update public.invitations set expires_at = now() + interval '1 day' where id = $1 returning id", [w.invitation]],
    delete: (w) => ['delete from public.invitations where id = $1 returning id', [w.invitation]],
  },
  profiles: {
    select: (w) => ['select id from public.profiles where id = $1', [w.userA]],
    // A profile for someone else (the auth user without profile): nobody may create it through the API.
    insert: (w) => ["insert into public.profiles (id, email, role) values ($1, 'nina@example.org', 'user') returning id", [w.noProfile]],
    update: (w) => ['update public.profiles set team_id = $2 where id = $1 returning id', [w.userA, w.team]],
    delete: (w) => ['delete from public.profiles where id = $1 returning id', [w.userA]],
  },
  // The history of the fixture point (its insert, recorded by the trigger): nobody writes the log.
  audit_log: {
    select: (w) => ["select id from public.audit_log where table_name = 'points' and row_id = $1", [w.point]],
    insert: (w) => ["insert into public.audit_log (table_name, row_id, action, changes) values ('points', $1, 'update', '{}') returning id", [w.point]],
    update: (w) => ["update public.audit_log set actor = null where table_name = 'points' and row_id = $1 returning id", [w.point]],
    delete: (w) => ["delete from public.audit_log where table_name = 'points' and row_id = $1 returning id", [w.point]],
  },
  'storage.objects (poi_images)': {
    select: (w) => ['select id from storage.objects where id = $1', [w.object]],
    insert: () => ["insert into storage.objects (bucket_id, name) values ('poi_images', 'points/nouvelle.jpg') returning id", []],
    update: (w) => [`update storage.objects set metadata = '{"size":1}' where id = $1 returning id`, [w.object]],
    delete: (w) => ['delete from storage.objects where id = $1 returning id', [w.object]],
  },
};

const ALL: Actor[] = ['user', 'other', 'admin'];
const ADMIN: Actor[] = ['admin'];
/** docs/product.md#roles: who may do what ('user' is alice, author of the fixture point and owner of the profile row). */
const ALLOWED: Record<string, Record<Op, Actor[]>> = {
  points: { select: ALL, insert: ALL, update: ALL, delete: ALL },
  zones: { select: ALL, insert: ADMIN, update: ADMIN, delete: ADMIN },
  teams: { select: ALL, insert: ADMIN, update: ADMIN, delete: ADMIN },
  criticality_levels: { select: ALL, insert: ADMIN, update: ADMIN, delete: ADMIN },
  kilometer_markers: { select: ALL, insert: ADMIN, update: ADMIN, delete: ADMIN },
  app_settings: { select: ALL, insert: ADMIN, update: ADMIN, delete: ADMIN },
  invitations: { select: ADMIN, insert: ADMIN, update: ADMIN, delete: ADMIN },
  // a member reads their own profile only (admins every one); the account without profile creates only its own
  profiles: { select: ['user', 'admin'], insert: ['noprofile'], update: ADMIN, delete: ADMIN },
  audit_log: { select: ALL, insert: [], update: [], delete: [] },
  // public bucket: everybody reads; signed-in users add and remove images under points/; only the uploader
  // (alice owns the fixture object) replaces one
  'storage.objects (poi_images)': { select: ['anon', ...ALL, 'inactive', 'noprofile'], insert: ALL, update: ['user'], delete: ALL },
};

const cases = Object.keys(STATEMENTS).flatMap((table) =>
  OPS.flatMap((op) => ACTORS.map((actor) => ({ table, op, actor, allowed: ALLOWED[table][op].includes(actor) }))));

const idOf = (w: World, a: Actor) => ({ anon: null, user: w.userA, other: w.userB, admin: w.admin, inactive: w.inactive, noprofile: w.noProfile })[a];

describe(`row-level security matrix (${testKind()})`, () => {
  it('covers 9 app tables + storage.objects × 6 actors × 4 operations', () => {
    expect(cases.length).toBe(240);
    expect(cases.filter((c) => c.allowed).length).toBeGreaterThan(20);
  });

  it.each(cases)('$table: $actor $op → allowed=$allowed', async ({ table, op, actor, allowed }) => {
    const [sql, params] = STATEMENTS[table][op](w);
    const r = await tryAs(w.db, idOf(w, actor), async (tx: Queryable) => (await tx.query(sql, params)).rows.length);
    if (allowed) {
      if (!r.ok) throw r.error;
      expect(r.value).toBe(1);
    } else if (r.ok) {
      expect(r.value).toBe(0); // filtered by RLS
    } else {
      expect(r.error.code).toMatch(/^(42501|P0001)$/); // permission denied or RLS violation
    }
  });

  it('left every fixture row in place (each case rolled back)', async () => {
    const n = await w.db.admin.query<{ n: number }>('select count(*)::int as n from public.points');
    expect(n.rows[0].n).toBe(1);
  });
});

describe('security invariants', () => {
  it('every table in public has row-level security enabled', async () => {
    const r = await w.db.admin.query<{ relname: string; relrowsecurity: boolean }>(
      "select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')");
    expect(r.rows.length).toBeGreaterThanOrEqual(8);
    expect(r.rows.filter((t) => !t.relrowsecurity).map((t) => t.relname)).toEqual([]);
  });

  it('every security-definer function pins search_path', async () => {
    const r = await w.db.admin.query<{ name: string; proconfig: string[] | null }>(
      `select n.nspname || '.' || p.proname as name, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')`);
    expect(r.rows.map((f) => f.name)).toEqual(expect.arrayContaining(['private.is_admin', 'private.is_active_member', 'private.audit_row', 'private.user_emails']));
    const unpinned = r.rows.filter((f) => !(f.proconfig ?? []).some((c) => c.startsWith('search_path=')));
    expect(unpinned.map((f) => f.name)).toEqual([]);
  });

  it('no security-definer function lives in the exposed schema', async () => {
    const r = await w.db.admin.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname = 'public' order by 1`);
    expect(r.rows.map((f) => f.name)).toEqual([]);
  });

  it.each(['anon', 'authenticated'] as const)('the %s request role is neither superuser nor bypassrls', async (role) => {
    const ctx = ctxFor(role === 'anon' ? null : w.userA, { readOnly: true });
    const rows = await w.db.asRequest(ctx, async (tx) =>
      (await tx.query<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean; su: boolean }>(
        "select rolname, rolsuper, rolbypassrls, (select rolsuper from pg_roles where rolname = session_user) as su from pg_roles where rolname = current_user")).rows);
    expect(rows).toEqual([{ rolname: role, rolsuper: false, rolbypassrls: false, su: expect.any(Boolean) }]);
    if (testKind() === 'postgres') expect(rows[0].su).toBe(false); // logged in as authenticator, like PostgREST
  });

  it('a read-only request cannot write', async () => {
    const ctx = ctxFor(w.userA, { readOnly: true });
    await expect(w.db.asRequest(ctx, (tx) => tx.query("update public.points set status = 'resolu'"))).rejects.toMatchObject({ code: '25006' });
  });

  it('auth.uid(), auth.role(), auth.email() and auth.jwt() read the request claims', async () => {
    const rows = await w.db.asRequest(ctxFor(w.userA, { email: 'alice@example.org', readOnly: true }), async (tx) =>
      (await tx.query("select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'aud' as aud")).rows);
    expect(rows[0]).toEqual({ uid: w.userA, role: 'authenticated', email: 'alice@example.org', aud: 'authenticated' });
  });

  it('created_by cannot be forged: a user\'s insert is stamped with their own id', async () => {
    const r = await tryAs(w.db, w.userB, async (tx) => (await tx.query<{ created_by: string }>(
      `insert into public.points (name, description, "position", created_by) values ('x', 'd', '{"x":1,"y":1}', $1) returning created_by`, [w.userA])).rows[0]);
    expect(r.ok && r.value.created_by).toBe(w.userB);
  });

  it('storage: poi_images is public, authenticated users upload under points/ only, anon cannot upload', async () => {
    const bucket = await w.db.admin.query("select public, file_size_limit from storage.buckets where id = 'poi_images'");
    expect(bucket.rows[0]).toMatchObject({ public: true });
    expect(Number(bucket.rows[0].file_size_limit)).toBe(5 * 1024 * 1024);
    const ins = (name: string) => async (tx: Queryable) => (await tx.query("insert into storage.objects (bucket_id, name) values ('poi_images', $1) returning id", [name])).rows.length;
    expect(await tryAs(w.db, w.userA, ins('points/a.png'))).toMatchObject({ ok: true, value: 1 });
    expect(await tryAs(w.db, w.userA, ins('autre/a.png'))).toMatchObject({ ok: false });
    expect(await tryAs(w.db, w.userA, ins('points/a.svg'))).toMatchObject({ ok: false });
    expect(await tryAs(w.db, null, ins('points/a.png'))).toMatchObject({ ok: false });
  });

  it('storage: line_images is public, only admins upload, replace or remove the line image under line/', async () => {
    const bucket = await w.db.admin.query("select public, file_size_limit from storage.buckets where id = 'line_images'");
    expect(bucket.rows[0]).toMatchObject({ public: true });
    const ins = (name: string) => async (tx: Queryable) => (await tx.query("insert into storage.objects (bucket_id, name) values ('line_images', $1) returning id", [name])).rows.length;
    expect(await tryAs(w.db, w.admin, ins('line/ligne.png'))).toMatchObject({ ok: true, value: 1 });
    expect(await tryAs(w.db, w.userA, ins('line/ligne.png'))).toMatchObject({ ok: false });
    expect(await tryAs(w.db, null, ins('line/ligne.png'))).toMatchObject({ ok: false });
    expect(await tryAs(w.db, w.admin, ins('autre/ligne.png'))).toMatchObject({ ok: false });
    const existing = await w.db.admin.query<{ id: string }>("insert into storage.objects (bucket_id, name) values ('line_images', 'line/fixture.png') returning id");
    const id = existing.rows[0].id;
    const del = async (tx: Queryable) => (await tx.query('delete from storage.objects where id = $1 returning id', [id])).rows.length;
    const sel = async (tx: Queryable) => (await tx.query('select id from storage.objects where id = $1', [id])).rows.length;
    expect(await tryAs(w.db, w.userA, del)).toMatchObject({ ok: true, value: 0 }); // filtered by RLS
    expect(await tryAs(w.db, null, sel)).toMatchObject({ ok: true, value: 1 }); // public read
    expect(await tryAs(w.db, w.admin, del)).toMatchObject({ ok: true, value: 1 });
  });
});
