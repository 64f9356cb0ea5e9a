-- Dashboard, teams over every line (issue 23): the median days to resolve no longer sorts the period's resolutions
-- (466k over 365 days at 1M points: 0.9-5 s). A histogram finds where the median lies, an index reads it exactly.
--   * private.resolution_band(seconds): a duration's band (band 0: none or negative; then 8 bands per factor e of
--     1 + minutes: ~13 % wide, ~120 bands up to 3 years).
--   * private.team_resolution_bands: the resolutions (a state 'resolu' whose previous state was not) per team, month
--     of resolution (Europe/Paris) and band; private.team_resolution_band_days: the same per day (read only for the
--     partial first month of a period: computing the band of each of its ~40k resolutions took 0.3-0.8 s). Both kept
--     by the statement triggers that keep the open counts (one pass over the transition rows: the insert path pays
--     two more groupings of the resolutions it writes, no more trigger).
--   * private.dashboard_teams over every line: the period's counts per band = the months wholly inside the period
--     + the days of the partial first month; the band holding
--     each middle rank is then read in duration order through point_states_resolution_band_idx (team, band,
--     duration) and the value at the rank's offset taken: percentile_cont(0.5)'s exact value (same lerp, same
--     rounding). For one line the rows are few enough to sort (unchanged), read through a new index by line.
-- supabase/tests/dashboardFeed.test.ts: the histogram equals a grouping of the log's states after bulk changes,
-- deletions, a reassignment, a reopening and the rebuild; supabase/tests/dashboard.test.ts: same answers.

create or replace function private.resolution_band(seconds double precision) returns integer
language sql immutable parallel safe set search_path = '' as $$
  select case when seconds is null or seconds <= 0 then 0
              else 1 + pg_catalog.floor(8 * pg_catalog.ln(1 + seconds / 60))::integer end
$$;

create table private.team_resolution_bands (
  team_id uuid,
  month date not null,
  band integer not null,
  n integer not null
);
comment on table private.team_resolution_bands is
  'Resolutions (state resolu after another status) per team, month of resolution (Europe/Paris) and duration band. Kept by triggers on private.point_states.';
create unique index team_resolution_bands_key_idx on private.team_resolution_bands (team_id, month, band) nulls not distinct;
create table private.team_resolution_band_days (
  day date not null,
  team_id uuid,
  band integer not null,
  n integer not null
);
comment on table private.team_resolution_band_days is
  'Resolutions per day of resolution (Europe/Paris), team and duration band. Kept by triggers on private.point_states.';
create unique index team_resolution_band_days_key_idx on private.team_resolution_band_days (day, team_id, band) nulls not distinct;
alter table private.team_resolution_bands enable row level security;
alter table private.team_resolution_band_days enable row level security;
revoke all on private.team_resolution_bands, private.team_resolution_band_days from public, anon, authenticated;

-- The resolutions of a team in one band, in duration order (the no-team key is the zero uuid, as the filters write it);
-- the columns the expressions are computed from are included, so reading a band touches no table page.
create index point_states_resolution_band_idx on private.point_states (
  (coalesce(team_id, '00000000-0000-0000-0000-000000000000'::uuid)),
  (private.resolution_band(extract(epoch from (valid_from - reported_at))::double precision)),
  (extract(epoch from (valid_from - reported_at))::double precision)
) include (team_id, valid_from, reported_at) where status = 'resolu' and prev_status is distinct from 'resolu';

-- One line's resolutions of a period (the one-line median still sorts them: ~23k over 365 days at 1M points): read
-- from that line's entries only (point_states_resolved_idx leads by time: every line's 466k were filtered).
create index point_states_line_resolved_idx on private.point_states (line_id, valid_from) include (team_id, reported_at)
  where status = 'resolu' and prev_status is distinct from 'resolu';

create or replace function private.point_open_counts_apply() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  src text;
  res text;
begin
  if tg_op = 'TRUNCATE' then
    truncate private.point_open_ages, private.point_open_kms, private.team_resolution_bands, private.team_resolution_band_days;
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
  'After insert/update/delete/truncate on private.point_states (statement): keeps private.point_open_ages, private.point_open_kms, private.team_resolution_bands and private.team_resolution_band_days.';

revoke all on function private.resolution_band(double precision) from public;

-- Backfill from the states.
insert into private.team_resolution_band_days (day, team_id, band, n)
select private.paris_day(s.valid_from), s.team_id,
       private.resolution_band(extract(epoch from (s.valid_from - s.reported_at))::double precision), count(*)
  from private.point_states s where s.status = 'resolu' and s.prev_status is distinct from 'resolu' group by 1, 2, 3;
