-- A network of lines (issue 20): public.lines, and every point, zone, kilometre marker and point tombstone on one.
--
--   * public.lines (id, code unique, name, image jsonb {url, width, height, ...extra keys kept}, sort, archived):
--     members read the lines that are not archived, admins read all and write; audited; row versions
--     (private.touch_updated_at); published to realtime.
--   * line_id (not null, foreign key) on points, zones, kilometer_markers and point_tombstones, defaulting to
--     private.default_line_id() so that a write naming no line (a one-line installation's clients and scripts)
--     keeps working: the non-archived line with the lowest sort (then the oldest), else the first line, else a
--     'Ligne principale' created on the spot.
--   * A point, zone or marker never names an archived line: SQLSTATE 23514 (HTTP 400), hint 'line_archived'.
--   * Upgrade: one line for the existing data, named after the app_settings 'line_name' when there is one, else
--     'Ligne principale' (code 'line_code' setting, else 'L1'); the 'line_image' setting moves into lines.image
--     (an unreadable one is dropped: the app then shows its bundled image, as it did). The columns are added with
--     that line's id as a constant default (no table rewrite, no audit rows), then the default becomes the function.
--   * point_index(..., p_line_id), nearby_points(..., p_line_id): null = every line (today's behaviour; the app
--     always passes its line). search_points spans every line the caller can read and names each point's line.

-- ---------------------------------------------------------------- the table
create table public.lines (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (btrim(code) <> '' and length(code) <= 40),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  image jsonb check (image is null or coalesce(
    jsonb_typeof(image) = 'object'
    and jsonb_typeof(image -> 'url') = 'string'
    and (image ->> 'url') ~* '^(https?://|/)[^[:space:]<>"]*$'
    and jsonb_typeof(image -> 'width') = 'number' and (image ->> 'width')::numeric > 0
    and jsonb_typeof(image -> 'height') = 'number' and (image ->> 'height')::numeric > 0, false)),
  sort integer not null default 0,
  archived boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.lines is
  'Railway lines of the network: code, name, image {url, width, height, ...} (null: the bundled image), order, archived.';
create index lines_sort_idx on public.lines (sort, created_at, id);

create trigger touch_updated_at before update on public.lines
  for each row execute function private.touch_updated_at();

alter table public.lines enable row level security;
create policy "read lines" on public.lines for select to authenticated
  using ((not archived and (select private.is_active_member())) or (select private.is_admin()));
create policy "admin insert" on public.lines for insert to authenticated with check ((select private.is_admin()));
create policy "admin update" on public.lines for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "admin delete" on public.lines for delete to authenticated using ((select private.is_admin()));
create policy "active members only" on public.lines as restrictive for all to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));
revoke all on public.lines from public, anon, authenticated;
grant select, insert, update, delete on public.lines to authenticated;
grant all on public.lines to service_role;

create trigger audit_row after update on public.lines for each row execute function private.audit_row();
create trigger audit_inserts after insert on public.lines referencing new table as new_rows
  for each statement execute function private.audit_rows();
create trigger audit_deletes after delete on public.lines referencing old table as old_rows
  for each statement execute function private.audit_rows();

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_catalog.pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'lines') then
    alter publication supabase_realtime add table public.lines;
  end if;
end $$;

-- ---------------------------------------------------------------- the default line
create or replace function private.default_line_id() returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  lid uuid;
begin
  select l.id into lid from public.lines l order by l.archived, l.sort, l.created_at, l.id limit 1;
  if lid is null then
    insert into public.lines (code, name) values ('L1', 'Ligne principale') on conflict (code) do nothing;
    select l.id into lid from public.lines l order by l.archived, l.sort, l.created_at, l.id limit 1;
  end if;
  return lid;
end $$;
comment on function private.default_line_id() is
  'The installation''s default line (lowest sort among non-archived lines, else the first line; one is created when none exists): the line of a write that names none.';
revoke all on function private.default_line_id() from public;
grant execute on function private.default_line_id() to authenticated, service_role;

-- ---------------------------------------------------------------- the line of the existing data
do $$
declare
  old_image text := (select s.value from public.app_settings s where s.key = 'line_image');
  line_name text := coalesce(nullif(btrim((select s.value from public.app_settings s where s.key = 'line_name')), ''), 'Ligne principale');
  line_code text := coalesce(nullif(btrim((select s.value from public.app_settings s where s.key = 'line_code')), ''), 'L1');
  img jsonb;
  lid uuid;
  t text;
