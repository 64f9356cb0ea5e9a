-- A point reported before its insert entry was logged (the demo's backdated points, a point imported with its
-- original date) counts from its created_at (issue 23): its first state now starts at least(created_at, the entry's
-- time), in the trigger path and in the rebuild, so 'open per day' and 'reported per week' include it from that day
-- (before, a fresh demo's chart stayed flat until the day of the seed). Both functions are those of
-- 20261125130000_dashboard_history.sql with only that change; the history is rebuilt once at the end.

create or replace function private.apply_point_entries(entries jsonb) returns void
language plpgsql volatile set search_path = '' as $$
declare
  e record;
begin
  -- Reports: one state each (a point logged twice as inserted keeps its first state).
  with ins as (
    select (x ->> 'row_id')::uuid as point_id, (x ->> 'at')::timestamptz as at, x -> 'changes' as ch
      from jsonb_array_elements(entries) x where x ->> 'action' = 'insert'
  ), added as (
    insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, prev_status, valid_from)
    select i.point_id,
           coalesce((i.ch -> 'line_id' ->> 'new')::uuid, (select pt.line_id from public.points pt where pt.id = i.point_id)),
           coalesce(i.ch -> 'status' ->> 'new', 'signale'), coalesce(i.ch -> 'criticality' ->> 'new', 'attention'),
           (i.ch -> 'team_id' ->> 'new')::uuid, (i.ch -> 'km_value' ->> 'new')::numeric,
           coalesce((i.ch -> 'created_at' ->> 'new')::timestamptz, i.at), null,
           least(coalesce((i.ch -> 'created_at' ->> 'new')::timestamptz, i.at), i.at)
      from ins i
     where not exists (select 1 from private.point_states s where s.point_id = i.point_id and s.valid_to is null)
    on conflict do nothing
    returning *
  )
  insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
  select private.paris_day(a.valid_from), a.line_id, a.team_id, a.status, a.criticality,
         count(*) filter (where private.is_open_status(a.status)), count(*), count(*) filter (where a.status = 'resolu')
    from added a group by 1, 2, 3, 4, 5
  on conflict (day, line_id, team_id, status, criticality) do update
    set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
        resolved = d.resolved + excluded.resolved;

  for e in select (x ->> 'row_id')::uuid as point_id, (x ->> 'at')::timestamptz as at, x -> 'changes' as ch
             from jsonb_array_elements(entries) with ordinality as t(x, n)
            where x ->> 'action' = 'update' order by n loop
    perform private.apply_point_update(e.point_id, e.at, e.ch);
  end loop;

  -- Deletions close the current state; an open point leaves the open count that day.
  with del as (
    select (x ->> 'row_id')::uuid as point_id, (x ->> 'at')::timestamptz as at
      from jsonb_array_elements(entries) x where x ->> 'action' = 'delete'
  ), closed as (
    update private.point_states s set valid_to = greatest(d.at, s.valid_from)
      from del d where s.point_id = d.point_id and s.valid_to is null
    returning s.*
  )
  insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta)
  select private.paris_day(c.valid_to), c.line_id, c.team_id, c.status, c.criticality, -count(*)
    from closed c where private.is_open_status(c.status) group by 1, 2, 3, 4, 5
  on conflict (day, line_id, team_id, status, criticality) do update set open_delta = d.open_delta + excluded.open_delta;
end $$;

