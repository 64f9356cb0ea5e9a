-- Dashboard statistics (issue 23), from private.point_states and private.point_day_counts
-- (20261125130000_dashboard_history.sql). Each is a security-definer function of schema private answering active
-- members only (42501 otherwise; the same readers as the points themselves, policy "authenticated read"), and
-- public.dashboard_stats(...) is the security-invoker wrapper the app calls (PostgREST /rpc/dashboard_stats).
--
-- Common arguments: p_line_id (null: every line), p_days (the period: the last p_days Paris days, today included;
-- 1 to 400, the app uses 30, 90 or 365), p_statuses (null: every status; narrows the open points to these statuses),
-- p_team_ids (null: every team; the nil uuid 00000000-0000-0000-0000-000000000000 stands for "no team").
-- Open = signale or pris_en_charge. A day's value is the state at the end of that day (now for today).

create or replace function private.dashboard_first_day(p_days integer) returns date
language plpgsql stable set search_path = '' as $$
begin
  if not private.is_active_member() then
    raise exception 'Accès refusé : réservé aux membres actifs.' using errcode = '42501';
  end if;
  if p_days is null or p_days < 1 or p_days > 400 then
    raise exception 'La période doit compter de 1 à 400 jours.' using errcode = '22023';
  end if;
  return private.paris_day(now()) - (p_days - 1);
end $$;
comment on function private.dashboard_first_day(integer) is
  'The first Paris day of a dashboard period of p_days days; refuses anyone but an active member (42501) and a bad period (22023).';

