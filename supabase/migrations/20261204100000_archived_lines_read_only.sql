-- Archived lines are read-only and invisible to members everywhere.
--
--   * private.hidden_line_ids(): the archived lines for a member, none for an admin (read once per statement).
--   * A restrictive policy on every public table carrying line_id (points, zones, kilometer_markers,
--     point_tombstones, inspections): a member neither reads, changes, moves nor deletes a row of an archived line
--     (it is invisible, so an update or delete touches nothing); admins keep full access and restore a line by
--     unarchiving it. Functions of those tables running as the caller (point_index, nearby_points, search_points,
--     bulk_update_points, bulk_delete_points, the replica catch-up through point_tombstones) follow.
--   * private.refuse_archived_line() also looks at the line a row leaves: moving a row out of an archived line
--     through the API is refused (23514, hint 'line_archived'), as any other change of it is.
--   * Security-definer readers answer a member as if an archived line held nothing: point_index_pages(_bin), and the
--     dashboard (private.dashboard_filters leaves hidden lines out; private.dashboard_teams then takes its per-line
--     path, since the team histograms hold every line).

create or replace function private.hidden_line_ids() returns uuid[]
language sql stable security definer set search_path = '' as $$
  select case when private.is_admin() then '{}'::uuid[]
              else coalesce((select pg_catalog.array_agg(l.id) from public.lines l where l.archived), '{}'::uuid[]) end
$$;
comment on function private.hidden_line_ids() is
  'The lines the caller may not see: the archived ones for a member (or anyone not admin), none for an admin.';
revoke all on function private.hidden_line_ids() from public, anon;
grant execute on function private.hidden_line_ids() to authenticated, service_role;

-- ---------------------------------------------------------------- row-level security
do $$
declare t text;
begin
  foreach t in array array['points', 'zones', 'kilometer_markers', 'point_tombstones', 'inspections'] loop
    execute pg_catalog.format(
      'create policy "archived lines admins only" on public.%I as restrictive for all to authenticated '
      'using (line_id <> all ((select private.hidden_line_ids())::uuid[])) '
      'with check (line_id <> all ((select private.hidden_line_ids())::uuid[]))', t);
  end loop;
end $$;

-- ---------------------------------------------------------------- the line a row leaves
create or replace function private.refuse_archived_line() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  l record;
begin
  select ln.code, ln.name, ln.archived into l from public.lines ln where ln.id = new.line_id;
  if l.archived and (tg_op = 'INSERT' or new.line_id is distinct from old.line_id
                     or coalesce(auth.role(), '') in ('anon', 'authenticated')) then
    raise exception 'La ligne « % » (%) est archivée : on ne peut plus y ajouter ni y modifier de signalement, de zone ou de repère kilométrique.', l.name, l.code
      using errcode = '23514', hint = 'line_archived';
  end if;
  if tg_op = 'UPDATE' and new.line_id is distinct from old.line_id
     and coalesce(auth.role(), '') in ('anon', 'authenticated') then
    select ln.code, ln.name, ln.archived into l from public.lines ln where ln.id = old.line_id;
    if l.archived then
      raise exception 'La ligne « % » (%) est archivée : on ne peut plus en retirer ni y modifier de signalement, de zone ou de repère kilométrique.', l.name, l.code
        using errcode = '23514', hint = 'line_archived';
    end if;
  end if;
  return new;
end $$;
comment on function private.refuse_archived_line() is
  'Before insert or update of points, zones and kilometer_markers: refuses a row on an archived line, and through the API a row leaving one (23514, hint line_archived).';

