-- Dashboard at 1M points over every line (issue 23): the four statistics that counted the open points now read
-- pre-aggregated counts instead of scanning every open state (250k at 1M points: 0.5-2 s over every line).
--   * private.point_open_ages: the current open states per line, team, status, criticality and month of report (UTC).
--   * private.point_open_kms: the same per line, team, status, criticality and 1-km stretch (floor of the PK; null: no PK).
-- Both are kept by statement triggers on private.point_states (whatever writes it: the audit feed's reports, changes
-- and deletions, the row-by-row path, the rebuild): a state that is current and open adds 1 to its keys, one that
-- stops being so (closed, or deleted) takes 1 off; a truncate empties them. Keys whose count falls to 0 stay (they
-- count nothing). supabase/tests/dashboardFeed.test.ts: both equal a grouping of the current open states, and
-- what the rebuild from the log gives, after bulk changes, a criticality change, a line change and deletions.
-- The statistics (same signatures, same answers, same refusals as 20261126130200_dashboard_faster.sql):
--   * open per day (today's count), teams (open, in progress) and the stretches: sums over these tables;
--   * the ages: months before the month of now - 90 days are all over 90 days old (a sum); the points reported since
--     that month's start (at most ~4 months of reports) are counted one by one with the exact edges, through a new
--     partial index of the open states by report time;
--   * teams: the median days to resolve sorts the period's resolutions (350k over 365 days at 1M points): work_mem
--     64 MB so the sort stays in memory.

create table private.point_open_ages (
  line_id uuid,
  team_id uuid,
  status text not null,
  criticality text not null,
  month date not null,
  n integer not null
);
comment on table private.point_open_ages is
  'Current open states per line, team, status, criticality and month of report (UTC). Kept by triggers on private.point_states.';
create unique index point_open_ages_key_idx on private.point_open_ages (line_id, team_id, status, criticality, month) nulls not distinct;

create table private.point_open_kms (
  line_id uuid,
  team_id uuid,
  status text not null,
  criticality text not null,
  km integer,
  n integer not null
);
comment on table private.point_open_kms is
  'Current open states per line, team, status, criticality and 1-km stretch (floor of the PK). Kept by triggers on private.point_states.';
create unique index point_open_kms_key_idx on private.point_open_kms (line_id, team_id, status, criticality, km) nulls not distinct;

alter table private.point_open_ages enable row level security;
alter table private.point_open_kms enable row level security;
revoke all on private.point_open_ages, private.point_open_kms from public, anon, authenticated;

-- The open states reported since a time, every line (the ages' recent months).
create index if not exists point_states_open_reported_idx on private.point_states (reported_at)
  include (line_id, status, team_id, criticality) where valid_to is null and status in ('signale', 'pris_en_charge');

-- The month key of a report time.
create or replace function private.report_month(ts timestamptz) returns date
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.date_trunc('month', ts at time zone 'UTC')::date
$$;

-- Adds the signed changes (one per state: +1 or -1) to both tables, in key order (concurrent writers wait on each
-- other in the same order). The transition tables a trigger has depend on its event: the statement is put together
-- for it (EXECUTE sees them as the static statements would).
create or replace function private.point_open_counts_apply() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  src text;
begin
  if tg_op = 'TRUNCATE' then
    truncate private.point_open_ages, private.point_open_kms;
    return null;
  end if;
  src := concat_ws(' union all ',
    case when tg_op in ('UPDATE', 'DELETE') then
      'select o.line_id, o.team_id, o.status, o.criticality, o.reported_at, o.km_value, -1 as d
         from old_rows o where o.valid_to is null and o.status in (''signale'', ''pris_en_charge'')' end,
    case when tg_op in ('UPDATE', 'INSERT') then
      'select n.line_id, n.team_id, n.status, n.criticality, n.reported_at, n.km_value, 1 as d
         from new_rows n where n.valid_to is null and n.status in (''signale'', ''pris_en_charge'')' end);
  execute 'with x as materialized (' || src || '), ages as (
    insert into private.point_open_ages as a (line_id, team_id, status, criticality, month, n)
    select x.line_id, x.team_id, x.status, x.criticality, private.report_month(x.reported_at), sum(x.d)
      from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
    on conflict (line_id, team_id, status, criticality, month) do update set n = a.n + excluded.n
  )
  insert into private.point_open_kms as k (line_id, team_id, status, criticality, km, n)
  select x.line_id, x.team_id, x.status, x.criticality, pg_catalog.floor(x.km_value)::integer, sum(x.d)
    from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
  on conflict (line_id, team_id, status, criticality, km) do update set n = k.n + excluded.n';
  return null;
end $$;
comment on function private.point_open_counts_apply() is
  'After insert/update/delete/truncate on private.point_states (statement): keeps private.point_open_ages and private.point_open_kms.';

create trigger open_counts_insert after insert on private.point_states referencing new table as new_rows
  for each statement execute function private.point_open_counts_apply();
create trigger open_counts_update after update on private.point_states referencing old table as old_rows new table as new_rows
  for each statement execute function private.point_open_counts_apply();
create trigger open_counts_delete after delete on private.point_states referencing old table as old_rows
  for each statement execute function private.point_open_counts_apply();
create trigger open_counts_truncate after truncate on private.point_states
  for each statement execute function private.point_open_counts_apply();

revoke all on function private.report_month(timestamptz), private.point_open_counts_apply() from public;

-- Backfill from the current states.
insert into private.point_open_ages (line_id, team_id, status, criticality, month, n)
select s.line_id, s.team_id, s.status, s.criticality, private.report_month(s.reported_at), count(*)
  from private.point_states s where s.valid_to is null and s.status in ('signale', 'pris_en_charge') group by 1, 2, 3, 4, 5;
insert into private.point_open_kms (line_id, team_id, status, criticality, km, n)
select s.line_id, s.team_id, s.status, s.criticality, floor(s.km_value)::integer, count(*)
  from private.point_states s where s.valid_to is null and s.status in ('signale', 'pris_en_charge') group by 1, 2, 3, 4, 5;

create or replace function private.dashboard_open_by_day(p_line_id uuid, p_days integer, p_statuses text[], p_team_ids uuid[])
returns table (day date, criticality text, open integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  first_day date := private.dashboard_first_day(p_days);
  today date := private.paris_day(now());
begin
  return query execute
  'with cur as (
    select s.criticality, sum(s.n)::integer as n from private.point_open_ages s
     where true' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
     group by s.criticality having sum(s.n) <> 0
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

create or replace function private.dashboard_ages(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (criticality text, bucket text, n integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  cut_month date := private.report_month(now() - interval '90 days');
begin
  perform private.dashboard_first_day(1);
  return query execute
  'select x.criticality, b.bucket, b.n::integer from (
    select y.criticality, sum(y.lt7) as lt7, sum(y.b30) as b30, sum(y.b90) as b90, sum(y.gt90) as gt90 from (
      select s.criticality, 0 as lt7, 0 as b30, 0 as b90, sum(s.n) as gt90
        from private.point_open_ages s
       where s.month < $4' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
       group by 1
      union all
      select s.criticality,
             count(*) filter (where s.reported_at > now() - interval ''7 days''),
             count(*) filter (where s.reported_at <= now() - interval ''7 days'' and s.reported_at > now() - interval ''30 days''),
             count(*) filter (where s.reported_at <= now() - interval ''30 days'' and s.reported_at > now() - interval ''90 days''),
             count(*) filter (where s.reported_at <= now() - interval ''90 days'')
        from private.point_states s
       where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')
         and s.reported_at >= ($4::timestamp at time zone ''UTC'')' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
       group by 1) y
     group by 1) x
    cross join lateral (values (''lt7'', x.lt7), (''7-30'', x.b30), (''30-90'', x.b90), (''gt90'', x.gt90)) b(bucket, n)
   where b.n > 0 order by 1, 2'
  using p_line_id, p_statuses, p_team_ids, cut_month;
end $$;

create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' set jit = off set work_mem = '64MB' as $$
declare
  since timestamptz := private.dashboard_first_day(p_days)::timestamp at time zone 'Europe/Paris';
begin
  return query execute
  'with cur as (
    select s.team_id, coalesce(sum(s.n) filter (where s.status = ''signale''), 0)::integer as open,
           coalesce(sum(s.n) filter (where s.status = ''pris_en_charge''), 0)::integer as in_progress
      from private.point_open_ages s
     where true' || private.dashboard_filters('s', p_line_id, null, p_team_ids) || '
     group by s.team_id having sum(s.n) <> 0
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
    select s.line_id, s.km, s.criticality, sum(s.n)::integer as n
      from private.point_open_kms s
     where s.km is not null' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
     group by 1, 2, 3 having sum(s.n) <> 0
  )
  select p.line_id, p.km, sum(p.n)::integer, sum(p.n * coalesce(r.w, 1))::integer,
         (array_agg(p.criticality order by coalesce(r.w, 1) desc, p.criticality))[1]
    from per p left join ranks r on r.id = p.criticality
   group by 1, 2
   order by 4 desc, 3 desc, 1, 2
   limit 10'
  using p_line_id, p_statuses, p_team_ids;
end $$;
