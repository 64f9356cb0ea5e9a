// The audit log: every insert, update and delete of the app's tables recorded by the database with
// the actor and the changed columns; nobody writes it through the API; members read points' history only;
// user_emails() gives colleagues' emails for what they did and nothing else.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { asUser, createUserWithProfile, freshDatabase, resetDatabase, testKind, tryAs } from './fixtures';

interface Entry { id: number; actor: string | null; table_name: string; row_id: string; action: string; changes: Record<string, { old?: unknown; new?: unknown }> }

let db: Database;
let admin: string, alice: string, bob: string;
beforeAll(async () => { db = await freshDatabase(); });
afterAll(async () => { await db?.close(); });
beforeEach(async () => {
  await resetDatabase(db);
  admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
  alice = await createUserWithProfile(db, 'alice@example.org', 'user');
  bob = await createUserWithProfile(db, 'bob@example.org', 'user');
});

const entries = async (table: string, rowId?: string) =>
  (await db.admin.query<Entry>(
    `select id, actor, table_name, row_id, action, changes from public.audit_log
      where table_name = $1 and ($2::text is null or row_id = $2) order by id`, [table, rowId ?? null])).rows;
const one = async (actor: string | null, sql: string, params: unknown[] = []) =>
  actor === null
    ? (await db.admin.query<{ id: string }>(sql, params)).rows[0].id
    : (await asUser<{ id: string }>(db, actor, sql, params))[0].id;

// Each table: an insert, an update of one column and a delete, made through the API by who may.
const TABLES: { table: string; who: () => string; insert: string; update: string; del: string; col: string; from: unknown; to: unknown }[] = [
  { table: 'points', who: () => alice, col: 'status', from: 'signale', to: 'pris_en_charge',
    insert: `insert into public.points (name, "position") values ('Rail cassé', '{"x":1,"y":2}') returning id`,
    update: "update public.points set status = 'pris_en_charge', updated_at = updated_at where id = $1 returning id", del: 'delete from public.points where id = $1 returning id' },
  { table: 'zones', who: () => admin, col: 'name', from: 'Z', to: 'Zone B',
    insert: `insert into public.zones (name, points) values ('Z', '[{"x":0,"y":0},{"x":1,"y":0},{"x":1,"y":1}]') returning id`,
    update: "update public.zones set name = 'Zone B', updated_at = updated_at where id = $1 returning id", del: 'delete from public.zones where id = $1 returning id' },
  { table: 'criticality_levels', who: () => admin, col: 'color', from: '#123456', to: '#654321',
    insert: "insert into public.criticality_levels (id, name, color) values ('faible', 'Faible', '#123456') returning id",
    update: "update public.criticality_levels set color = '#654321', updated_at = updated_at where id = $1 returning id", del: 'delete from public.criticality_levels where id = $1 returning id' },
  { table: 'teams', who: () => admin, col: 'description', from: null, to: 'Caténaire',
    insert: "insert into public.teams (name) values ('Équipe 1') returning id",
    update: "update public.teams set description = 'Caténaire', updated_at = updated_at where id = $1 returning id", del: 'delete from public.teams where id = $1 returning id' },
  { table: 'kilometer_markers', who: () => admin, col: 'value', from: 12, to: 12.5,
    insert: 'insert into public.kilometer_markers ("position", value) values (600, 12) returning id',
    update: 'update public.kilometer_markers set value = 12.5, updated_at = updated_at where id = $1 returning id', del: 'delete from public.kilometer_markers where id = $1 returning id' },
  { table: 'app_settings', who: () => admin, col: 'value', from: 'https://a.example.org', to: 'https://b.example.org',
    insert: "insert into public.app_settings (key, value) values ('feedback_link', 'https://a.example.org') returning key as id",
    update: "update public.app_settings set value = 'https://b.example.org', updated_at = updated_at where key = $1 returning key as id", del: 'delete from public.app_settings where key = $1 returning key as id' },
];

