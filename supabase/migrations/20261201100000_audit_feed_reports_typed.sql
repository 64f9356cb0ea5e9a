-- Issue 22 item 6: a bulk insert of points costs at most 1.3× the same insert without the audit log (and the
-- dashboard feed it drives). Measured (PostgreSQL 15, backend CPU time, 2 cores shared with a CI run, so noisy):
--   * bench/auditInsert.bench.ts before this migration, load 3.7: 1.378× (rounds 1.30-1.43; wall 1.37×);
--   * the same with AUDIT_BENCH_BEFORE=1 (before and after in the same rounds), load 9.5: 1.21× after, 1.35× before;
--     plain, load 10.8: 1.29× (rounds 0.89-1.40); again with AUDIT_BENCH_BEFORE=1, load 6.6 falling to 4.4:
--     1.24× after (rounds 1.20-1.40; wall 1.25×), 1.33× before (wall 1.32×);
--   * 20 alternations of 3 × 1,000 points per variant in one session (CPU from /proc/<backend>/schedstat, medians of
--     the per-round ratios): load 7-9: 1.23× after, 1.35× before; load 7-10: 1.19× after, 1.30× before.
--   The gain is ~0.11-0.13 of the insert without audit: from 1.38× quiet, about 1.25-1.27× expected quiet (not yet
--   measured on a quiet machine). Same audit entries, same dashboard states and counts; only the way there is cheaper:
--
--   * A point reported through an insert of points had its state rebuilt by the feed trigger on audit_log from the
--     entry's jsonb: six lookups in a ~800-byte object per point, text round trips of two uuids, a numeric and
--     two timestamps. private.audit_rows() now adds those states itself from the points' transition table (typed
--     columns, the same values: status/criticality/team_id/km_value/line_id as inserted, reported at created_at,
--     valid from least(created_at, now()); `now()` is the entry's `at`), right after logging them, and marks the
--     log insert with the transaction-local setting private.point_reports_fed so that
--     private.audit_log_feed_point_states() leaves those entries alone. Entries of points' inserts written to the
--     log any other way (a direct insert as the tests do) are still fed from their jsonb as before; the updates
--     and deletions are untouched. Disabling the audit trigger of inserts still leaves the states unfed, as before.
--   * private.audit_rows() built each entry with a jsonb_build_object per column ({"col": {"new": value}}), each
--     turned into jsonb and then copied into the entry's object. It now writes the entry as to_jsonb of one record
--     whose fields are the followed columns, each a one-field record `new`/`old` holding the value (lateral
--     subqueries over the transition table, which the planner pulls up into row expressions: no per-column jsonb).
--     to_jsonb of a record converts each field as to_jsonb of the value does, nulls included, and jsonb objects do
--     not keep key order: the entries are the same, text included (about half the build's time in a micro-benchmark:
--     6 µs instead of 11 µs per point of 15 columns). A table with a column named "$…" (the laterals' aliases) or
--     with no followed column keeps the build of 20261130130000_audit_insert_lighter.sql.
--   * private.paris_day / is_open_status (the day counts) and private.report_month / report_day (the open counts,
--     private.point_open_counts_apply) are SQL functions with `set search_path`, which PostgreSQL never inlines:
--     a function call with a configuration change per row. The hot statements now spell their bodies out (the same
--     expressions); the functions stay for every other reader.
--
-- Tests: supabase/tests/auditInsertCost.test.ts, dashboardFeed.test.ts, dashboard.test.ts, auditRowsCatalog.test.ts.

create or replace function private.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cols text[] := case when tg_nargs > 0 then tg_argv end;
  side text := case when tg_op = 'INSERT' then 'new' else 'old' end;
  reports boolean := tg_op = 'INSERT' and tg_table_schema = 'public' and tg_table_name = 'points';
  transition text := case when tg_op = 'INSERT' then 'new_rows' else 'old_rows' end;
  changes text;
  row_id text;
begin
  -- Each entry is to_jsonb of one record whose fields are the followed columns, each a one-field record named
  -- `new`/`old` holding the value (lateral subqueries the planner pulls up into row expressions): one conversion
  -- per row instead of a jsonb_build_object per column. Its lateral aliases are "$<attnum>"; a table with a column
  -- named like that, or none followed, is built as in 20261130130000_audit_insert_lighter.sql.
  if exists (select from pg_catalog.pg_attribute at where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped
                and at.attname like '$%')
     or not exists (select from pg_catalog.pg_attribute at where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped
                       and at.attname <> 'updated_at' and (cols is null or at.attname = any (cols))) then
    -- jsonb_build_object takes at most 100 arguments: 40 columns per call, joined with ||.
    select pg_catalog.string_agg(c.obj, ' || ' order by c.chunk) into changes
      from (select a.chunk, 'pg_catalog.jsonb_build_object(' || pg_catalog.string_agg(
                     pg_catalog.format('%L, pg_catalog.jsonb_build_object(%L, pg_catalog.to_jsonb(t.%I))', a.attname, side, a.attname),
                     ', ' order by a.attnum) || ')' as obj
              from (select at.attname, at.attnum, (pg_catalog.row_number() over (order by at.attnum) - 1) / 40 as chunk
                      from pg_catalog.pg_attribute at
                     where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname <> 'updated_at'
                       and (cols is null or at.attname = any (cols))) a
             group by a.chunk) c;
    changes := pg_catalog.format('%s from %I t', coalesce(changes, '''{}''::jsonb'), transition);
  else
    select pg_catalog.format('pg_catalog.to_jsonb("$e") from %I t, ', transition)
           || pg_catalog.string_agg(pg_catalog.format('lateral (select t.%I as %I) %I', at.attname, side, '$' || at.attnum), ', ' order by at.attnum)
           || ', lateral (select ' || pg_catalog.string_agg(pg_catalog.format('%I as %I', '$' || at.attnum, at.attname), ', ' order by at.attnum) || ') "$e"'
      into changes
      from pg_catalog.pg_attribute at
     where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname <> 'updated_at'
       and (cols is null or at.attname = any (cols));
  end if;
  select pg_catalog.format('coalesce(%s)', pg_catalog.string_agg(pg_catalog.format('pg_catalog.to_jsonb(t.%I) #>> ''{}''', at.attname), ', ' order by at.attname = 'key'))
    into row_id
    from pg_catalog.pg_attribute at
   where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname in ('id', 'key');
  if reports then perform pg_catalog.set_config('private.point_reports_fed', 'on', true); end if;
  execute pg_catalog.format(
    'insert into public.audit_log (actor, table_name, row_id, action, changes) select $1, $2, %s, %L, %s',
    coalesce(row_id, 'null::text'), lower(tg_op), changes)
  using auth.uid(), tg_table_name;
  if reports then
    perform pg_catalog.set_config('private.point_reports_fed', '', true);
    -- The reported points' states and day counts, as private.audit_log_feed_point_states() gives them from the entries
    -- just logged (20261128140000_feed_reports_direct.sql), from the same values.
    with added as (
      insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, prev_status, valid_from)
      select t.id, coalesce(t.line_id, (select pt.line_id from public.points pt where pt.id = t.id)),
             coalesce(t.status, 'signale'), coalesce(t.criticality, 'attention'), t.team_id, t.km_value,
             coalesce(t.created_at, now()), null, least(coalesce(t.created_at, now()), now())
        from new_rows t
      on conflict do nothing
      returning *
    )
    insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
    select (a.valid_from at time zone 'Europe/Paris')::date, a.line_id, a.team_id, a.status, a.criticality,
           count(*) filter (where a.status in ('signale', 'pris_en_charge')), count(*), count(*) filter (where a.status = 'resolu')
      from added a group by 1, 2, 3, 4, 5
    on conflict (day, line_id, team_id, status, criticality) do update
      set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
          resolved = d.resolved + excluded.resolved;
  end if;
  return null;
