-- Ages of the open anomalies over every line at 1M points (issue 23): the function counted one by one every open
-- report since the month of now - 90 days (~4 months, 26k states at 1M points: 305-529 ms over all lines). Now:
--   * private.point_open_days: the current open states per line, team, status, criticality and day of report (UTC),
--     kept by the same statement trigger as private.point_open_ages (every write path of private.point_states), for
--     the states reported in the last 130 days only (a state older than that is written neither as +1 nor as -1:
--     keeping every day cost +45 % on a 10k-state update at 1M points, 6.6k day keys against 370 months). The days
--     read are from the month of now - 90 days on (>= now - 121 days): a state reported on such a day was within
--     130 days when it was added and when it left (9 days of margin for transaction start times), so those days are
--     exact; older days may keep counts of states that left after 130 days: they are never read;
--   * the ages sum the months before the month of now - 90 days (point_open_ages, all over 90 days), the days of
--     report from that month on (point_open_days) whose whole day falls in one bucket, and count one by one only the
--     open states reported on the three UTC days holding an edge (now - 7, 30, 90 days), through
--     point_states_open_reported_idx. Same signature, answers and refusals as 20261128110000_dashboard_open_counts.sql.
-- supabase/tests/dashboardFeed.test.ts: point_open_days equals a grouping of the current open states.

create table private.point_open_days (
  line_id uuid,
  team_id uuid,
  status text not null,
  criticality text not null,
  day date not null,
  n integer not null
);
comment on table private.point_open_days is
  'Current open states per line, team, status, criticality and day of report (UTC), exact for the days since now - 130 days (older ones are not read). Kept by triggers on private.point_states.';
create unique index point_open_days_key_idx on private.point_open_days (line_id, team_id, status, criticality, day) nulls not distinct;
-- Every line, the recent days.
create index point_open_days_day_idx on private.point_open_days (day);
alter table private.point_open_days enable row level security;
revoke all on private.point_open_days from public, anon, authenticated;

-- The day key of a report time.
create or replace function private.report_day(ts timestamptz) returns date
language sql immutable parallel safe set search_path = '' as $$
  select (ts at time zone 'UTC')::date
$$;
revoke all on function private.report_day(timestamptz) from public;

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
  execute 'with x as materialized (' || src || '), r as materialized (
    select y.team_id, private.paris_day(y.valid_from) as day,
           private.resolution_band(extract(epoch from (y.valid_from - y.reported_at))::double precision) as band, y.d
      from (' || res || ') y
  ), ages as (
    insert into private.point_open_ages as a (line_id, team_id, status, criticality, month, n)
    select x.line_id, x.team_id, x.status, x.criticality, private.report_month(x.reported_at), sum(x.d)
      from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
    on conflict (line_id, team_id, status, criticality, month) do update set n = a.n + excluded.n
  ), open_days as (
    insert into private.point_open_days as o (line_id, team_id, status, criticality, day, n)
    select x.line_id, x.team_id, x.status, x.criticality, private.report_day(x.reported_at), sum(x.d)
      from x where x.reported_at >= now() - interval ''130 days''
     group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
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
  select x.line_id, x.team_id, x.status, x.criticality, pg_catalog.floor(x.km_value)::integer, sum(x.d)
    from x group by 1, 2, 3, 4, 5 having sum(x.d) <> 0 order by 1, 2, 3, 4, 5
  on conflict (line_id, team_id, status, criticality, km) do update set n = k.n + excluded.n';
  return null;
end $$;
comment on function private.point_open_counts_apply() is
  'After insert/update/delete/truncate on private.point_states (statement): keeps private.point_open_ages, private.point_open_days, private.point_open_kms, private.team_resolution_bands and private.team_resolution_band_days.';


-- Backfill from the current states (the trigger keeps it from here; same transaction as the function's new body).
insert into private.point_open_days (line_id, team_id, status, criticality, day, n)
select s.line_id, s.team_id, s.status, s.criticality, private.report_day(s.reported_at), count(*)
  from private.point_states s where s.valid_to is null and s.status in ('signale', 'pris_en_charge')
   and s.reported_at >= now() - interval '130 days' group by 1, 2, 3, 4, 5;

create or replace function private.dashboard_ages(p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns table (criticality text, bucket text, n integer)
language plpgsql stable security definer set search_path = '' set jit = off as $$
declare
  cut_month date := private.report_month(now() - interval '90 days');
  e7 date := private.report_day(now() - interval '7 days');
  e30 date := private.report_day(now() - interval '30 days');
  e90 date := private.report_day(now() - interval '90 days');
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
             coalesce(sum(s.n) filter (where s.day > $5), 0),
             coalesce(sum(s.n) filter (where s.day > $6 and s.day < $5), 0),
             coalesce(sum(s.n) filter (where s.day > $7 and s.day < $6), 0),
             coalesce(sum(s.n) filter (where s.day < $7), 0)
        from private.point_open_days s
       where s.day >= $4 and s.day not in ($5, $6, $7)' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
       group by 1
      union all
      select s.criticality,
             count(*) filter (where s.reported_at > now() - interval ''7 days''),
             count(*) filter (where s.reported_at <= now() - interval ''7 days'' and s.reported_at > now() - interval ''30 days''),
             count(*) filter (where s.reported_at <= now() - interval ''30 days'' and s.reported_at > now() - interval ''90 days''),
             count(*) filter (where s.reported_at <= now() - interval ''90 days'')
        from private.point_states s
       where s.valid_to is null and s.status in (''signale'', ''pris_en_charge'')
         and s.reported_at >= ($4::timestamp at time zone ''UTC'')
         and (   (s.reported_at >= ($5::timestamp at time zone ''UTC'') and s.reported_at < (($5 + 1)::timestamp at time zone ''UTC''))
              or (s.reported_at >= ($6::timestamp at time zone ''UTC'') and s.reported_at < (($6 + 1)::timestamp at time zone ''UTC''))
              or (s.reported_at >= ($7::timestamp at time zone ''UTC'') and s.reported_at < (($7 + 1)::timestamp at time zone ''UTC'')))' || private.dashboard_filters('s', p_line_id, p_statuses, p_team_ids) || '
       group by 1) y
     group by 1) x
    cross join lateral (values (''lt7'', x.lt7), (''7-30'', x.b30), (''30-90'', x.b90), (''gt90'', x.gt90)) b(bucket, n)
   where b.n > 0 order by 1, 2'
  using p_line_id, p_statuses, p_team_ids, cut_month, e7, e30, e90;
end $$;
