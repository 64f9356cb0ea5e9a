// The dashboard feed of inserted points (20261201100000_audit_feed_reports_typed.sql): an insert of points feeds its reported points'
// dashboard states from the points' transition table (in private.audit_rows) instead of from the log entries' jsonb,
// and the open/day counts spell out private.report_month/report_day/paris_day/is_open_status. The states, day counts
// and pre-aggregated open counts must be exactly what the feed from the log gave, i.e. what the rebuild from the whole
// log gives; entries of reports written to the log directly (not through audit_rows) are still fed from their jsonb.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { freshDatabase, resetDatabase } from './fixtures';

let db: Database;
beforeAll(async () => { db = await freshDatabase(); await resetDatabase(db); });
afterAll(async () => { await db?.close(); });

const snapshot = async () => {
  const q = async (sql: string) => (await db.admin.query(sql)).rows;
  return {
    states: await q(`select point_id::text, line_id::text, status, criticality, team_id::text, km_value::text as km, reported_at::text,
                            prev_status, valid_from::text, valid_to::text from private.point_states order by 1, valid_from, valid_to nulls last`),
    days: await q(`select day::text, line_id::text, team_id::text, status, criticality, open_delta, reported, resolved
                     from private.point_day_counts where (open_delta, reported, resolved) <> (0, 0, 0) order by 1, 2, 3, 4, 5`),
    ages: await q('select line_id::text, team_id::text, status, criticality, month::text, n from private.point_open_ages where n <> 0 order by 1, 2, 3, 4, 5'),
    openDays: await q('select line_id::text, team_id::text, status, criticality, day::text, n from private.point_open_days where n <> 0 order by 1, 2, 3, 4, 5'),
    kms: await q('select line_id::text, team_id::text, status, criticality, km, n from private.point_open_kms where n <> 0 order by 1, 2, 3, 4, 5'),
  };
};

it('a bulk insert of points (teams, nulls, numerics with their scale, backdated and future reports, every status) feeds what the rebuild gives', async () => {
  const team = (await db.admin.query<{ id: string }>("insert into public.teams (name) values ('Équipe typée') returning id")).rows[0].id;
  const line2 = (await db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('LT2', 'Ligne typée') returning id")).rows[0].id;
  await db.admin.query(`insert into public.points (name, description, kilometer, km_value, "position", status, criticality, team_id, line_id, created_at, observed_at)
    select 'Typé ' || g, 'd', '12.' || g, case when g % 5 = 0 then null else 12 + g / 7.0 end, '{"x": 1, "y": 2}',
           (array['signale', 'pris_en_charge', 'resolu', 'signale'])[1 + g % 4], (array['attention', 'danger'])[1 + g % 2],
           case when g % 4 < 2 then $1::uuid end, case when g % 3 = 0 then $2::uuid else private.default_line_id() end,
           now() - (g % 200) * interval '1 day 3 hours' + case when g = 7 then interval '2 days' else interval '0' end,
           now() - (g % 200) * interval '1 day 3 hours'
      from generate_series(1, 240) g`, [team, line2]);
  // A report logged directly afterwards in the same transaction is still fed from its jsonb (the mark is gone).
  const direct = 'd1d1d1d1-0000-4000-8000-000000000001';
  await db.admin.transaction(async (tx) => {
    await tx.query(`insert into public.points (name, "position", observed_at) values ('Typé seul', '{"x": 1, "y": 2}', now())`);
    await tx.query(`insert into public.audit_log (at, table_name, row_id, action, changes) values (now() - interval '2 days', 'points', $1, 'insert', $2::jsonb)`,
      [direct, JSON.stringify({ status: { new: 'signale' }, criticality: { new: 'danger' }, line_id: { new: line2 }, km_value: { new: 3.250 } })]);
  });
  const fed = await snapshot();
  expect(fed.states.filter((s) => s.point_id === direct)).toHaveLength(1);
  expect(fed.states.length).toBeGreaterThanOrEqual(242);
  await db.admin.query('select private.rebuild_point_states()');
  expect(await snapshot()).toEqual(fed);
});

/** The generic build of 20251123091000_accountability.sql for one row, as text (numerics keep their scale). */
const GENERIC = (row: string, side: string) => `(select coalesce(jsonb_object_agg(e.key, jsonb_build_object('${side}', e.value)), '{}'::jsonb)
   from jsonb_each(to_jsonb(${row})) e where e.key <> 'updated_at')::text`;

it('logs inserts and deletions as the generic build, to the text (records per column; a "$" column falls back)', async () => {
  await db.admin.exec(`insert into public.points (name, description, kilometer, km_value, "position", status, criticality, ticket_number)
    select 'Txt ' || g, 'd "é" ' || g, '12.' || g, case when g % 2 = 0 then 12.500 + g end, jsonb_build_object('x', g, 'y', 2.50),
           'signale', 'attention', case when g % 3 = 0 then 'OT-' || g end
      from generate_series(1, 9) g`);
  const ins = await db.admin.query<{ same: boolean }>(
    `select a.changes::text = ${GENERIC('p', 'new')} as same
       from public.points p join public.audit_log a on a.row_id = p.id::text and a.action = 'insert' and a.table_name = 'points'
      where p.name like 'Txt %'`);
  expect(ins.rows).toHaveLength(9);
  expect(ins.rows.every((r) => r.same)).toBe(true);
  const expected = await db.admin.query<{ id: string; t: string }>(`select p.id, ${GENERIC('p', 'old')} as t from public.points p where p.name like 'Txt %'`);
  await db.admin.exec("delete from public.points where name like 'Txt %'");
  const del = await db.admin.query<{ id: string; t: string }>(
    "select row_id as id, changes::text as t from public.audit_log where table_name = 'points' and action = 'delete' and row_id = any ($1)",
    [expected.rows.map((r) => r.id)]);
  expect(new Map(del.rows.map((r) => [r.id, r.t]))).toEqual(new Map(expected.rows.map((r) => [r.id, r.t])));
  await db.admin.transaction(async (tx) => {
    await tx.query('create table public.audit_dollar_probe (id integer primary key, "$1" text, e text, t text)');
    await tx.query(`create trigger audit_inserts after insert on public.audit_dollar_probe referencing new table as new_rows
      for each statement execute function private.audit_rows()`);
    await tx.query(`insert into public.audit_dollar_probe values (1, 'a', 'b', 'c'), (2, null, null, null)`);
    const got = await tx.query<{ same: boolean }>(
      `select a.changes::text = ${GENERIC('w', 'new')} as same from public.audit_dollar_probe w
         join public.audit_log a on a.table_name = 'audit_dollar_probe' and a.row_id = w.id::text order by w.id`);
    expect(got.rows).toEqual([{ same: true }, { same: true }]);
    throw new Error('rollback');
  }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
});
