-- Issue 22 item 6: a bulk insert of points costs at most 1.3× the same insert without the audit log (and its
-- dashboard feed), with margin. Measured 1.40× quiet (bench/auditInsert.bench.ts, PostgreSQL backend CPU time) after
-- 20261129160000_dashboard_open_days.sql added a fourth grouping of every new open state to the feed's statement
-- trigger. Same entries, same states and same counts as before; only the way there is cheaper:
--
--   * private.audit_rows() (every audited table's inserts and deletions) built each entry by turning the whole row
--     into jsonb, splitting it back into key/value rows (jsonb_each) and aggregating them again (jsonb_object_agg):
--     about twice the work of building the object directly. It now reads the table's columns from the catalog at each
--     statement (so a column added later is logged without touching this function) and builds
--     {"col": {"new"|"old": to_jsonb(value)}} in one expression per row: to_jsonb of a value is what to_jsonb of the
--     row gives for that column, null included, and jsonb objects do not keep key order, so the entries are equal.
--     The row id is to_jsonb(id) #>> '{}' (what `j ->> 'id'` gave), else the `key` column's.
--   * private.point_open_counts_apply() grouped the transition rows four times (open ages by month, open days, open
--     kilometres; bands apart), each a sort of every row. It now groups them once by every key the three tables need
--     (a hash aggregate: a bulk import has few distinct keys), and the three upserts add up that small set. Sums are
--     associative, so each table receives the same deltas (and `having <> 0` drops the same keys).
--   Kept: point_states_open_idx and point_states_open_now_idx (each new open state pays their entries too). The ages'
--   edge days by line still read point_states_open_idx (index only); without it the plan visits every line's edge-day
--   states in the heap (726 pages at 1M points: 210-330 ms cold at load 36, too close to the 300 ms target).
-- Tests: supabase/tests/auditRowsCatalog.test.ts (entries equal to the generic build), dashboardFeed.test.ts
-- (pre-aggregates equal to a grouping of the states), dashboard*.test.ts.

create or replace function private.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cols text[] := case when tg_nargs > 0 then tg_argv end;
  side text := case when tg_op = 'INSERT' then 'new' else 'old' end;
  changes text;
  row_id text;
begin
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
  select pg_catalog.format('coalesce(%s)', pg_catalog.string_agg(pg_catalog.format('pg_catalog.to_jsonb(t.%I) #>> ''{}''', at.attname), ', ' order by at.attname = 'key'))
    into row_id
    from pg_catalog.pg_attribute at
   where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname in ('id', 'key');
  execute pg_catalog.format(
    'insert into public.audit_log (actor, table_name, row_id, action, changes) select $1, $2, %s, %L, %s from %I t',
    coalesce(row_id, 'null::text'), lower(tg_op), coalesce(changes, '''{}''::jsonb'),
    case when tg_op = 'INSERT' then 'new_rows' else 'old_rows' end)
  using auth.uid(), tg_table_name;
  return null;
end $$;
comment on function private.audit_rows() is
  'Statement trigger after insert or delete: one audit entry per row (all followed columns), built from the catalog''s column list.';
revoke all on function private.audit_rows() from public;

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
  -- g: the open states' deltas grouped once by every key of the three open-count tables.
  execute 'with g as materialized (
    select x.line_id, x.team_id, x.status, x.criticality, private.report_month(x.reported_at) as month,
           private.report_day(x.reported_at) as day, x.reported_at >= now() - interval ''130 days'' as recent,
           pg_catalog.floor(x.km_value)::integer as km, sum(x.d)::integer as n
      from (' || src || ') x group by 1, 2, 3, 4, 5, 6, 7, 8
  ), r as materialized (
    select y.team_id, private.paris_day(y.valid_from) as day,
           private.resolution_band(extract(epoch from (y.valid_from - y.reported_at))::double precision) as band, y.d
      from (' || res || ') y
  ), ages as (
    insert into private.point_open_ages as a (line_id, team_id, status, criticality, month, n)
    select g.line_id, g.team_id, g.status, g.criticality, g.month, sum(g.n)
      from g group by 1, 2, 3, 4, 5 having sum(g.n) <> 0 order by 1, 2, 3, 4, 5
    on conflict (line_id, team_id, status, criticality, month) do update set n = a.n + excluded.n
  ), open_days as (
    insert into private.point_open_days as o (line_id, team_id, status, criticality, day, n)
    select g.line_id, g.team_id, g.status, g.criticality, g.day, sum(g.n)
      from g where g.recent
     group by 1, 2, 3, 4, 5 having sum(g.n) <> 0 order by 1, 2, 3, 4, 5
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
  select g.line_id, g.team_id, g.status, g.criticality, g.km, sum(g.n)
    from g group by 1, 2, 3, 4, 5 having sum(g.n) <> 0 order by 1, 2, 3, 4, 5
  on conflict (line_id, team_id, status, criticality, km) do update set n = k.n + excluded.n';
  return null;
end $$;
comment on function private.point_open_counts_apply() is
  'After insert/update/delete/truncate on private.point_states (statement): keeps private.point_open_ages, private.point_open_days, private.point_open_kms, private.team_resolution_bands and private.team_resolution_band_days (the open deltas grouped once).';
