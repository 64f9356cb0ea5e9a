-- Dashboard statistics at 1M points / 5M audit rows (issue 23), after the per-call plans of
-- 20261126130000_dashboard_plans.sql (same signatures, same answers, same refusals; the five functions again, with
-- the changes below). Bound parameters as there: $1 line, $2 statuses, $3 teams, $4 first day, $5 today, $6 period start.
-- Measured with bench/dashboard.bench.ts and EXPLAIN ANALYZE on PostgreSQL 15:
--   * open per day read the current count through a correlated subquery on a CTE once per day and level: 3 s for a
--     line over 365 days; it is joined now (0.15 s, same rows);
--   * JIT compiled these short aggregate queries (0.75 s of code emission for one scan of the open states): off here;
--   * the open states now have their own partial index (index-only scans of the 25 % that are open instead of
--     random heap reads through the index of every current state), and the day counts of a line a covering index;
--   * the age buckets are counted per level with filters (four groups, no sort spilling to disk).

create index if not exists point_states_open_now_idx on private.point_states (line_id, criticality, reported_at)
  include (status, team_id, km_value) where valid_to is null and status in ('signale', 'pris_en_charge');
create index if not exists point_day_counts_line_day_cover_idx on private.point_day_counts (line_id, day)
  include (status, criticality, team_id, open_delta, reported, resolved);

create or replace function private.dashboard_open_by_day(p_line_id uuid, p_days integer, p_statuses text[], p_team_ids uuid[])
returns table (day date, criticality text, open integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  first_day date := private.dashboard_first_day(p_days);
  today date := private.paris_day(now());
begin
  return query execute
  'with cur as (
    select s.criticality, count(*)::integer as n from private.point_states s
     where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
     group by s.criticality
  ), later as (
    select d.day, d.criticality, sum(d.open_delta)::integer as delta from private.point_day_counts d
     where d.day > $4 and d.status in (''signale'', ''pris_en_charge'')' || private.dashboard_filters('d', p_line_id, p_statuses, p_team_ids) || '
     group by d.day, d.criticality
  ), crits as (
    select c.criticality from cur c union select l.criticality from later l
  ), grid as (
    select g.d::date as day, c.criticality
      from generate_series($4, $5, interval ''1 day'') g(d) cross join crits c
  )
  select g.day, g.criticality,
         (coalesce(cn.n, 0)
          - coalesce(sum(l.delta) over (partition by g.criticality order by g.day desc
                                        rows between unbounded preceding and 1 preceding), 0))::integer
    from grid g left join later l on l.day = g.day and l.criticality = g.criticality
    left join cur cn on cn.criticality = g.criticality
   order by 1, 2'
  using p_line_id, p_statuses, p_team_ids, first_day, today;
end $$;

create or replace function private.dashboard_flow_by_week(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (week date, reported integer, resolved integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  first_day date := private.dashboard_first_day(p_days);
  today date := private.paris_day(now());
begin
  return query execute
  'with days as (
    select date_trunc(''week'', d.day)::date as week, sum(d.reported)::integer as reported, sum(d.resolved)::integer as resolved
      from private.point_day_counts d
     where d.day between $4 and $5' || private.dashboard_filters('d', p_line_id, null, p_team_ids) || '
     group by 1
  )
  select w.w::date, coalesce(x.reported, 0), coalesce(x.resolved, 0)
    from generate_series(date_trunc(''week'', $4), $5, interval ''1 week'') w(w)
    left join days x on x.week = w.w::date
   order by 1'
  using p_line_id, null::text[], p_team_ids, first_day, today;
end $$;

create or replace function private.dashboard_ages(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (criticality text, bucket text, n integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
begin
  perform private.dashboard_first_day(1);
  return query execute
  'select x.criticality, b.bucket, b.n::integer from (
    select s.criticality,
           count(*) filter (where s.reported_at > now() - interval ''7 days'') as lt7,
           count(*) filter (where s.reported_at <= now() - interval ''7 days'' and s.reported_at > now() - interval ''30 days'') as b30,
           count(*) filter (where s.reported_at <= now() - interval ''30 days'' and s.reported_at > now() - interval ''90 days'') as b90,
           count(*) filter (where s.reported_at <= now() - interval ''90 days'') as gt90
      from private.point_states s
     where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
     group by 1) x
    cross join lateral (values (''lt7'', x.lt7), (''7-30'', x.b30), (''30-90'', x.b90), (''gt90'', x.gt90)) b(bucket, n)
   where b.n > 0 order by 1, 2'
  using p_line_id, p_statuses, p_team_ids;
end $$;

create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  since timestamptz := private.dashboard_first_day(p_days)::timestamp at time zone 'Europe/Paris';
begin
  return query execute
  'with cur as (
    select s.team_id, count(*) filter (where s.status = ''signale'')::integer as open,
           count(*) filter (where s.status = ''pris_en_charge'')::integer as in_progress
      from private.point_states s
     where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')' || private.dashboard_filters('s', p_line_id, null, p_team_ids) || '
     group by s.team_id
  ), res as (
    select s.team_id, count(*)::integer as resolved,
           round((percentile_cont(0.5) within group (order by extract(epoch from s.valid_from - s.reported_at)))::numeric / 86400, 1) as median_days
      from private.point_states s
     where s.status = ''resolu'' and s.prev_status is distinct from ''resolu'' and s.valid_from >= $6' || private.dashboard_filters('s', p_line_id, null, p_team_ids) || '
     group by s.team_id
  )
  select coalesce(c.team_id, r.team_id), coalesce(c.open, 0), coalesce(c.in_progress, 0), coalesce(r.resolved, 0), r.median_days
    from cur c full join res r
      on coalesce(r.team_id, ''00000000-0000-0000-0000-000000000000''::uuid) = coalesce(c.team_id, ''00000000-0000-0000-0000-000000000000''::uuid)
   order by 1 nulls last'
  using p_line_id, null::text[], p_team_ids, null::date, null::date, since;
end $$;

create or replace function private.dashboard_stretches(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (line_id uuid, km integer, open integer, score integer, worst_criticality text)
language plpgsql stable security definer set search_path = '' set jit = off as $$
begin
  perform private.dashboard_first_day(1);
  return query execute
  'with ranks as (
    select l.id, dense_rank() over (order by l."order")::integer as w from public.criticality_levels l
  ), per as (
    select s.line_id, floor(s.km_value)::integer as km, s.criticality, count(*)::integer as n
      from private.point_states s
     where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'') and s.km_value is not null' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
     group by 1, 2, 3
  )
  select p.line_id, p.km, sum(p.n)::integer, sum(p.n * coalesce(r.w, 1))::integer,
         (array_agg(p.criticality order by coalesce(r.w, 1) desc, p.criticality))[1]
    from per p left join ranks r on r.id = p.criticality
   group by 1, 2
   order by 4 desc, 3 desc, 1, 2
   limit 10'
  using p_line_id, p_statuses, p_team_ids;
end $$;

