-- Compact point index and deletion tombstones (issue 10).
--
-- public.point_index(): what the map, the filters, the counts and the report classification need of every
-- point stored in table blocks [p_block_from, p_block_to) (null: from the first / to the last), as a few
-- columns instead of one JSON object per point:
--   ids      base64 of 16 bytes per point (uuid_send)
--   x, y     base64 of float4 big-endian (image pixels)
--   km       base64 of float8 big-endian (NaN when null)
--   created, updated  base64 of float8 big-endian, whole milliseconds since 1970 (UTC), as Date.parse gives
--   status   one character per point: '0' signale, '1' pris_en_charge, '2' resolu
--   crit     one character per point: chr(48 + i) where i indexes crit_keys
--   team     one character per point: chr(48) no team, chr(48 + i) where i-1 indexes team_keys
--   max_updated  the newest updated_at of the page as 'YYYY-MM-DDTHH:MI:SS.USZ' (sorts as text)
--   blocks   the table's current size in blocks (the caller plans its parallel ranges with it)
--   as_of    the reading transaction's start time, 'YYYY-MM-DDTHH:MI:SS.USZ': every change committed before it is
--            in the answer; a later "since" query from as_of minus a margin (longer than a transaction) misses none
-- Every column lists the points in the same order (one pass of one aggregate over the page).
-- When the range holds more than p_limit points the answer is {"n": <more than p_limit>, "split": true, "blocks"}
-- and nothing else: the caller halves the block range.
-- Why block (ctid) ranges and not id ranges: a TID range scan reads each table block once and in order, where
-- an id range (random uuids) touches most blocks of the table for every range (measured on 1M points: a
-- sixteenth of the ids read 27k of the 31k blocks). A row moved by a concurrent update during a load may be
-- read twice (the caller keeps the newest updated) or missed (its updated_at is then after the load's start:
-- the caller's follow-up p_since query brings it). Packed binary in base64 because, measured on 50k points (README 'Point index'), it is less
-- than half the bytes of JSON number arrays and parses 4 times faster. PostgreSQL's base64 inserts a newline
-- every 76 characters; atob() skips ASCII whitespace.
--
-- Security invoker: row-level security on points decides what the caller sees (anonymous: nothing, there is no
-- anon grant). A page is capped at 100,000 rows (about 7 MB of JSON) so one call stays far inside Supabase's
-- 8 s statement timeout and PostgREST's in-memory response.
-- p_since (optional) keeps only rows updated after that instant: the replica's "what changed" query.

create or replace function public.point_index(
  p_block_from integer default null,
  p_block_to integer default null,
  p_since timestamptz default null,
  p_limit integer default 50000
) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with params as (
    select least(greatest(coalesce(p_limit, 50000), 1), 100000) as lim,
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
    where p.ctid >= pg_catalog.format('(%s,0)', coalesce(p_block_from, 0))::tid
      and p.ctid < pg_catalog.format('(%s,0)', coalesce(p_block_to, 2147483647))::tid
      and p.updated_at > coalesce(p_since, '-infinity'::timestamptz)
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
$$;
comment on function public.point_index(integer, integer, timestamptz, integer) is
  'Compact columnar page of the point index (ids, x, y, km, times, status, criticality, team) for table blocks [p_block_from, p_block_to), updated after p_since; {split: true} when more than p_limit; security invoker.';
revoke all on function public.point_index(integer, integer, timestamptz, integer) from public, anon;
grant execute on function public.point_index(integer, integer, timestamptz, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- tombstones
-- One row per deleted point, so a replica that was closed learns of the deletion. Filled only by the trigger.
create table public.point_tombstones (
  id uuid primary key,
  deleted_at timestamptz not null default now()
);
comment on table public.point_tombstones is 'Ids of deleted points with the deletion time (filled by a trigger), for local replicas catching up.';
create index point_tombstones_deleted_at_idx on public.point_tombstones (deleted_at, id);
alter table public.point_tombstones enable row level security;
create policy "authenticated read" on public.point_tombstones for select to authenticated using (true);
revoke all on public.point_tombstones from public, anon, authenticated;
grant select on public.point_tombstones to authenticated;
grant all on public.point_tombstones to service_role;

create or replace function private.record_point_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.point_tombstones (id, deleted_at) values (old.id, now())
  on conflict (id) do update set deleted_at = excluded.deleted_at;
  return old;
end $$;
comment on function private.record_point_tombstone() is 'After a point is deleted, records its id and the time in point_tombstones.';
revoke all on function private.record_point_tombstone() from public, anon, authenticated;
create trigger record_point_tombstone after delete on public.points
  for each row execute function private.record_point_tombstone();

-- ---------------------------------------------------------------- policies evaluated once per statement
-- The line_images policies called the admin check (which reads auth.uid()) once per row.
drop policy if exists "line_images admin insert" on storage.objects;
create policy "line_images admin insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'line_images' and (select private.is_admin()) and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin update" on storage.objects;
create policy "line_images admin update" on storage.objects for update to authenticated
  using (bucket_id = 'line_images' and (select private.is_admin()) and (storage.foldername(name))[1] = 'line')
  with check (bucket_id = 'line_images' and (select private.is_admin()) and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin delete" on storage.objects;
create policy "line_images admin delete" on storage.objects for delete to authenticated
  using (bucket_id = 'line_images' and (select private.is_admin()) and (storage.foldername(name))[1] = 'line');