begin
  begin
    img := nullif(btrim(coalesce(old_image, '')), '')::jsonb;
    if img is not null and not coalesce(
      jsonb_typeof(img) = 'object'
      and jsonb_typeof(img -> 'url') = 'string'
      and (img ->> 'url') ~* '^(https?://|/)[^[:space:]<>"]*$'
      and jsonb_typeof(img -> 'width') = 'number' and (img ->> 'width')::numeric > 0
      and jsonb_typeof(img -> 'height') = 'number' and (img ->> 'height')::numeric > 0, false) then
      img := null;
    end if;
  exception when others then
    img := null; -- not JSON: the app showed its bundled image
  end;
  insert into public.lines (code, name, image, sort) values (left(line_code, 40), left(line_name, 200), img, 0) returning id into lid;
  delete from public.app_settings s where s.key = 'line_image';
  foreach t in array array['points', 'zones', 'kilometer_markers', 'point_tombstones'] loop
    execute format('alter table public.%I add column line_id uuid not null default %L::uuid', t, lid);
    execute format('alter table public.%I alter column line_id set default private.default_line_id()', t);
  end loop;
end $$;

alter table public.points add constraint points_line_id_fkey foreign key (line_id) references public.lines (id);
alter table public.zones add constraint zones_line_id_fkey foreign key (line_id) references public.lines (id);
alter table public.kilometer_markers add constraint kilometer_markers_line_id_fkey
  foreign key (line_id) references public.lines (id);
-- A line's tombstones go with it (no replica can hold a deleted line's points).
alter table public.point_tombstones add constraint point_tombstones_line_id_fkey
  foreign key (line_id) references public.lines (id) on delete cascade;
-- (no action, not restrict: deleting a line that holds rows fails with 23503, which PostgREST answers 409)
comment on column public.points.line_id is 'The line the point is on (default: private.default_line_id()).';
comment on column public.zones.line_id is 'The line the zone is drawn on (default: private.default_line_id()).';
comment on column public.kilometer_markers.line_id is 'The line whose ruler the marker belongs to (default: private.default_line_id()).';
comment on column public.point_tombstones.line_id is 'The line the deleted point was on (per-line catch-up).';
comment on table public.app_settings is 'Key/value application settings (feedback_link, site_url). The line image lives in public.lines.image.';

-- Indexes of the per-line queries: the index load and its "since" catch-up, nearby reports, zones, the ruler,
-- tombstones; each also serves the foreign key when a line is deleted.
create index points_line_updated_idx on public.points (line_id, updated_at, id);
create index points_line_km_idx on public.points (line_id, km_value);
create index zones_line_idx on public.zones (line_id, created_at desc);
create index kilometer_markers_line_position_idx on public.kilometer_markers (line_id, "position");
create index point_tombstones_line_deleted_idx on public.point_tombstones (line_id, deleted_at, id);

-- ---------------------------------------------------------------- archived lines take nothing new
-- Insert or move onto an archived line: refused for everyone. Any other change of a row on an archived line:
-- refused through the API (anon, authenticated); SQL and the service role may still maintain such rows.
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
  return new;
end $$;
comment on function private.refuse_archived_line() is
  'Before insert or update of points, zones and kilometer_markers: refuses a row on an archived line (23514, hint line_archived).';
revoke all on function private.refuse_archived_line() from public;
do $$
declare t text;
begin
  foreach t in array array['points', 'zones', 'kilometer_markers'] loop
    execute format('create trigger refuse_archived_line before insert or update on public.%I '
                   'for each row execute function private.refuse_archived_line()', t);
  end loop;
end $$;

-- ---------------------------------------------------------------- tombstones carry the line
create or replace function private.record_point_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.point_tombstones (id, deleted_at, line_id) values (old.id, now(), old.line_id)
  on conflict (id) do update set deleted_at = excluded.deleted_at, line_id = excluded.line_id;
  return old;
end $$;

-- ---------------------------------------------------------------- point index per line
-- The body of 20251123094000_point_index.sql with the line filter. PL/pgSQL EXECUTE plans each call with its
-- values, so a line's call can use points_line_updated_idx (a SQL function's generic plan could not, with an
-- optional filter); the whole-network call keeps its block-range scan.
drop function public.point_index(integer, integer, timestamptz, integer);
create or replace function public.point_index(
  p_block_from integer default null,
  p_block_to integer default null,
  p_since timestamptz default null,
  p_limit integer default 50000,
  p_line_id uuid default null
) returns jsonb
language plpgsql stable security invoker set search_path = '' as $fn$
declare
  result jsonb;