-- Open points per criticality at the end of each day of the period: the current count minus the changes of the
-- days after.
create or replace function private.dashboard_open_by_day(p_line_id uuid, p_days integer, p_statuses text[], p_team_ids uuid[])
returns table (day date, criticality text, open integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  first_day date := private.dashboard_first_day(p_days);
  today date := private.paris_day(now());
begin
  return query
  with cur as (
    select s.criticality, count(*)::integer as n from private.point_states s
     where s.valid_to is null and s.status in ('signale', 'pris_en_charge')
       and (p_line_id is null or s.line_id = p_line_id) and (p_statuses is null or s.status = any (p_statuses))
       and (p_team_ids is null or coalesce(s.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by s.criticality
  ), later as (
    select d.day, d.criticality, sum(d.open_delta)::integer as delta from private.point_day_counts d
     where d.day > first_day and d.status in ('signale', 'pris_en_charge')
       and (p_line_id is null or d.line_id = p_line_id) and (p_statuses is null or d.status = any (p_statuses))
       and (p_team_ids is null or coalesce(d.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by d.day, d.criticality
  ), crits as (
    select c.criticality from cur c union select l.criticality from later l
  ), grid as (
    select g.d::date as day, c.criticality
      from generate_series(first_day, today, interval '1 day') g(d) cross join crits c
  )
  select g.day, g.criticality,
         (coalesce((select c.n from cur c where c.criticality = g.criticality), 0)
          - coalesce(sum(l.delta) over (partition by g.criticality order by g.day desc
                                        rows between unbounded preceding and 1 preceding), 0))::integer
    from grid g left join later l on l.day = g.day and l.criticality = g.criticality
   order by 1, 2;
end $$;

-- Points reported and points resolved (passed to resolu) per week (Monday) of the period; the status filter does not
-- apply.
create or replace function private.dashboard_flow_by_week(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (week date, reported integer, resolved integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  first_day date := private.dashboard_first_day(p_days);
  today date := private.paris_day(now());
begin
  return query
  with days as (
    select date_trunc('week', d.day)::date as week, sum(d.reported)::integer as reported, sum(d.resolved)::integer as resolved
      from private.point_day_counts d
     where d.day between first_day and today and (p_line_id is null or d.line_id = p_line_id)
       and (p_team_ids is null or coalesce(d.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by 1
  )
  select w.w::date, coalesce(x.reported, 0), coalesce(x.resolved, 0)
    from generate_series(date_trunc('week', first_day), today, interval '1 week') w(w)
    left join days x on x.week = w.w::date
   order by 1;
end $$;

-- Open points now per criticality and age (since reported): lt7 (< 7 days), 7-30, 30-90, gt90 (>= 90 days).
create or replace function private.dashboard_ages(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (criticality text, bucket text, n integer)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform private.dashboard_first_day(1);
  return query
  select s.criticality,
         case when s.reported_at > now() - interval '7 days' then 'lt7'
              when s.reported_at > now() - interval '30 days' then '7-30'
              when s.reported_at > now() - interval '90 days' then '30-90'
              else 'gt90' end,
         count(*)::integer
    from private.point_states s
   where s.valid_to is null and s.status in ('signale', 'pris_en_charge')
     and (p_line_id is null or s.line_id = p_line_id) and (p_statuses is null or s.status = any (p_statuses))
     and (p_team_ids is null or coalesce(s.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
   group by 1, 2 order by 1, 2;
end $$;

-- Per team (null: no team): signalé now, pris en charge now, resolved in the period and the median days from report
-- to resolution of those (one decimal). The status filter does not apply.
create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  since timestamptz := private.dashboard_first_day(p_days)::timestamp at time zone 'Europe/Paris';
begin
  return query
  with cur as (
    select s.team_id, count(*) filter (where s.status = 'signale')::integer as open,
           count(*) filter (where s.status = 'pris_en_charge')::integer as in_progress
      from private.point_states s
     where s.valid_to is null and s.status in ('signale', 'pris_en_charge')
       and (p_line_id is null or s.line_id = p_line_id) and (p_team_ids is null or coalesce(s.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by s.team_id
  ), res as (
    select s.team_id, count(*)::integer as resolved,
           round((percentile_cont(0.5) within group (order by extract(epoch from s.valid_from - s.reported_at)))::numeric / 86400, 1) as median_days
      from private.point_states s
     where s.status = 'resolu' and s.prev_status is distinct from 'resolu' and s.valid_from >= since
       and (p_line_id is null or s.line_id = p_line_id) and (p_team_ids is null or coalesce(s.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by s.team_id
  )
  select coalesce(c.team_id, r.team_id), coalesce(c.open, 0), coalesce(c.in_progress, 0), coalesce(r.resolved, 0), r.median_days
    from cur c full join res r
      on coalesce(r.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = coalesce(c.team_id, '00000000-0000-0000-0000-000000000000'::uuid)
   order by 1 nulls last;
end $$;

-- The ten 1-km stretches [km, km + 1) with the highest weighted count of open points now: each point weighs its
-- level's rank in the levels' order (1 for the lowest: attention 1, danger 2). Points without PK are left out.
create or replace function private.dashboard_stretches(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (line_id uuid, km integer, open integer, score integer, worst_criticality text)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform private.dashboard_first_day(1);
  return query
  with ranks as (
    select l.id, dense_rank() over (order by l."order")::integer as w from public.criticality_levels l
  ), per as (
    select s.line_id, floor(s.km_value)::integer as km, s.criticality, count(*)::integer as n
      from private.point_states s
     where s.valid_to is null and s.status in ('signale', 'pris_en_charge') and s.km_value is not null
       and (p_line_id is null or s.line_id = p_line_id) and (p_statuses is null or s.status = any (p_statuses))
       and (p_team_ids is null or coalesce(s.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by 1, 2, 3
  )
  select p.line_id, p.km, sum(p.n)::integer, sum(p.n * coalesce(r.w, 1))::integer,
         (array_agg(p.criticality order by coalesce(r.w, 1) desc, p.criticality))[1]
    from per p left join ranks r on r.id = p.criticality
   group by 1, 2
   order by 4 desc, 3 desc, 1, 2
   limit 10;
end $$;

revoke all on function private.dashboard_first_day(integer),
  private.dashboard_open_by_day(uuid, integer, text[], uuid[]), private.dashboard_flow_by_week(uuid, integer, uuid[]),
  private.dashboard_ages(uuid, text[], uuid[]), private.dashboard_teams(uuid, integer, uuid[]),
  private.dashboard_stretches(uuid, text[], uuid[]) from public, anon;
grant execute on function private.dashboard_first_day(integer),
  private.dashboard_open_by_day(uuid, integer, text[], uuid[]), private.dashboard_flow_by_week(uuid, integer, uuid[]),
  private.dashboard_ages(uuid, text[], uuid[]), private.dashboard_teams(uuid, integer, uuid[]),
  private.dashboard_stretches(uuid, text[], uuid[]) to authenticated, service_role;

create function public.dashboard_stats(p_line_id uuid default null, p_days integer default 30,
  p_statuses text[] default null, p_team_ids uuid[] default null)
returns json
language sql stable security invoker set search_path = '' as $$
  select json_build_object(
    'first_day', private.dashboard_first_day(p_days),
    'open_by_day', coalesce((select json_agg(x) from private.dashboard_open_by_day(p_line_id, p_days, p_statuses, p_team_ids) x), '[]'),
    'flow_by_week', coalesce((select json_agg(x) from private.dashboard_flow_by_week(p_line_id, p_days, p_team_ids) x), '[]'),
    'ages', coalesce((select json_agg(x) from private.dashboard_ages(p_line_id, p_statuses, p_team_ids) x), '[]'),
    'teams', coalesce((select json_agg(x) from private.dashboard_teams(p_line_id, p_days, p_team_ids) x), '[]'),
    'stretches', coalesce((select json_agg(x) from private.dashboard_stretches(p_line_id, p_statuses, p_team_ids) x), '[]'))
$$;
comment on function public.dashboard_stats(uuid, integer, text[], uuid[]) is
  'The dashboard of a line (null: every line) over the last p_days Paris days: {first_day, open_by_day, flow_by_week, ages, teams, stretches}; active members only (the private.dashboard_* functions decide).';
revoke all on function public.dashboard_stats(uuid, integer, text[], uuid[]) from public, anon;
grant execute on function public.dashboard_stats(uuid, integer, text[], uuid[]) to authenticated, service_role;
