-- Compact point index and deletion tombstones (issue 10).
--
-- public.point_index(): what the map, the filters, the counts and the report classification need of every
-- point, for one keyset range of ids, as a few columns instead of one JSON object per point:
--   ids      base64 of 16 bytes per point (uuid_send), in id order
--   x, y     base64 of float4 big-endian (image pixels)
--   km       base64 of float8 big-endian (NaN when null)
--   created, updated  base64 of float8 big-endian, milliseconds since 1970 (UTC)
--   status   one character per point: '0' signale, '1' pris_en_charge, '2' resolu
--   crit     one character per point: chr(48 + i) where i indexes crit_keys
--   team     one character per point: chr(48) no team, chr(48 + i) where i-1 indexes team_keys
--   last     the last id of the page (the next page starts after it), null when the page is empty
--   max_updated  the newest updated_at of the page as 'YYYY-MM-DDTHH:MI:SS.USZ' (sorts as text)
-- Packed binary in base64 because, measured on 100k points (see README 'Point index'), it is about half the
-- bytes of JSON number arrays and decodes without parsing numbers. PostgreSQL's base64 inserts a newline every
-- 76 characters; atob() skips ASCII whitespace.
--
-- Security invoker: row-level security on points decides what the caller sees (anonymous: nothing, there is no
-- anon grant). A page is capped at 100,000 rows so one call stays far inside Supabase's 8 s statement timeout
-- and PostgREST's in-memory response (about 7 MB of JSON per 100k rows).
-- p_since (optional) keeps only rows updated after that instant: the replica's "what changed" query.

create or replace function public.point_index(
  p_after uuid default null,
  p_until uuid default null,
  p_since timestamptz default null,
  p_limit integer default 50000
) returns jsonb
language sql stable security invoker set search_path = '' as $$
  with page as materialized (
    select p.id, p."position", p.criticality, p.status, p.team_id, p.km_value, p.created_at, p.updated_at
    from public.points p
    where (p_after is null or p.id > p_after)
      and (p_until is null or p.id <= p_until)
      and (p_since is null or p.updated_at > p_since)
    order by p.id
    limit least(greatest(coalesce(p_limit, 50000), 1), 100000)
  ),
  crit as (select coalesce(array_agg(distinct criticality order by criticality), '{}'::text[]) as k from page),
  team as (select coalesce(array_agg(distinct team_id order by team_id), '{}'::uuid[]) as k from page where team_id is not null)
  select pg_catalog.jsonb_build_object(
    'n', (select count(*) from page),
    'last', (select id from page order by id desc limit 1),
    'max_updated', (select pg_catalog.to_char(max(updated_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from page),
    'crit_keys', (select pg_catalog.to_jsonb(k) from crit),
    'team_keys', (select pg_catalog.to_jsonb(k) from team),
    'ids', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.uuid_send(id), ''::bytea order by id), 'base64'), '') from page),
    'x', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.float4send(("position" ->> 'x')::float4), ''::bytea order by id), 'base64'), '') from page),
    'y', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.float4send(("position" ->> 'y')::float4), ''::bytea order by id), 'base64'), '') from page),
    'km', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.float8send(coalesce(km_value::float8, 'NaN'::float8)), ''::bytea order by id), 'base64'), '') from page),
    'created', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.float8send((extract(epoch from created_at) * 1000)::float8), ''::bytea order by id), 'base64'), '') from page),
    'updated', (select coalesce(pg_catalog.encode(pg_catalog.string_agg(pg_catalog.float8send((extract(epoch from updated_at) * 1000)::float8), ''::bytea order by id), 'base64'), '') from page),
    'status', (select coalesce(pg_catalog.string_agg(case status when 'signale' then '0' when 'pris_en_charge' then '1' else '2' end, '' order by id), '') from page),
    'crit', (select coalesce(pg_catalog.string_agg(pg_catalog.chr(47 + pg_catalog.array_position(crit.k, page.criticality)), '' order by id), '') from page, crit),
    'team', (select coalesce(pg_catalog.string_agg(pg_catalog.chr(48 + coalesce(pg_catalog.array_position(team.k, page.team_id), 0)), '' order by id), '') from page, team)
  )
$$;
comment on function public.point_index(uuid, uuid, timestamptz, integer) is
  'Compact columnar page of the point index (ids, x, y, km, times, status, criticality, team) for ids in (p_after, p_until], updated after p_since; security invoker.';
revoke all on function public.point_index(uuid, uuid, timestamptz, integer) from public, anon;
grant execute on function public.point_index(uuid, uuid, timestamptz, integer) to authenticated, service_role;

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
-- The line_images policies called public.is_admin() (which reads auth.uid()) once per row.
drop policy if exists "line_images admin insert" on storage.objects;
create policy "line_images admin insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'line_images' and (select public.is_admin()) and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin update" on storage.objects;
create policy "line_images admin update" on storage.objects for update to authenticated
  using (bucket_id = 'line_images' and (select public.is_admin()) and (storage.foldername(name))[1] = 'line')
  with check (bucket_id = 'line_images' and (select public.is_admin()) and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin delete" on storage.objects;
create policy "line_images admin delete" on storage.objects for delete to authenticated
  using (bucket_id = 'line_images' and (select public.is_admin()) and (storage.foldername(name))[1] = 'line');