begin
  execute pg_catalog.format($q$
  with params as (
    select least(greatest(coalesce($4, 50000), 1), 100000) as lim,
           (pg_catalog.pg_relation_size('public.points'::regclass) / pg_catalog.current_setting('block_size')::bigint)::integer as blocks
  ),
  page as materialized (
    select p.id, p.criticality, p.status, p.team_id, p.updated_at,
           pg_catalog.float4send((p."position" ->> 'x')::float4) as x,
           pg_catalog.float4send((p."position" ->> 'y')::float4) as y,
           pg_catalog.float8send(coalesce(p.km_value::float8, 'NaN'::float8)) as km,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.created_at) * 1000)::float8) as created,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.updated_at) * 1000)::float8) as updated
    from public.points p
    where p.ctid >= pg_catalog.format('(%%s,0)', coalesce($1, 0))::tid
      and p.ctid < pg_catalog.format('(%%s,0)', coalesce($2, 2147483647))::tid
      and p.updated_at > coalesce($3, '-infinity'::timestamptz)
      %s
    limit (select lim + 1 from params)
  ),
  crit as (select coalesce(array_agg(distinct criticality), '{}'::text[]) as k from page),
  team as (select coalesce(array_agg(distinct team_id), '{}'::uuid[]) as k from page where team_id is not null),
  agg as (
    select count(*) as n,
      pg_catalog.string_agg(pg_catalog.uuid_send(page.id), ''::bytea) as ids,
      pg_catalog.string_agg(page.x, ''::bytea) as x,
      pg_catalog.string_agg(page.y, ''::bytea) as y,
      pg_catalog.string_agg(page.km, ''::bytea) as km,
      pg_catalog.string_agg(page.created, ''::bytea) as created,
      pg_catalog.string_agg(page.updated, ''::bytea) as updated,
      pg_catalog.string_agg(case page.status when 'signale' then '0' when 'pris_en_charge' then '1' else '2' end, '') as status,
      pg_catalog.string_agg(pg_catalog.chr(47 + pg_catalog.array_position(crit.k, page.criticality)), '') as crit,
      pg_catalog.string_agg(pg_catalog.chr(48 + coalesce(pg_catalog.array_position(team.k, page.team_id), 0)), '') as team,
      max(page.updated_at) as max_updated
    from page cross join crit cross join team
  )
  select case when agg.n > params.lim then pg_catalog.jsonb_build_object('n', agg.n, 'split', true, 'blocks', params.blocks)
  else pg_catalog.jsonb_build_object(
    'n', agg.n,
    'blocks', params.blocks,
    'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'max_updated', pg_catalog.to_char(agg.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'crit_keys', (select pg_catalog.to_jsonb(k) from crit),
    'team_keys', (select pg_catalog.to_jsonb(k) from team),
    'ids', coalesce(pg_catalog.encode(agg.ids, 'base64'), ''),
    'x', coalesce(pg_catalog.encode(agg.x, 'base64'), ''),
    'y', coalesce(pg_catalog.encode(agg.y, 'base64'), ''),
    'km', coalesce(pg_catalog.encode(agg.km, 'base64'), ''),
    'created', coalesce(pg_catalog.encode(agg.created, 'base64'), ''),
    'updated', coalesce(pg_catalog.encode(agg.updated, 'base64'), ''),
    'status', coalesce(agg.status, ''),
    'crit', coalesce(agg.crit, ''),
    'team', coalesce(agg.team, '')
  ) end
  from agg cross join params
  $q$, case when p_line_id is null then '' else 'and p.line_id = $5' end)
  into result
  using p_block_from, p_block_to, p_since, p_limit, p_line_id;
  return result;
end $fn$;
comment on function public.point_index(integer, integer, timestamptz, integer, uuid) is
  'Compact columnar page of the point index (ids, x, y, km, times, status, criticality, team) for table blocks [p_block_from, p_block_to), '
  'updated after p_since, on line p_line_id (null: every line); {split: true} when more than p_limit; security invoker.';
