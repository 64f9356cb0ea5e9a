-- Dashboard statistics with plans made for each call's arguments (issue 23). The functions of
-- 20261125130100_dashboard_stats.sql filtered with `p_x is null or col = p_x` inside plpgsql: after a few calls
-- plpgsql keeps a generic plan, which cannot drop the unused conditions nor pick the index of the line asked for
-- (open per day 753 ms, teams of every line over 365 days 4.2 s at 100k points). Same signatures, same answers, same
-- refusals: each statement is now written with only the conditions its arguments need and run by
-- `return query execute … using`, so PostgreSQL plans it for those values on every call.
-- Bound parameters in every statement: $1 line, $2 statuses, $3 teams, $4 first day, $5 today, $6 period start.

-- The filter conditions (' and …') on a history table alias for the arguments given (null: no condition).
create or replace function private.dashboard_filters(p_alias text, p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns text
language sql immutable set search_path = '' as $$
  select concat(
    case when p_line_id is not null then format(' and %I.line_id = $1', p_alias) end,
    case when p_statuses is not null then format(' and %I.status = any ($2)', p_alias) end,
    case when p_team_ids is not null
      then format(' and coalesce(%I.team_id, ''00000000-0000-0000-0000-000000000000''::uuid) = any ($3)', p_alias) end)
$$;
comment on function private.dashboard_filters(text, uuid, text[], uuid[]) is
  'SQL conditions of the dashboard filters given (line $1, statuses $2, teams $3) on a history table alias; none for a null argument.';

create or replace function private.dashboard_open_by_day(p_line_id uuid, p_days integer, p_statuses text[], p_team_ids uuid[])
returns table (day date, criticality text, open integer)
language plpgsql stable security definer set search_path = '' as $$
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
         (coalesce((select c.n from cur c where c.criticality = g.criticality), 0)
          - coalesce(sum(l.delta) over (partition by g.criticality order by g.day desc
                                        rows between unbounded preceding and 1 preceding), 0))::integer
    from grid g left join later l on l.day = g.day and l.criticality = g.criticality
   order by 1, 2'
  using p_line_id, p_statuses, p_team_ids, first_day, today;
end $$;

create or replace function private.dashboard_flow_by_week(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (week date, reported integer, resolved integer)
language plpgsql stable security definer set search_path = '' as $$
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
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.dashboard_first_day(1);
  return query execute
  'select s.criticality,
         case when s.reported_at > now() - interval ''7 days'' then ''lt7''
              when s.reported_at > now() - interval ''30 days'' then ''7-30''
              when s.reported_at > now() - interval ''90 days'' then ''30-90''
              else ''gt90'' end,
         count(*)::integer
    from private.point_states s
   where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
   group by 1, 2 order by 1, 2'
  using p_line_id, p_statuses, p_team_ids;
end $$;

create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' as $$
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
language plpgsql stable security definer set search_path = '' as $$
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

revoke all on function private.dashboard_filters(text, uuid, text[], uuid[]) from public, anon;
grant execute on function private.dashboard_filters(text, uuid, text[], uuid[]) to authenticated, service_role;