end $$;
comment on function private.audit_rows() is
  'Statement trigger after insert or delete: one audit entry per row (all followed columns), built from the catalog''s column list; '
  'for inserts of points also the reported points'' dashboard states (private.point_states, private.point_day_counts).';
revoke all on function private.audit_rows() from public;

create or replace function private.audit_log_feed_point_states() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  entries jsonb;
begin
  -- Reports: one state each, in the order of the log; those logged by private.audit_rows() it has fed itself.
  if coalesce(pg_catalog.current_setting('private.point_reports_fed', true), '') <> 'on' then
    with added as (
      insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, prev_status, valid_from)
      select n.row_id::uuid,
             coalesce((n.changes -> 'line_id' ->> 'new')::uuid, (select pt.line_id from public.points pt where pt.id = n.row_id::uuid)),
             coalesce(n.changes -> 'status' ->> 'new', 'signale'), coalesce(n.changes -> 'criticality' ->> 'new', 'attention'),
             (n.changes -> 'team_id' ->> 'new')::uuid, (n.changes -> 'km_value' ->> 'new')::numeric,
             coalesce((n.changes -> 'created_at' ->> 'new')::timestamptz, n.at), null,
             least(coalesce((n.changes -> 'created_at' ->> 'new')::timestamptz, n.at), n.at)
        from new_entries n
       where n.table_name = 'points' and n.action = 'insert'
       order by n.id
      on conflict do nothing
      returning *
    )
    insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
    select (a.valid_from at time zone 'Europe/Paris')::date, a.line_id, a.team_id, a.status, a.criticality,
           count(*) filter (where a.status in ('signale', 'pris_en_charge')), count(*), count(*) filter (where a.status = 'resolu')
      from added a group by 1, 2, 3, 4, 5
    on conflict (day, line_id, team_id, status, criticality) do update
      set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
          resolved = d.resolved + excluded.resolved;
  end if;

  -- The rest as before.
  select jsonb_agg(jsonb_build_object('row_id', n.row_id, 'at', n.at, 'action', n.action, 'changes',
           case when n.changes ? 'status' then jsonb_build_object('status', n.changes -> 'status') else '{}'::jsonb end
           || case when n.changes ? 'criticality' then jsonb_build_object('criticality', n.changes -> 'criticality') else '{}'::jsonb end
           || case when n.changes ? 'team_id' then jsonb_build_object('team_id', n.changes -> 'team_id') else '{}'::jsonb end
           || case when n.changes ? 'line_id' then jsonb_build_object('line_id', n.changes -> 'line_id') else '{}'::jsonb end
           || case when n.changes ? 'km_value' then jsonb_build_object('km_value', n.changes -> 'km_value') else '{}'::jsonb end
           || case when n.changes ? 'created_at' then jsonb_build_object('created_at', n.changes -> 'created_at') else '{}'::jsonb end)
         order by n.id)
    into entries from new_entries n where n.table_name = 'points' and n.action <> 'insert';
  if entries is not null then perform private.apply_point_entries(entries); end if;
  return null;