create or replace function private.rebuild_point_states() returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  legacy jsonb;
begin
  truncate private.point_states, private.point_day_counts;
  with e as (
    select l.id, l.at, l.action, l.row_id::uuid as pid, l.changes as ch,
           count(*) filter (where l.action = 'insert') over (partition by l.row_id order by l.id) as life
      from public.audit_log l
     where l.table_name = 'points'
       and (l.action <> 'update' or l.changes ?| array['status', 'criticality', 'team_id', 'line_id', 'km_value'])
  ), g as (
    select e.*, count(e.ch -> 'line_id') over w as g_line, count(e.ch -> 'status') over w as g_status,
           count(e.ch -> 'criticality') over w as g_crit, count(e.ch -> 'team_id') over w as g_team,
           count(e.ch -> 'km_value') over w as g_km
      from e where e.life > 0
    window w as (partition by e.pid, e.life order by e.id)
  ), v as (
    select g.id, g.at, g.action, g.pid, g.life,
           first_value((g.ch -> 'line_id' ->> 'new')::uuid) over (partition by g.pid, g.life, g.g_line order by g.id) as line_id,
           coalesce(first_value(g.ch -> 'status' ->> 'new') over (partition by g.pid, g.life, g.g_status order by g.id), 'signale') as status,
           coalesce(first_value(g.ch -> 'criticality' ->> 'new') over (partition by g.pid, g.life, g.g_crit order by g.id), 'attention') as criticality,
           first_value((g.ch -> 'team_id' ->> 'new')::uuid) over (partition by g.pid, g.life, g.g_team order by g.id) as team_id,
           first_value((g.ch -> 'km_value' ->> 'new')::numeric) over (partition by g.pid, g.life, g.g_km order by g.id) as km_value,
           first_value(coalesce((g.ch -> 'created_at' ->> 'new')::timestamptz, g.at)) over (partition by g.pid, g.life order by g.id) as reported_at
      from g
  ), k as (
    select v.*, v.action = 'delete' or (v.line_id, v.status, v.criticality, v.team_id, v.km_value) is distinct from
             (lag((v.line_id, v.status, v.criticality, v.team_id, v.km_value)) over (partition by v.pid, v.life order by v.id)) as kept
      from v
  ), s as (
    select k.*, lag(k.status) over w as prev_status, lead(k.at) over w as next_at
      from k where k.kept
    window w as (partition by k.pid, k.life order by k.id)
  )
  insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, prev_status, valid_from, valid_to)
  select s.pid, coalesce(s.line_id, (select pt.line_id from public.points pt where pt.id = s.pid)), s.status, s.criticality,
         s.team_id, s.km_value, s.reported_at, s.prev_status,
         case when s.prev_status is null then least(s.reported_at, s.at) else s.at end, case when s.next_at is not null then greatest(s.next_at, s.at) end
    from s where s.action <> 'delete';

  insert into private.point_day_counts (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
  select x.day, x.line_id, x.team_id, x.status, x.criticality, sum(x.o), sum(x.r), sum(x.res)
    from (select private.paris_day(p.valid_from) as day, p.line_id, p.team_id, p.status, p.criticality,
                 case when p.status in ('signale', 'pris_en_charge') then 1 else 0 end as o, case when p.prev_status is null then 1 else 0 end as r,
                 case when p.status = 'resolu' and p.prev_status is distinct from 'resolu' then 1 else 0 end as res
            from private.point_states p
          union all
          select private.paris_day(p.valid_to), p.line_id, p.team_id, p.status, p.criticality, -1, 0, 0
            from private.point_states p where p.valid_to is not null and p.status in ('signale', 'pris_en_charge')) x
   group by 1, 2, 3, 4, 5;

  select jsonb_agg(jsonb_build_object('row_id', l.row_id, 'at', l.at, 'action', l.action, 'changes', l.changes) order by l.id)
    into legacy
    from (select a.*, count(*) filter (where a.action = 'insert') over (partition by a.row_id order by a.id) as life
            from public.audit_log a where a.table_name = 'points') l
   where l.life = 0;
  if legacy is not null then perform private.apply_point_entries(legacy); end if;

  with added as (
    insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, valid_from)
    select p.id, p.line_id, p.status, p.criticality, p.team_id, p.km_value, p.created_at, p.created_at
      from public.points p where not exists (select 1 from private.point_states s where s.point_id = p.id)
    returning *
  )
  insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
  select private.paris_day(a.valid_from), a.line_id, a.team_id, a.status, a.criticality,
         count(*) filter (where a.status in ('signale', 'pris_en_charge')), count(*), count(*) filter (where a.status = 'resolu')
    from added a group by 1, 2, 3, 4, 5
  on conflict (day, line_id, team_id, status, criticality) do update
    set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
        resolved = d.resolved + excluded.resolved;
end $$;

select private.rebuild_point_states();
