-- A bulk change of 10,000 points within the API's 8 s statement limit (issues 24 and 23). Before, on PostgreSQL,
-- public.bulk_update_points of 5,000 points ran past the statement_timeout of role authenticated, for two reasons
-- that compound:
--   * points' updates were audited by a row trigger (private.audit_row): one insert into public.audit_log per row,
--     so the dashboard's statement trigger on audit_log (private.audit_log_feed_point_states) ran once per row;
--   * and each run applied its update entries one by one (private.apply_point_update: a select for update, an
--     update, an insert and up to two upserts of the day counts per point).
-- Now:
--   * private.audit_point_updates: updates of points are audited per statement from the transition tables (old and
--     new rows paired by id), one insert for the whole statement, each entry exactly as the row trigger wrote it
--     (the changed columns but updated_at, old and new; nothing when nothing changed; actor auth.uid()). Pairing by
--     id needs a point's id to stay what it is: private.keep_point_id refuses to change it (22023; nothing in the
--     app changes it, and the dashboard's history, the point index pages and the tombstones already assumed it).
--   * private.apply_point_entries: the update entries of points named once in the batch that already have a current
--     state go through three set-based statements (close the current states and add to the day counts in one
--     grouped upsert, then insert the next states); only the rare rest (a point named twice in one batch, a point
--     older than the log) keeps the row-by-row path (private.apply_point_update, unchanged). Reports and deletions as
--     in 20261126130100_dashboard_reported_from_created.sql. The same states and day counts as before and as
--     private.rebuild_point_states() rebuilding from the log (supabase/tests/dashboardFeed.test.ts).

create or replace function private.audit_point_updates() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
begin
  -- Planned at each run (execute): a plan cached for a one-row update would pair 5,000 rows by a nested loop.
  -- Each row is turned into jsonb once (materialized: not once per column compared).
  execute $q$
    with o as materialized (select t.id, pg_catalog.to_jsonb(t) as j from old_rows t),
         n as materialized (select t.id, pg_catalog.to_jsonb(t) as j from new_rows t)
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    select $1, 'points', n.id::text, 'update', d.ch
      from n join o on o.id = n.id
      cross join lateral (select jsonb_object_agg(e.key, jsonb_build_object('old', o.j -> e.key, 'new', e.value)) as ch
                            from jsonb_each(n.j) e
                           where e.key <> 'updated_at' and (o.j -> e.key) is distinct from e.value) d
     where d.ch is not null$q$ using auth.uid();
  return null;
end $$;
comment on function private.audit_point_updates() is
  'After update of points (statement): one audit entry per changed row with the changed columns (old and new), if any.';

create or replace function private.keep_point_id() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'L''identifiant d''un signalement ne peut pas être modifié.' using errcode = '22023', hint = 'point_id_immutable';
end $$;
comment on function private.keep_point_id() is 'Before update of points'' id: refuses to change it (the audit pairs old and new rows by id).';

drop trigger audit_row on public.points;
create trigger audit_updates after update on public.points referencing old table as old_rows new table as new_rows
  for each statement execute function private.audit_point_updates();
create trigger keep_point_id before update of id on public.points for each row
  when (new.id is distinct from old.id) execute function private.keep_point_id();