end $$;
comment on function private.audit_log_feed_point_states() is
  'After insert on audit_log (statement): feeds private.point_states and private.point_day_counts from the entries of points '
  '(reports directly, but not those private.audit_rows() fed from the points themselves; the other entries through '
  'private.apply_point_entries; only the followed columns are read).';
revoke all on function private.audit_log_feed_point_states() from public;

-- The open counts: report_month / report_day spelled out (the same expressions), otherwise as in
-- 20261129160000_dashboard_open_days.sql.
create or replace function private.point_open_counts_apply() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  src text;
  res text;
begin
  if tg_op = 'TRUNCATE' then
    truncate private.point_open_ages, private.point_open_days, private.point_open_kms, private.team_resolution_bands, private.team_resolution_band_days;
    return null;
  end if;
  src := concat_ws(' union all ',
    case when tg_op in ('UPDATE', 'DELETE') then
      'select o.line_id, o.team_id, o.status, o.criticality, o.reported_at, o.km_value, -1 as d
         from old_rows o where o.valid_to is null and o.status in (''signale'', ''pris_en_charge'')' end,
    case when tg_op in ('UPDATE', 'INSERT') then
      'select n.line_id, n.team_id, n.status, n.criticality, n.reported_at, n.km_value, 1 as d
         from new_rows n where n.valid_to is null and n.status in (''signale'', ''pris_en_charge'')' end);
  res := concat_ws(' union all ',
    case when tg_op in ('UPDATE', 'DELETE') then
      'select o.team_id, o.valid_from, o.reported_at, -1 as d
         from old_rows o where o.status = ''resolu'' and o.prev_status is distinct from ''resolu''' end,
    case when tg_op in ('UPDATE', 'INSERT') then
      'select n.team_id, n.valid_from, n.reported_at, 1 as d
         from new_rows n where n.status = ''resolu'' and n.prev_status is distinct from ''resolu''' end);
  execute 'with x as materialized (' || src || '), r as materialized (
    select y.team_id, private.paris_day(y.valid_from) as day,
           private.resolution_band(extract(epoch from (y.valid_from - y.reported_at))::double precision) as band, y.d
      from (' || res || ') y
  ), ages as (
    insert into private.point_open_ages as a (line_id, team_id, status, criticality, month, n)
    select x.line_id, x.team_id, x.status, x.criticality, pg_catalog.date_trunc(''month'', x.reported_at at time zone ''UTC'')::date, sum(x.d)
      from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
    on conflict (line_id, team_id, status, criticality, month) do update set n = a.n + excluded.n
  ), open_days as (
    insert into private.point_open_days as o (line_id, team_id, status, criticality, day, n)
    select x.line_id, x.team_id, x.status, x.criticality, (x.reported_at at time zone ''UTC'')::date, sum(x.d)
      from x where x.reported_at >= now() - interval ''130 days''
     group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
    on conflict (line_id, team_id, status, criticality, day) do update set n = o.n + excluded.n
  ), bands as (
    insert into private.team_resolution_bands as b (team_id, month, band, n)
    select r.team_id, pg_catalog.date_trunc(''month'', r.day)::date, r.band, sum(r.d)
      from r group by 1, 2, 3 having sum(r.d) <> 0 order by 1, 2, 3
    on conflict (team_id, month, band) do update set n = b.n + excluded.n
  ), band_days as (
    insert into private.team_resolution_band_days as b (day, team_id, band, n)
    select r.day, r.team_id, r.band, sum(r.d)
      from r group by 1, 2, 3 having sum(r.d) <> 0 order by 1, 2, 3
    on conflict (day, team_id, band) do update set n = b.n + excluded.n
  )
  insert into private.point_open_kms as k (line_id, team_id, status, criticality, km, n)
  select x.line_id, x.team_id, x.status, x.criticality, pg_catalog.floor(x.km_value)::integer, sum(x.d)
    from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
  on conflict (line_id, team_id, status, criticality, km) do update set n = k.n + excluded.n';
  return null;
end $$;