revoke all on function public.point_index(integer, integer, timestamptz, integer, uuid) from public, anon;
grant execute on function public.point_index(integer, integer, timestamptz, integer, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- search names the line
drop function public.search_points(text, integer);
create or replace function public.search_points(query text, max_results integer default 20)
returns table (
  id uuid, name text, description text, kilometer text, km_value numeric, "position" jsonb, status text,
  criticality text, ticket_number text, team_id uuid, created_at timestamptz,
  line_id uuid, line_code text, line_name text
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  pat text := private.search_pattern(query);
  lim integer := least(greatest(coalesce(max_results, 20), 1), 100);
  ids uuid[];
begin
  if pat is null then return; end if;
  ids := array(
    select w.id
      from (select s.id, s.created_at, s.search_text from private.point_search s
             order by s.created_at desc, s.id desc limit 5000) w
      join public.points p on p.id = w.id
      join public.lines l on l.id = p.line_id
     where w.search_text like pat
     order by w.created_at desc, w.id desc
     limit lim);
  if pg_catalog.cardinality(ids) >= lim then
    return query
      select p.id, p.name, p.description, p.kilometer, p.km_value, p."position", p.status, p.criticality,
             p.ticket_number, p.team_id, p.created_at, l.id, l.code, l.name
        from pg_catalog.unnest(ids) with ordinality u(id, ord)
        join public.points p on p.id = u.id
        join public.lines l on l.id = p.line_id
       order by u.ord;
    return;
  end if;
  -- Rare in the newest rows: all matches through the trigram index (a materialized step forces that plan).
  return query
    with m as materialized (
      select s.id, s.created_at from private.point_search s where s.search_text like pat
    )
    select p.id, p.name, p.description, p.kilometer, p.km_value, p."position", p.status, p.criticality,
           p.ticket_number, p.team_id, p.created_at, l.id, l.code, l.name
      from m join public.points p on p.id = m.id
      join public.lines l on l.id = p.line_id
     order by m.created_at desc, m.id desc
     limit lim;
end $$;
comment on function public.search_points(text, integer) is
  'Points of every line the caller reads whose label, description or ticket number contain the query (accents and case ignored; words in order), newest first, with their line (id, code, name); at most 100.';
revoke all on function public.search_points(text, integer) from public, anon;
grant execute on function public.search_points(text, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- nearby reports on one line
create or replace function private.track_at(px double precision, py double precision, p_line_id uuid) returns text
language sql stable security invoker set search_path = '' as $$
  select case when pg_catalog.count(distinct z.track) = 1 then pg_catalog.min(z.track) end
    from public.zones z
   where z.track is not null and (p_line_id is null or z.line_id = p_line_id)
     and private.polygon_contains(z.points, px, py)
$$;
comment on function private.track_at(double precision, double precision, uuid) is
  'The one track of every tracked zone of the line (null: every line) containing the position, else null.';
grant execute on function private.track_at(double precision, double precision, uuid) to authenticated, service_role;

drop function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer);
create or replace function public.nearby_points(
  km numeric, x double precision, y double precision,
  exclude_id uuid default null, radius_km numeric default 0.05, max_results integer default 10,
  p_line_id uuid default null
)
returns table (
  id uuid, name text, kilometer text, km_value numeric, "position" jsonb, status text, criticality text,
  ticket_number text, team_id uuid, created_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  with here as (select private.track_at(x, y, p_line_id) as track),
  near as (
    select p.* from public.points p
     where km is not null
       and (p_line_id is null or p.line_id = p_line_id)
       and p.km_value between km - least(greatest(coalesce(radius_km, 0.05), 0), 1)
                          and km + least(greatest(coalesce(radius_km, 0.05), 0), 1)
       and p.status <> 'resolu'
       and (exclude_id is null or p.id <> exclude_id)
  )
  select n.id, n.name, n.kilometer, n.km_value, n."position", n.status, n.criticality, n.ticket_number, n.team_id, n.created_at
    from near n, here h
   where h.track is null
      or private.track_at((n."position" ->> 'x')::double precision, (n."position" ->> 'y')::double precision, n.line_id) is distinct from
         (case h.track when 'voie_1' then 'voie_2' else 'voie_1' end)
   order by n.created_at desc, n.id desc
   limit least(greatest(coalesce(max_results, 10), 1), 50)
$$;
comment on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer, uuid) is
  'Unresolved points of line p_line_id (null: every line) within radius_km (default 0,05 km) of km, not on the other track when the line''s zones tell both tracks, newest first.';
revoke all on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer, uuid) from public, anon;
grant execute on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer, uuid) to authenticated, service_role;
