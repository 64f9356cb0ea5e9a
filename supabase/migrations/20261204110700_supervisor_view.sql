-- The supervisor's view of the dashboard (docs/product.md#supervisor-view): per assignee and per team, the open
-- reports and the late ones (due time passed), and over the dashboard's period the median time from a report to
-- its first intervention and to its resolution.
--
--   * public.supervisor_stats(p_line_id, p_days, p_team_ids): security invoker. Every count reads public.points
--     under the caller's row-level security, so points of archived lines (hidden from members by a restrictive
--     policy) are never counted for a member.
--   * private.resolutions_since(p_since): the resolutions since a time (private.point_states, the dashboard's
--     history), for active members only; only joined to the points the caller reads.
-- Times are counted from the report's arrival (points.created_at; for resolutions the history's reported_at, as
-- in the dashboard's team table), in hours. An intervention's time is its done_at, or when it was written.

create or replace function private.resolutions_since(p_since timestamptz)
returns table (point_id uuid, resolved_at timestamptz, reported_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.point_id, s.valid_from, s.reported_at
    from private.point_states s
   where s.status = 'resolu' and s.prev_status is distinct from 'resolu' and s.valid_from >= p_since
     and (select private.is_active_member())
$$;
comment on function private.resolutions_since(timestamptz) is
  'Each resolution since p_since (point, when resolved, when reported), from the dashboard history; active members only.';
revoke all on function private.resolutions_since(timestamptz) from public, anon;
grant execute on function private.resolutions_since(timestamptz) to authenticated, service_role;

create or replace function public.supervisor_stats(p_line_id uuid default null, p_days integer default 30,
                                                   p_team_ids uuid[] default null)
returns table (group_kind text, group_id uuid, label text, open integer, late integer, interventions integer,
               first_intervention_hours numeric, resolved integer, resolution_hours numeric)
language plpgsql stable security invoker set search_path = '' set jit = off set work_mem = '64MB' as $$
declare
  since timestamptz := private.dashboard_first_day(p_days)::timestamp at time zone 'Europe/Paris';
begin
  return query
  with opened as (
    -- The open reports: one hash aggregate per assignee and team pair.
    select p.assignee_id, p.team_id, count(*)::integer as n, (count(*) filter (where p.due_at < now()))::integer as n_late
      from public.points p
     where p.status <> 'resolu'
       and (p_line_id is null or p.line_id = p_line_id)
       and (p_team_ids is null or coalesce(p.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
     group by 1, 2
  ), firsts as (
    select e.point_id, min(coalesce(e.done_at, e.observed_at)) as at
      from public.point_events e
     where e.kind = 'intervention'
     group by e.point_id
  ), timed as (
    select p.assignee_id, p.team_id, extract(epoch from f.at - p.created_at)::double precision as first_s,
           null::double precision as resolve_s
      from firsts f join public.points p on p.id = f.point_id
     where f.at >= since
       and (p_line_id is null or p.line_id = p_line_id)
       and (p_team_ids is null or coalesce(p.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
    union all
    select p.assignee_id, p.team_id, null, extract(epoch from r.resolved_at - r.reported_at)::double precision
      from private.resolutions_since(since) r join public.points p on p.id = r.point_id
     where (p_line_id is null or p.line_id = p_line_id)
       and (p_team_ids is null or coalesce(p.team_id, '00000000-0000-0000-0000-000000000000'::uuid) = any (p_team_ids))
  ), facts as (
    select o.assignee_id, o.team_id, o.n, o.n_late, null::double precision as first_s, null::double precision as resolve_s
      from opened o
    union all
    select t.assignee_id, t.team_id, 0, 0, t.first_s, t.resolve_s from timed t
  ), grouped as (
    select case when grouping(f.assignee_id) = 0 then 'assignee' else 'team' end as kind,
           case when grouping(f.assignee_id) = 0 then f.assignee_id else f.team_id end as gid,
           sum(f.n)::integer as n_open, sum(f.n_late)::integer as n_late,
           count(f.first_s)::integer as n_first,
           round((percentile_cont(0.5) within group (order by f.first_s))::numeric / 3600, 1) as first_h,
           count(f.resolve_s)::integer as n_resolved,
           round((percentile_cont(0.5) within group (order by f.resolve_s))::numeric / 3600, 1) as resolve_h
      from facts f
     group by grouping sets ((f.assignee_id), (f.team_id))
  )
  select g.kind, g.gid, case when g.kind = 'assignee' and g.gid is not null then private.auth_email(g.gid) end,
         g.n_open, g.n_late, g.n_first, g.first_h, g.n_resolved, g.resolve_h
    from grouped g
   order by 1, g.n_late desc, g.n_open desc, 3, 2 nulls last;
end $$;
comment on function public.supervisor_stats(uuid, integer, uuid[]) is
  'Per assignee and per team (group_kind, group_id; null: none): open and late reports now, and over the last p_days Paris days the count and median hours to the first intervention and to resolution; row-level security decides which points count; active members only.';
revoke all on function public.supervisor_stats(uuid, integer, uuid[]) from public, anon;
grant execute on function public.supervisor_stats(uuid, integer, uuid[]) to authenticated, service_role;
