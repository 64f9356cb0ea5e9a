-- The supervisor's view at the speed of the dashboard's other functions (docs/product.md#supervisor-view), with the
-- same answers.
--
--   * private.supervisor_stats(p_line_id, p_days, p_team_ids): security definer, as the dashboard's other functions,
--     built with private.dashboard_filters: never a line hidden from the caller (a member never counts an archived
--     line's points, an admin does), for active members only (private.dashboard_first_day refuses anyone else,
--     42501). The open and late counts are one hash aggregate over the open points; the period's first
--     interventions (found from the interventions of the period, point_events_intervention_time_idx, never point
--     by point under their row-level security) and resolutions (the dashboard history, private.point_states) are
--     hashed together and meet the points in a single join.
--   * public.supervisor_stats: the API's function, unchanged in its arguments and rows, now calls it.
--   * private.resolutions_since(timestamptz) is dropped: nothing calls it.

create index point_events_intervention_time_idx on public.point_events ((coalesce(done_at, observed_at)), point_id)
  where kind = 'intervention';

create or replace function private.supervisor_stats(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (group_kind text, group_id uuid, label text, open integer, late integer, interventions integer,
               first_intervention_hours numeric, resolved integer, resolution_hours numeric)
language plpgsql stable security definer set search_path = '' set jit = off set work_mem = '64MB' as $fn$
declare
  -- Refuses anyone but an active member (42501) and a bad period (22023).
  since timestamptz := private.dashboard_first_day(p_days)::timestamp at time zone 'Europe/Paris';
begin
  return query execute '
  with firsts as (
    -- Per point, its first intervention when it falls in the period (found from the interventions of the period).
    select e.point_id, min(coalesce(e.done_at, e.observed_at)) as first_at
      from public.point_events e
     where e.kind = ''intervention''
       and e.point_id in (select c.point_id from public.point_events c
                           where c.kind = ''intervention'' and coalesce(c.done_at, c.observed_at) >= $4)
     group by e.point_id
    having min(coalesce(e.done_at, e.observed_at)) >= $4
  ), timed as (
    -- The period''s first interventions and resolutions (the dashboard history), by point.
    select f.point_id, f.first_at, null::double precision as resolve_s from firsts f
    union all
    select s.point_id, null, pg_catalog.date_part(''epoch'', s.valid_from - s.reported_at)
      from private.point_states s
     where s.status = ''resolu'' and s.prev_status is distinct from ''resolu'' and s.valid_from >= $4
  ), opened as (
    -- The open reports: one hash aggregate per assignee and team pair.
    select p.assignee_id, p.team_id, count(*)::integer as n, (count(*) filter (where p.due_at < now()))::integer as n_late
      from public.points p
     where p.status <> ''resolu''' || private.dashboard_filters('p', p_line_id, null, p_team_ids) || '
     group by 1, 2
  ), facts as (
    select o.assignee_id, o.team_id, o.n, o.n_late, null::double precision as first_s, null::double precision as resolve_s
      from opened o
    union all
    select p.assignee_id, p.team_id, 0, 0, pg_catalog.date_part(''epoch'', t.first_at - p.created_at), t.resolve_s
      from timed t join public.points p on p.id = t.point_id
     where true' || private.dashboard_filters('p', p_line_id, null, p_team_ids) || '
  ), grouped as (
    select case when grouping(f.assignee_id) = 0 then ''assignee'' else ''team'' end as kind,
           case when grouping(f.assignee_id) = 0 then f.assignee_id else f.team_id end as gid,
           sum(f.n)::integer as n_open, sum(f.n_late)::integer as n_late,
           count(f.first_s)::integer as n_first,
           round((percentile_cont(0.5) within group (order by f.first_s))::numeric / 3600, 1) as first_h,
           count(f.resolve_s)::integer as n_resolved,
           round((percentile_cont(0.5) within group (order by f.resolve_s))::numeric / 3600, 1) as resolve_h
      from facts f
     group by grouping sets ((f.assignee_id), (f.team_id))
  )
  select g.kind, g.gid, case when g.kind = ''assignee'' and g.gid is not null then private.auth_email(g.gid) end,
         g.n_open, g.n_late, g.n_first, g.first_h, g.n_resolved, g.resolve_h
    from grouped g
   order by 1, g.n_late desc, g.n_open desc, 3, 2 nulls last'
  using p_line_id, null::text[], p_team_ids, since;
end $fn$;
comment on function private.supervisor_stats(uuid, integer, uuid[]) is
  'The rows of public.supervisor_stats: open and late counts, the period''s first interventions and resolutions, never of a line hidden from the caller; active members only.';
revoke all on function private.supervisor_stats(uuid, integer, uuid[]) from public, anon;
grant execute on function private.supervisor_stats(uuid, integer, uuid[]) to authenticated, service_role;

create or replace function public.supervisor_stats(p_line_id uuid default null, p_days integer default 30,
                                                   p_team_ids uuid[] default null)
returns table (group_kind text, group_id uuid, label text, open integer, late integer, interventions integer,
               first_intervention_hours numeric, resolved integer, resolution_hours numeric)
language sql stable security invoker set search_path = '' as $$
  select * from private.supervisor_stats(p_line_id, p_days, p_team_ids)
$$;
comment on function public.supervisor_stats(uuid, integer, uuid[]) is
  'Per assignee and per team (group_kind, group_id; null: none): open and late reports now, and over the last p_days Paris days the count and median hours to the first intervention and to resolution; never a line hidden from the caller; active members only.';

drop function private.resolutions_since(timestamptz);
