// The audit entries built from the catalog (20261130130000_audit_insert_lighter.sql): private.audit_rows() builds each insert/delete entry
// from the catalog's column list instead of splitting the whole row's jsonb. The entries must be exactly what the
// generic build gave: every column but updated_at as {"new"|"old": value} (nulls, jsonb, numerics, timestamps), the
// row id from `id` else `key`, only the named columns when the trigger names some (profiles), and tables wider than
// one jsonb_build_object call. Speed: bench/auditInsert.bench.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { createUserWithProfile, freshDatabase, resetDatabase } from './fixtures';

let db: Database;
beforeAll(async () => { db = await freshDatabase(); await resetDatabase(db); });
afterAll(async () => { await db?.close(); });

/** The generic build of 20251123091000_accountability.sql for one row (as jsonb), `side` 'new' or 'old'. */
const GENERIC = (row: string, side: string, cols = 'null::text[]') => `(select coalesce(jsonb_object_agg(e.key, jsonb_build_object('${side}', e.value)), '{}'::jsonb)
   from jsonb_each(to_jsonb(${row})) e where e.key <> 'updated_at' and (${cols} is null or e.key = any (${cols})))`;

it('logs inserted and deleted points exactly as the generic build, nulls and jsonb included', async () => {
  await db.admin.exec(`insert into public.points (name, description, kilometer, km_value, "position", status, criticality, ticket_number)
    select 'Cat ' || g, 'd ' || g, '12.' || g, case when g % 2 = 0 then 12 + g / 7.0 end, jsonb_build_object('x', g, 'y', 2.5),
           'signale', 'attention', case when g % 3 = 0 then 'OT-' || g end
      from generate_series(1, 12) g`);
  const ins = await db.admin.query<{ same: boolean; id_ok: boolean }>(
    `select a.changes = ${GENERIC('p', 'new')} as same, a.row_id = p.id::text as id_ok
       from public.points p join public.audit_log a on a.row_id = p.id::text and a.action = 'insert' and a.table_name = 'points'
      where p.name like 'Cat %'`);
  expect(ins.rows).toHaveLength(12);
  expect(ins.rows.every((r) => r.same && r.id_ok)).toBe(true);
  const sample = await db.admin.query<{ c: Record<string, unknown> }>(
    `select a.changes as c from public.audit_log a join public.points p on a.row_id = p.id::text and a.action = 'insert' where p.name = 'Cat 3'`);
  expect(sample.rows[0].c).toMatchObject({ name: { new: 'Cat 3' }, ticket_number: { new: 'OT-3' }, km_value: { new: null }, position: { new: { x: 3, y: 2.5 } } });
  expect(sample.rows[0].c).not.toHaveProperty('updated_at');

  const before = await db.admin.query<{ id: string; expected: unknown }>(
    `select p.id, ${GENERIC('p', 'old')} as expected from public.points p where p.name like 'Cat %'`);
  await db.admin.exec("delete from public.points where name like 'Cat %'");
  const del = await db.admin.query<{ id: string; changes: unknown }>(
    `select row_id as id, changes from public.audit_log where table_name = 'points' and action = 'delete' and row_id = any ($1)`,
    [before.rows.map((r) => r.id)]);
  expect(new Map(del.rows.map((r) => [r.id, r.changes]))).toEqual(new Map(before.rows.map((r) => [r.id, r.expected])));
});

it('logs only the named columns of profiles, and a key-named table by its key', async () => {
  const alice = await createUserWithProfile(db, 'catalog.alice@example.org', 'user');
  const prof = await db.admin.query<{ changes: Record<string, unknown> }>(
    "select changes from public.audit_log where table_name = 'profiles' and action = 'insert' and row_id = $1", [alice]);
  expect(prof.rows).toHaveLength(1);
  expect(Object.keys(prof.rows[0].changes).sort()).toEqual(['active', 'role', 'team_id']);
  await db.admin.exec("insert into public.app_settings (key, value) values ('catalog_test', 'v')");
  const set = await db.admin.query<{ same: boolean }>(
    `select a.changes = ${GENERIC('s', 'new')} as same from public.app_settings s
       join public.audit_log a on a.table_name = 'app_settings' and a.row_id = s.key and a.action = 'insert' where s.key = 'catalog_test'`);
  expect(set.rows).toEqual([{ same: true }]);
});

it('logs a table wider than one jsonb_build_object call (60 columns) in full', async () => {
  const cols = Array.from({ length: 60 }, (_, i) => `c${i} text`).join(', ');
  await db.admin.transaction(async (tx) => {
    await tx.query(`create table public.audit_wide_probe (id integer primary key, ${cols}, updated_at timestamptz default now())`);
    await tx.query(`create trigger audit_inserts after insert on public.audit_wide_probe referencing new table as new_rows
      for each statement execute function private.audit_rows()`);
    await tx.query(`insert into public.audit_wide_probe (id, c0, c59) values (7, 'a', 'z'), (8, null, 'y')`);
    const got = await tx.query<{ same: boolean; n: number }>(
      `select a.changes = ${GENERIC('w', 'new')} as same, (select count(*)::int from jsonb_object_keys(a.changes)) as n
         from public.audit_wide_probe w join public.audit_log a on a.table_name = 'audit_wide_probe' and a.row_id = w.id::text order by w.id`);
    expect(got.rows).toEqual([{ same: true, n: 61 }, { same: true, n: 61 }]);
    throw new Error('rollback');
  }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
});