describe(`audit log: what is recorded (${testKind()})`, () => {
  it.each(TABLES)('$table: insert, update and delete through the API, with the actor and the changed fields', async (t) => {
    const actor = t.who();
    const id = await one(actor, t.insert);
    await one(actor, t.update, [id]);
    await one(actor, t.del, [id]);
    const log = await entries(t.table, id);
    expect(log.map((e) => [e.action, e.actor])).toEqual([['insert', actor], ['update', actor], ['delete', actor]]);
    const [ins, upd, del] = log;
    expect(ins.changes[t.col]).toEqual({ new: t.from });
    expect(Object.values(ins.changes).every((c) => 'new' in c && !('old' in c))).toBe(true);
    expect(upd.changes).toEqual({ [t.col]: { old: t.from, new: t.to } }); // only the changed column, never updated_at
    expect(del.changes[t.col]).toEqual({ old: t.to });
    expect(Object.values(del.changes).every((c) => 'old' in c && !('new' in c))).toBe(true);
    expect(Object.keys(ins.changes)).not.toContain('updated_at');
  });

  it('an update that changes nothing recorded (or only restates the version) writes no entry', async () => {
    const id = await one(alice, TABLES[0].insert);
    const v = (await db.admin.query<{ v: string }>('select updated_at::text as v from public.points where id = $1', [id])).rows[0].v;
    await asUser(db, alice, "update public.points set name = 'Rail cassé', updated_at = $2 where id = $1", [id, v]);
    await asUser(db, alice, 'update public.points set status = status, updated_at = updated_at where id = $1', [id]);
    expect((await entries('points', id)).map((e) => e.action)).toEqual(['insert']);
  });

  it('records changes made directly in SQL or by the service role with a null actor', async () => {
    const id = await one(null, TABLES[0].insert);
    await db.admin.query("update public.points set description = 'vu en tournée' where id = $1", [id]);
    await db.asRequest({ role: 'service_role', claims: { role: 'service_role' }, method: 'POST', path: '/rest/v1/points', readOnly: false },
      (tx) => tx.query("update public.points set ticket_number = 'T-1' where id = $1", [id]));
    const log = await entries('points', id);
    expect(log.map((e) => [e.action, e.actor, Object.keys(e.changes).join()])).toEqual([
      ['insert', null, expect.stringContaining('name')], ['update', null, 'description'], ['update', null, 'ticket_number']]);
  });

  it('profiles: role, team and active only (never the email), with the admin as actor', async () => {
    const team = await one(admin, "insert into public.teams (name) values ('Voie') returning id");
    await asUser(db, admin, 'select public.change_user_role($1, $2)', [alice, 'admin']);
    await asUser(db, admin, 'update public.profiles set team_id = $2 where id = $1', [bob, team]);
    await asUser(db, admin, 'select public.set_user_active($1, false)', [bob]);
    await db.admin.query("update public.profiles set email = 'autre@example.org' where id = $1", [bob]);
    const log = (await entries('profiles')).filter((e) => e.action === 'update');
    expect(log.map((e) => [e.row_id, e.actor, e.changes])).toEqual([
      [alice, admin, { role: { old: 'user', new: 'admin' } }],
      [bob, admin, { team_id: { old: null, new: team } }],
      [bob, admin, { active: { old: true, new: false } }],
    ]);
    const created = (await entries('profiles', alice)).find((e) => e.action === 'insert')!;
    expect(Object.keys(created.changes).sort()).toEqual(['active', 'role', 'team_id']);
  });

  it('a cascade (a level renamed) is recorded on the points it changed', async () => {
    await one(admin, "insert into public.criticality_levels (id, name) values ('moyen', 'Moyen') returning id");
    const p = await one(alice, `insert into public.points (name, "position", criticality) values ('P', '{"x":1,"y":1}', 'moyen') returning id`);
    await asUser(db, admin, "update public.criticality_levels set id = 'modere', updated_at = updated_at where id = 'moyen'");
    expect((await entries('points', p)).at(-1)).toMatchObject({ action: 'update', actor: admin, changes: { criticality: { old: 'moyen', new: 'modere' } } });
  });
});

describe(`audit log: nobody writes it through the API (${testKind()})`, () => {
  const writes = [
    ["insert into public.audit_log (table_name, row_id, action, changes) values ('points', 'x', 'update', '{}') returning id", 'insert'],
    ['update public.audit_log set actor = null returning id', 'update'],
    ['delete from public.audit_log returning id', 'delete'],
  ] as const;
  const who = () => ({ anon: null, user: alice, admin });

  it.each(['anon', 'user', 'admin'] as const)('%s: every insert, update and delete is refused', async (k) => {
    await one(alice, TABLES[0].insert);
    const before = (await db.admin.query<{ n: number }>('select count(*)::int as n from public.audit_log')).rows[0].n;
    for (const [sql] of writes) {
      const r = await tryAs(db, who()[k], (tx) => tx.query(sql));
      expect(r.ok, sql).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('42501');
    }
    expect((await db.admin.query<{ n: number }>('select count(*)::int as n from public.audit_log')).rows[0].n).toBe(before);
  });

  it('is append-only even for the owner: updates and deletes are refused by a trigger', async () => {
    await one(alice, TABLES[0].insert);
    await expect(db.admin.query('update public.audit_log set actor = null')).rejects.toMatchObject({ code: '42501' });
    await expect(db.admin.query('delete from public.audit_log')).rejects.toMatchObject({ code: '42501' });
  });
});

describe(`audit log: who reads what (${testKind()})`, () => {
  it('members read the history of points only; admins read everything; anon nothing', async () => {
    const p = await one(alice, TABLES[0].insert);
    await one(admin, "insert into public.teams (name) values ('T') returning id");
    const tables = async (u: string | null) =>
      [...new Set((await asUser<{ table_name: string }>(db, u, 'select table_name from public.audit_log')).map((r) => r.table_name))].sort();
    expect(await tables(bob)).toEqual(['points']);
    expect(await tables(admin)).toEqual(expect.arrayContaining(['points', 'profiles', 'teams']));
    await expect(asUser(db, null, 'select * from public.audit_log')).rejects.toMatchObject({ code: '42501' });
    const mine = await asUser<Entry>(db, bob, "select * from public.audit_log where table_name = 'points' and row_id = $1", [p]);
    expect(mine.map((e) => [e.action, e.actor])).toEqual([['insert', alice]]);
  });

  it('user_emails: the email of who made or changed a point, nothing of anyone else (admins: anyone)', async () => {
    const p = await one(alice, TABLES[0].insert);
    await asUser(db, bob, "update public.points set status = 'resolu', updated_at = updated_at where id = $1", [p]);
    const carol = await createUserWithProfile(db, 'carol@example.org', 'user');
    const emails = (u: string | null, ids: string[]) => asUser<{ id: string; email: string }>(db, u, 'select * from public.user_emails($1) order by email', [ids]);
    expect(await emails(bob, [alice, bob, carol, admin])).toEqual([{ id: alice, email: 'alice@example.org' }, { id: bob, email: 'bob@example.org' }]);
    expect((await emails(admin, [alice, carol])).map((r) => r.email)).toEqual(['alice@example.org', 'carol@example.org']);
    await expect(emails(null, [alice])).rejects.toMatchObject({ code: '42501' });
    // a plain user sees only their own profile row
    expect((await asUser<{ id: string }>(db, bob, 'select id from public.profiles')).map((r) => r.id)).toEqual([bob]);
    expect(await asUser(db, bob, 'select * from public.user_emails($1)', [[carol]])).toEqual([]);
  });
});
