// The audit log on bulk inserts (20261126140000_audit_insert_cost.sql): what a bulk insert pays for the audit log. The Journal's
// index by person leaves out entries without a person (the service role, the seed, SQL imports) and still serves the
// filter by person; the dashboard's feed from the audit log gets only the followed columns and feeds its tables as
// before (supabase/tests/dashboard.test.ts checks the figures); since 20261128140000_feed_reports_direct.sql the feed
// adds reported points' states straight from the log's transition table, with the same result as the rebuild from the
// whole log, also for a statement that logs a point reported and then changed. Speed: bench/auditInsert.bench.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { createUserWithProfile, freshDatabase, resetDatabase } from './fixtures';

let db: Database;
beforeAll(async () => { db = await freshDatabase(); await resetDatabase(db); });
afterAll(async () => { await db?.close(); });

it('indexes by person only the entries that have one, and the filter by person uses that index', async () => {
  const def = await db.admin.query<{ d: string }>("select indexdef as d from pg_indexes where indexname = 'audit_log_actor_idx'");
  expect(def.rows[0].d).toMatch(/WHERE \(actor IS NOT NULL\)/);
  const alice = await createUserWithProfile(db, 'alice@example.org', 'user');
  await db.admin.transaction(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    await tx.query('set local enable_bitmapscan = off');
    const plan = await tx.query<{ 'QUERY PLAN': string }>(
      'explain select * from public.audit_log where actor = $1 order by at desc limit 50', [alice]);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/audit_log_actor_idx/);
  });
});

it('feeds the dashboard the state of points inserted, changed and deleted in bulk', async () => {
  const line = (await db.admin.query<{ id: string }>('select private.default_line_id() as id')).rows[0].id;
  await db.admin.exec(`insert into public.points (name, description, kilometer, km_value, "position", status, criticality, line_id)
    select 'P' || g, 'description longue ' || g, '12.' || g, 12 + g / 100.0, '{"x": 1, "y": 2}', 'signale', 'attention', '${line}'
      from generate_series(1, 20) g`);
  await db.admin.exec("update public.points set status = 'resolu', description = 'autre' where name in ('P1', 'P2')");
  await db.admin.exec("delete from public.points where name = 'P3'");
  const states = await db.admin.query<{ name: string; status: string; open: boolean; km: string }>(
    `select p.name, s.status, s.valid_to is null as open, round(s.km_value, 2)::text as km
       from private.point_states s join public.audit_log a on a.row_id = s.point_id::text and a.action = 'insert'
       join lateral (select a.changes -> 'name' ->> 'new' as name) p on true
      where p.name in ('P1', 'P3', 'P4') order by p.name, s.valid_from`);
  expect(states.rows).toEqual([
    { name: 'P1', status: 'signale', open: false, km: '12.01' },
    { name: 'P1', status: 'resolu', open: true, km: '12.01' },
    { name: 'P3', status: 'signale', open: false, km: '12.03' },
    { name: 'P4', status: 'signale', open: true, km: '12.04' },
  ]);
  const counts = await db.admin.query<{ open: number; reported: number; resolved: number }>(
    `select sum(open_delta)::int as open, sum(reported)::int as reported, sum(resolved)::int as resolved
       from private.point_day_counts where line_id = $1`, [line]);
  expect(counts.rows[0]).toEqual({ open: 17, reported: 20, resolved: 2 });
});

it('one statement logging a point reported, then changed, and another reported: the states the rebuild gives', async () => {
  const line = (await db.admin.query<{ id: string }>('select private.default_line_id() as id')).rows[0].id;
  const [x, y] = ['7d3c1a52-0000-4000-8000-000000000001', '7d3c1a52-0000-4000-8000-000000000002'];
  const rep = (status: string, crit: string, km: number) =>
    JSON.stringify({ status: { new: status }, criticality: { new: crit }, line_id: { new: line }, km_value: { new: km }, name: { new: 'n' } });
  await db.admin.query(
    `insert into public.audit_log (at, table_name, row_id, action, changes) values
       (now() - interval '3 days', 'points', $1, 'insert', $3::jsonb),
       (now() - interval '1 day', 'points', $1, 'update', '{"status": {"old": "signale", "new": "resolu"}}'),
       (now() - interval '1 day', 'points', $2, 'insert', $4::jsonb)`,
    [x, y, rep('signale', 'attention', 12.5), rep('signale', 'faible', 3.25)]);
  const read = async () => (await db.admin.query(
    `select point_id::text, line_id::text, status, criticality, km_value::text as km, reported_at, prev_status, valid_from, valid_to
       from private.point_states where point_id = any ($1::uuid[]) order by point_id, valid_from, valid_to nulls last`, [[x, y]])).rows;
  const days = async () => (await db.admin.query(
    `select day::text, status, criticality, open_delta, reported, resolved from private.point_day_counts
      where line_id = $1 and (open_delta, reported, resolved) <> (0, 0, 0) order by 1, 2, 3`, [line])).rows;
  const fed = await read();
  const fedDays = await days();
  expect(fed.map((s) => [s.point_id === x ? 'x' : 'y', s.prev_status, s.status, s.criticality, s.km, s.valid_to === null]))
    .toEqual([['x', null, 'signale', 'attention', '12.5', false], ['x', 'signale', 'resolu', 'attention', '12.5', true], ['y', null, 'signale', 'faible', '3.25', true]]);
  await db.admin.query('select private.rebuild_point_states()');
  expect(await read()).toEqual(fed);
  expect(await days()).toEqual(fedDays);
});
