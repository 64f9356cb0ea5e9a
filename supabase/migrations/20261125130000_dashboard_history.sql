-- Dashboard history (issue 23): the states of every point through time, rebuilt from the audit log and kept up to
-- date by it, so that past days stay exact after later changes (a criticality changed, a point deleted).
--
--   * private.point_states: one row per state of a point (line, status, criticality, team, PK) from valid_from to
--     valid_to (null: its current state; a deletion closes it). reported_at is the point's created_at; prev_status
--     the status of the state before (null: the first state, the report).
--   * private.point_day_counts: per Paris day, line, team, status and criticality: the change of the number of open
--     points (open = signale or pris_en_charge) that day, the points reported and the points resolved that day.
--     A day's open count is the current count minus the changes of the later days (a few rows per day and line).
--   * A statement trigger on public.audit_log feeds both from each new entry of table points, in the order of the
--     entries (inserts and deletes set-based, updates one by one). Only status, criticality, team_id, line_id and
--     km_value open a new state; other columns change nothing here.
--   * A point deleted and inserted again with the same id opens a new state (not within one replayed batch).
--   * Backfill: private.rebuild_point_states() rebuilds both from the whole log of points, set-based (also used by
--     the bench). Points older than the audit log (no insert entry) start at their created_at with the values their
--     first logged change names as "old", else their current values: the best reconstruction there is.
-- Nobody reads these tables through the API: the statistics are security-definer functions of schema private
-- (active members only) behind security-invoker wrappers in public (20261125130100_dashboard_stats.sql).

create or replace function private.paris_day(ts timestamptz) returns date
language sql immutable parallel safe set search_path = '' as $$
  select (ts at time zone 'Europe/Paris')::date
$$;
comment on function private.paris_day(timestamptz) is 'The calendar day in Paris of a time (the dashboard''s days and weeks).';

create table private.point_states (
  point_id uuid not null,
  line_id uuid,
  status text not null,
  criticality text not null,
  team_id uuid,
  km_value numeric,
  reported_at timestamptz not null,
  prev_status text,
  valid_from timestamptz not null,
  valid_to timestamptz
);
comment on table private.point_states is
  'Every state of every point (line, status, criticality, team, PK) with its validity [valid_from, valid_to); valid_to null: current. Fed by the audit log.';
create unique index point_states_current_idx on private.point_states (point_id) where valid_to is null;
-- The current open points, per line (age buckets, teams, stretches: index-only scans).
create index point_states_open_idx on private.point_states (line_id, status, team_id, criticality, reported_at, km_value)
  where valid_to is null;
-- Resolutions (teams: resolved in the period, median days to resolve).
create index point_states_resolved_idx on private.point_states (valid_from, line_id, team_id, reported_at)
  where status = 'resolu' and prev_status is distinct from 'resolu';

create table private.point_day_counts (
  day date not null,
  line_id uuid,
  team_id uuid,
  status text not null,
  criticality text not null,
  open_delta integer not null default 0,
  reported integer not null default 0,
  resolved integer not null default 0
);
comment on table private.point_day_counts is
  'Per Paris day, line, team, status, criticality: change of the open count, points reported, points resolved. Fed by the audit log.';
create unique index point_day_counts_key_idx on private.point_day_counts (day, line_id, team_id, status, criticality) nulls not distinct;
create index point_day_counts_line_day_idx on private.point_day_counts (line_id, day);

alter table private.point_states enable row level security;
alter table private.point_day_counts enable row level security;
revoke all on private.point_states, private.point_day_counts from public, anon, authenticated;

create or replace function private.is_open_status(s text) returns boolean
language sql immutable parallel safe set search_path = '' as $$ select s in ('signale', 'pris_en_charge') $$;

-- Adds to a day's counts (one row per key; concurrent writers of the same key wait on each other briefly).
create or replace function private.bump_point_day(p_day date, p_line uuid, p_team uuid, p_status text, p_crit text,
  p_open integer, p_reported integer, p_resolved integer) returns void
language sql volatile set search_path = '' as $$
  insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
  values (p_day, p_line, p_team, p_status, p_crit, p_open, p_reported, p_resolved)
  on conflict (day, line_id, team_id, status, criticality) do update
    set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
        resolved = d.resolved + excluded.resolved
$$;

-- One logged change of a point (an update entry): closes its current state and opens the new one.
create or replace function private.apply_point_update(p_id uuid, p_at timestamptz, ch jsonb) returns void
language plpgsql volatile set search_path = '' as $$
declare
  cur private.point_states;
  nxt private.point_states;
  p record;
  ts timestamptz;