insert into private.team_resolution_bands (team_id, month, band, n)
select d.team_id, date_trunc('month', d.day)::date, d.band, sum(d.n)
  from private.team_resolution_band_days d group by 1, 2, 3;

create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' set jit = off set work_mem = '64MB' as $$
declare
  first_day date := private.dashboard_first_day(p_days);
  since timestamptz := first_day::timestamp at time zone 'Europe/Paris';
  -- The first month wholly inside the period, and when it starts.
  full_month date := case when extract(day from first_day) = 1 then first_day
                          else (pg_catalog.date_trunc('month', first_day) + interval '1 month')::date end;
  cur text := 'cur as (
    select s.team_id, coalesce(sum(s.n) filter (where s.status = ''signale''), 0)::integer as open,
           coalesce(sum(s.n) filter (where s.status = ''pris_en_charge''), 0)::integer as in_progress
      from private.point_open_ages s
     where true' || private.dashboard_filters('s', p_line_id, null, p_team_ids) || '
     group by s.team_id having sum(s.n) <> 0
  )';
  tail text := '
  select coalesce(c.team_id, r.team_id), coalesce(c.open, 0), coalesce(c.in_progress, 0), coalesce(r.resolved, 0), r.median_days
    from cur c full join res r
      on coalesce(r.team_id, ''00000000-0000-0000-0000-000000000000''::uuid) = coalesce(c.team_id, ''00000000-0000-0000-0000-000000000000''::uuid)
   order by 1 nulls last';
begin
  if p_line_id is not null then
    return query execute 'with ' || cur || ', res as (
      select s.team_id, count(*)::integer as resolved,
             round((percentile_cont(0.5) within group (order by extract(epoch from s.valid_from - s.reported_at)))::numeric / 86400, 1) as median_days
        from private.point_states s
       where s.status = ''resolu'' and s.prev_status is distinct from ''resolu'' and s.valid_from >= $6' || private.dashboard_filters('s', p_line_id, null, p_team_ids) || '
       group by s.team_id
    )' || tail
    using p_line_id, null::text[], p_team_ids, null::date, null::date, since;
    return;
  end if;
  return query execute 'with ' || cur || ', hist as (
    select b.team_id, b.band, sum(b.n)::bigint as n from (
      select h.team_id, h.band, h.n from private.team_resolution_bands h
       where h.month >= $4' || private.dashboard_filters('h', null, null, p_team_ids) || '
      union all
      select d.team_id, d.band, d.n from private.team_resolution_band_days d
       where d.day >= $7 and d.day < $4' || private.dashboard_filters('d', null, null, p_team_ids) || '
    ) b group by 1, 2 having sum(b.n) <> 0
  ), cum as (
    select h.team_id, h.band, h.n, (sum(h.n) over (partition by h.team_id order by h.band))::bigint - h.n as below,
           (sum(h.n) over (partition by h.team_id))::bigint as total
      from hist h
  ), ranks as (
    select distinct c.team_id, c.total, k.which, k.r
      from cum c cross join lateral (values (1, (c.total - 1) / 2), (2, c.total / 2)) k(which, r)
  ), picks as (
    select r.team_id, r.total, r.which, c.band, r.r - c.below as k
      from ranks r join cum c on c.team_id is not distinct from r.team_id and r.r >= c.below and r.r < c.below + c.n
  ), vals as (
    select p.team_id, p.total, p.which, v.sec
      from picks p cross join lateral (
        select extract(epoch from (s.valid_from - s.reported_at))::double precision as sec
          from private.point_states s
         where s.status = ''resolu'' and s.prev_status is distinct from ''resolu''
           and coalesce(s.team_id, ''00000000-0000-0000-0000-000000000000''::uuid)
             = coalesce(p.team_id, ''00000000-0000-0000-0000-000000000000''::uuid)
           and private.resolution_band(extract(epoch from (s.valid_from - s.reported_at))::double precision) = p.band
           and s.valid_from >= $6
         order by 1 offset p.k limit 1) v
  ), res as (
    select t.team_id, t.total::integer as resolved,
           round((case when t.total % 2 = 1 then min(v.sec)
                       else min(v.sec) filter (where v.which = 1)
                            + 0.5 * (min(v.sec) filter (where v.which = 2) - min(v.sec) filter (where v.which = 1)) end
                 )::numeric / 86400, 1) as median_days
      from (select distinct c.team_id, c.total from cum c) t
      left join vals v on v.team_id is not distinct from t.team_id
     group by t.team_id, t.total
  )' || tail
  using null::uuid, null::text[], p_team_ids, full_month, null::date, since, first_day;
end $$;