create or replace function private.apply_point_entries(entries jsonb) returns void
language plpgsql volatile set search_path = '' set jit = off as $$
declare
  e record;
  slow jsonb;
  opened private.point_states[];
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

  -- Changes of a followed column (the others change nothing here). The rare rest first, applied row by row below
  -- in the order of the entries: a point named twice in the batch, or without a current state (older than the log).
  select jsonb_agg(u.x order by u.n) into slow
    from (select t.x, t.n, count(*) over (partition by (t.x ->> 'row_id')::uuid) as times
            from jsonb_array_elements(entries) with ordinality t(x, n)
           where t.x ->> 'action' = 'update'
             and (t.x -> 'changes') ?| array['status', 'criticality', 'team_id', 'line_id', 'km_value']) u
   where u.times > 1
      or not exists (select 1 from private.point_states s where s.point_id = (u.x ->> 'row_id')::uuid and s.valid_to is null);

  -- The others, set-based: close each current state the entry changes (at the entry's time, never before the
  -- state began) and move the day counts: an open state leaves the open count; the next state joins it, or counts
  -- as resolved that day.
  with u as (
    select w.point_id, w.at, w.ch
      from (select (x ->> 'row_id')::uuid as point_id, (x ->> 'at')::timestamptz as at, x -> 'changes' as ch,
                   count(*) over (partition by (x ->> 'row_id')::uuid) as times
              from jsonb_array_elements(entries) x
             where x ->> 'action' = 'update'
               and (x -> 'changes') ?| array['status', 'criticality', 'team_id', 'line_id', 'km_value']) w
     where w.times = 1
  ), nx as (
    select s.point_id, greatest(u.at, s.valid_from) as ts,
           case when u.ch ? 'line_id' then (u.ch -> 'line_id' ->> 'new')::uuid else s.line_id end as line_id,
           case when u.ch ? 'status' then u.ch -> 'status' ->> 'new' else s.status end as status,
           case when u.ch ? 'criticality' then u.ch -> 'criticality' ->> 'new' else s.criticality end as criticality,
           case when u.ch ? 'team_id' then (u.ch -> 'team_id' ->> 'new')::uuid else s.team_id end as team_id,
           case when u.ch ? 'km_value' then (u.ch -> 'km_value' ->> 'new')::numeric else s.km_value end as km_value
      from u join private.point_states s on s.point_id = u.point_id and s.valid_to is null
  ), c as (
    update private.point_states s set valid_to = nx.ts
      from nx
     where s.point_id = nx.point_id and s.valid_to is null
       and (nx.line_id, nx.status, nx.criticality, nx.team_id, nx.km_value)
           is distinct from (s.line_id, s.status, s.criticality, s.team_id, s.km_value)
    returning s.*, nx.line_id as n_line, nx.status as n_status, nx.criticality as n_crit, nx.team_id as n_team,
              nx.km_value as n_km
  ), days as (
    insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
    select x.day, x.line_id, x.team_id, x.status, x.criticality, sum(x.o), 0, sum(x.r)
      from (select private.paris_day(c.valid_to) as day, c.line_id, c.team_id, c.status, c.criticality, -1 as o, 0 as r
              from c where private.is_open_status(c.status)
            union all
            select private.paris_day(c.valid_to), c.n_line, c.n_team, c.n_status, c.n_crit,
                   case when private.is_open_status(c.n_status) then 1 else 0 end,
                   case when c.n_status = 'resolu' and c.status <> 'resolu' then 1 else 0 end
              from c where private.is_open_status(c.n_status) or (c.n_status = 'resolu' and c.status <> 'resolu')) x
     group by 1, 2, 3, 4, 5
     order by 1, 2, 3, 4, 5
    on conflict (day, line_id, team_id, status, criticality) do update
      set open_delta = d.open_delta + excluded.open_delta, resolved = d.resolved + excluded.resolved
  )
  select array_agg(row(c.point_id, c.n_line, c.n_status, c.n_crit, c.n_team, c.n_km, c.reported_at, c.status,
                       c.valid_to, null)::private.point_states)
    into opened from c;
  -- The next states (a statement of their own: the closed ones must have left the index of current states first).
  insert into private.point_states select * from unnest(opened);

  for e in select (x ->> 'row_id')::uuid as point_id, (x ->> 'at')::timestamptz as at, x -> 'changes' as ch
             from jsonb_array_elements(slow) with ordinality as t(x, n) order by n loop
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

revoke all on function private.audit_point_updates(), private.keep_point_id(), private.apply_point_entries(jsonb) from public;

-- JIT compiled the statements of the bulk path (their estimates over transition tables are high: 0.2 s of code
-- emission per statement measured): off for the bulk functions and the feed, as for the statistics
-- (20261126130200_dashboard_faster.sql). A function's setting holds for the triggers its statements fire.
alter function public.bulk_update_points(jsonb) set jit = off;
alter function public.bulk_delete_points(jsonb) set jit = off;
alter function private.audit_log_feed_point_states() set jit = off;