begin
  if not (ch ?| array['status', 'criticality', 'team_id', 'line_id', 'km_value']) then return; end if;
  select * into cur from private.point_states s where s.point_id = p_id and s.valid_to is null for update;
  if not found then
    -- A point older than the log (or whose insert entry is missing): its state before this change is the "old"
    -- values named here, the rest from the row as it is now.
    select pt.line_id, pt.status, pt.criticality, pt.team_id, pt.km_value, pt.created_at into p
      from public.points pt where pt.id = p_id;
    cur.point_id := p_id;
    cur.line_id := case when ch ? 'line_id' then (ch -> 'line_id' ->> 'old')::uuid else p.line_id end;
    cur.status := coalesce(case when ch ? 'status' then ch -> 'status' ->> 'old' end, p.status, 'signale');
    cur.criticality := coalesce(case when ch ? 'criticality' then ch -> 'criticality' ->> 'old' end, p.criticality, 'attention');
    cur.team_id := case when ch ? 'team_id' then (ch -> 'team_id' ->> 'old')::uuid else p.team_id end;
    cur.km_value := case when ch ? 'km_value' then (ch -> 'km_value' ->> 'old')::numeric else p.km_value end;
    cur.reported_at := least(coalesce(p.created_at, p_at), p_at);
    cur.valid_from := cur.reported_at;
    insert into private.point_states values (cur.*);
    perform private.bump_point_day(private.paris_day(cur.valid_from), cur.line_id, cur.team_id, cur.status, cur.criticality,
      case when private.is_open_status(cur.status) then 1 else 0 end, 1, case when cur.status = 'resolu' then 1 else 0 end);
  end if;
  nxt := cur;
  if ch ? 'line_id' then nxt.line_id := (ch -> 'line_id' ->> 'new')::uuid; end if;
  if ch ? 'status' then nxt.status := ch -> 'status' ->> 'new'; end if;
  if ch ? 'criticality' then nxt.criticality := ch -> 'criticality' ->> 'new'; end if;
  if ch ? 'team_id' then nxt.team_id := (ch -> 'team_id' ->> 'new')::uuid; end if;
  if ch ? 'km_value' then nxt.km_value := (ch -> 'km_value' ->> 'new')::numeric; end if;
  if (nxt.line_id, nxt.status, nxt.criticality, nxt.team_id, nxt.km_value)
     is not distinct from (cur.line_id, cur.status, cur.criticality, cur.team_id, cur.km_value) then return; end if;
  ts := greatest(p_at, cur.valid_from); -- entries of concurrent transactions may come slightly out of time order
  update private.point_states s set valid_to = ts where s.point_id = p_id and s.valid_to is null;
  nxt.prev_status := cur.status; nxt.valid_from := ts; nxt.valid_to := null;
  insert into private.point_states values (nxt.*);
  if private.is_open_status(cur.status) then
    perform private.bump_point_day(private.paris_day(ts), cur.line_id, cur.team_id, cur.status, cur.criticality, -1, 0, 0);
  end if;
  if private.is_open_status(nxt.status) or (nxt.status = 'resolu' and cur.status <> 'resolu') then
    perform private.bump_point_day(private.paris_day(ts), nxt.line_id, nxt.team_id, nxt.status, nxt.criticality,
      case when private.is_open_status(nxt.status) then 1 else 0 end, 0,
      case when nxt.status = 'resolu' and cur.status <> 'resolu' then 1 else 0 end);
  end if;
end $$;

-- New audit entries of points, in their order: inserts and deletes set-based, updates one by one.
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
           coalesce((i.ch -> 'created_at' ->> 'new')::timestamptz, i.at), null, i.at
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

create or replace function private.audit_log_feed_point_states() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  entries jsonb;
begin
  select jsonb_agg(jsonb_build_object('row_id', n.row_id, 'at', n.at, 'action', n.action, 'changes', n.changes) order by n.id)
    into entries from new_entries n where n.table_name = 'points';
  if entries is not null then perform private.apply_point_entries(entries); end if;
  return null;
end $$;
comment on function private.audit_log_feed_point_states() is
  'After insert on audit_log (statement): feeds private.point_states and private.point_day_counts from the entries of points.';
create trigger feed_point_states after insert on public.audit_log referencing new table as new_entries
  for each statement execute function private.audit_log_feed_point_states();

-- Rebuilds both tables from the whole log of points in one set-based pass (the backfill here, and the bench after
-- loading a generated history): each insert entry starts a life of the point, each followed column carries its last
-- logged value forward, an entry that changes no followed value is dropped, the next entry (or the deletion) ends a
-- state. Entries of points older than the log (before their first insert entry) are replayed one by one
-- (private.apply_point_entries); points the log never named get one state from their created_at.
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
         s.team_id, s.km_value, s.reported_at, s.prev_status, s.at, case when s.next_at is not null then greatest(s.next_at, s.at) end
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
comment on function private.rebuild_point_states() is
  'Rebuilds private.point_states and private.point_day_counts from the whole audit log of points (backfill, bench).';

revoke all on function private.paris_day(timestamptz), private.is_open_status(text),
  private.bump_point_day(date, uuid, uuid, text, text, integer, integer, integer),
  private.apply_point_update(uuid, timestamptz, jsonb), private.apply_point_entries(jsonb),
  private.audit_log_feed_point_states(), private.rebuild_point_states() from public;
grant execute on function private.paris_day(timestamptz), private.is_open_status(text) to authenticated, service_role;

select private.rebuild_point_states();