-- ---------------------------------------------------------------- the point index pages
create or replace function private.point_index_pages(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns json
language plpgsql security definer set search_path = '' as $fn$
declare
  pg record;
  result json;
begin
  if not private.is_active_member() then
    raise exception 'Accès refusé : réservé aux membres actifs.' using errcode = '42501';
  end if;
  if p_line_id is null then
    raise exception 'p_line_id est obligatoire.' using errcode = '22004';
  end if;
  if p_line_id = any (private.hidden_line_ids()) then
    return pg_catalog.json_build_object(
      'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'total', 0, 'pages', '[]'::json);
  end if;
  -- A page with no row has never held a point (the migration made every page of every line with points, the
  -- triggers make the row of any page a write touches): it is empty.
  for pg in select g.page_no from private.point_index_pages g
            where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to and g.dirty
            order by g.page_no for update loop
    perform private.rebuild_point_index_page(p_line_id, pg.page_no);
  end loop;
  select pg_catalog.json_build_object(
    'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'total', (select coalesce(sum(t.n), 0) from private.point_index_pages t where t.line_id = p_line_id),
    'pages', coalesce(pg_catalog.json_agg(g.payload order by g.page_no) filter (where g.n > 0), '[]'::json))
  into result
  from private.point_index_pages g
  where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to;
  return result;
end $fn$;

create or replace function private.point_index_pages_bin(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns bytea
language plpgsql security definer set search_path = '' as $fn$
declare
  pg record;
  header bytea;
  body bytea;
begin
  if not private.is_active_member() then
    raise exception 'Accès refusé : réservé aux membres actifs.' using errcode = '42501';
  end if;
  if p_line_id is null then
    raise exception 'p_line_id est obligatoire.' using errcode = '22004';
  end if;
  if p_line_id = any (private.hidden_line_ids()) then
    header := pg_catalog.convert_to(pg_catalog.json_build_object(
      'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'total', 0, 'pages', '[]'::json)::text, 'UTF8');
    return pg_catalog.int4send(pg_catalog.length(header)) || header;
  end if;
  for pg in select g.page_no from private.point_index_pages g
            where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to and g.dirty
            order by g.page_no for update loop
    perform private.rebuild_point_index_page(p_line_id, pg.page_no);
  end loop;
  select pg_catalog.convert_to(pg_catalog.json_build_object(
           'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           'total', (select coalesce(sum(t.n), 0) from private.point_index_pages t where t.line_id = p_line_id),
           'pages', coalesce(pg_catalog.json_agg(g.meta order by g.page_no) filter (where g.n > 0), '[]'::json))::text, 'UTF8'),
         coalesce(pg_catalog.string_agg(g.bin, ''::bytea order by g.page_no) filter (where g.n > 0), ''::bytea)
  into header, body
  from private.point_index_pages g
  where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to;
  return pg_catalog.int4send(pg_catalog.length(header)) || header || body;
end $fn$;

-- ---------------------------------------------------------------- the dashboard
-- Stable now: the hidden lines are read when the query text is built (a literal, so that plans see it).
create or replace function private.dashboard_filters(p_alias text, p_line_id uuid, p_statuses text[], p_team_ids uuid[])
returns text
language sql stable set search_path = '' as $$
  select concat(
    case when p_line_id is not null then format(' and %I.line_id = $1', p_alias) end,
    case when p_statuses is not null then format(' and %I.status = any ($2)', p_alias) end,
    case when p_team_ids is not null
      then format(' and coalesce(%I.team_id, ''00000000-0000-0000-0000-000000000000''::uuid) = any ($3)', p_alias) end,
    (select format(' and %I.line_id <> all (%L::uuid[])', p_alias, h.ids)
       from (select private.hidden_line_ids() as ids) h where pg_catalog.cardinality(h.ids) > 0))
$$;
comment on function private.dashboard_filters(text, uuid, text[], uuid[]) is
  'The dashboard queries'' filters on alias p_alias: line ($1), statuses ($2), teams ($3, null team as the zero uuid), and never a line hidden from the caller.';

create or replace function private.dashboard_teams(p_line_id uuid, p_days integer, p_team_ids uuid[])
returns table (team_id uuid, open integer, in_progress integer, resolved integer, median_days numeric)
language plpgsql stable security definer set search_path = '' set jit = 'off' set work_mem = '64MB' as $fn$
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
  -- The team histograms hold every line: a caller with hidden lines takes the per-line path, which filters them.
  if p_line_id is not null or pg_catalog.cardinality(private.hidden_line_ids()) > 0 then
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
end $fn$;

