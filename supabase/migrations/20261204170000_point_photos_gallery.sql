-- A point's photo gallery (docs/product.md#photos): up to 8 photos in order in public.point_photos, the first of
-- them also in points.image_url (every reader of the spec's single photo keeps working).
--
--   * The points' single photos become their gallery's first photo ('constat', position 0), with their author and
--     time; a URL outside the bucket (an external http(s) image) stays in image_url only.
--   * Who changes a gallery: a member who may edit the point (any member who reads it, as for its other fields)
--     adds, reorders, captions and removes its 'constat' photos; an intervention's 'après' photos stay their
--     creator's or an admin's.
--   * public.set_point_photos(p_point_id, p_photos): the gallery as the form saved it, in one idempotent call (the
--     outbox replays it after a lost answer): rows missing from the list removed, new ones added, order and
--     captions set. Security invoker: row-level security and the limits trigger decide.
--   * A stored file is queued for removal (private.storage_removals) only once nothing points to it: neither a
--     photo row nor a point's image_url. A point whose image_url leaves a file, or a deleted point, queues it.
--   * The poi_images bucket keeps its limits: 5 Mo, JPG/PNG/GIF/WEBP.

-- ---------------------------------------------------------------- the path of a photo URL
create or replace function private.image_path(p_url text) returns text
language sql immutable set search_path = '' as $$
  select case
    when p_url is null or strpos(p_url, '..') > 0 then null
    when btrim(p_url) ~ '^points/' then btrim(p_url)
    when p_url ~ '/storage/v1/object/public/poi_images/points/'
      then pg_catalog.substring(p_url, '/storage/v1/object/public/poi_images/(points/[^?#[:space:]]+)')
  end
$$;
comment on function private.image_path(text) is
  'The storage path (points/…) in poi_images of a photo URL or path; null for an external URL.';
revoke all on function private.image_path(text) from public;
grant execute on function private.image_path(text) to authenticated, service_role;

-- ---------------------------------------------------------------- the single photos become galleries
alter table public.point_photos disable trigger user; -- a backfill: no history entry, no new stamp
insert into public.point_photos (point_id, storage_path, "position", kind, created_by, created_at)
  select p.id, private.image_path(p.image_url), 0, 'constat', p.created_by, p.created_at
    from public.points p
   where private.image_path(p.image_url) ~ '^points/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$'
     and not exists (select 1 from public.point_photos f where f.point_id = p.id);
alter table public.point_photos enable trigger user;

-- ---------------------------------------------------------------- who changes a gallery
drop policy "add photos to readable points" on public.point_photos;
drop policy "creator or admin edits" on public.point_photos;
drop policy "creator or admin removes" on public.point_photos;

create policy "add photos to readable points" on public.point_photos for insert to authenticated
  with check (created_by = (select auth.uid()) and exists (select 1 from public.points p where p.id = point_id));
create policy "members edit constat photos, creator or admin the others" on public.point_photos for update to authenticated
  using ((kind = 'constat' and exists (select 1 from public.points p where p.id = point_id))
         or created_by = (select auth.uid()) or (select private.is_admin()))
  with check ((kind = 'constat' and exists (select 1 from public.points p where p.id = point_id))
              or created_by = (select auth.uid()) or (select private.is_admin()));
create policy "members remove constat photos, creator or admin the others" on public.point_photos for delete to authenticated
  using ((kind = 'constat' and exists (select 1 from public.points p where p.id = point_id))
         or created_by = (select auth.uid()) or (select private.is_admin()));

-- ---------------------------------------------------------------- files removed once nothing points to them
create or replace function private.image_in_use(p_path text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.point_photos f where f.storage_path = p_path)
      or exists (select 1 from public.points p where private.image_path(p.image_url) = p_path)
$$;
comment on function private.image_in_use(text) is 'True while a photo row or a point''s image_url points to the stored file.';
revoke all on function private.image_in_use(text) from public;
grant execute on function private.image_in_use(text) to authenticated, service_role;

create index if not exists points_image_path_idx on public.points (private.image_path(image_url)) where image_url is not null;

create or replace function private.removal_queued(p_path text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.storage_removals r where r.bucket_id = 'poi_images' and r.name = p_path and r.done_at is null)
$$;
comment on function private.removal_queued(text) is 'True while the stored file waits in the removal queue.';
revoke all on function private.removal_queued(text) from public;

create or replace function private.queue_photo_removals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.storage_removals (bucket_id, name)
    select distinct 'poi_images', o.storage_path from old_rows o where not private.image_in_use(o.storage_path) and not private.removal_queued(o.storage_path);
  return null;
end $$;
comment on function private.queue_photo_removals() is
  'After delete of point_photos (statement): queues the files no photo row nor point points to any more.';

create or replace function private.queue_point_image_removals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    insert into private.storage_removals (bucket_id, name)
      select distinct 'poi_images', private.image_path(o.image_url) from old_rows o
       where private.image_path(o.image_url) is not null and not private.image_in_use(private.image_path(o.image_url))
         and not private.removal_queued(private.image_path(o.image_url));
  else
    insert into private.storage_removals (bucket_id, name)
      select distinct 'poi_images', private.image_path(o.image_url)
        from old_rows o join new_rows n on n.id = o.id
       where private.image_path(o.image_url) is not null
         and private.image_path(o.image_url) is distinct from private.image_path(n.image_url)
         and not private.image_in_use(private.image_path(o.image_url))
         and not private.removal_queued(private.image_path(o.image_url));
  end if;
  return null;
end $$;
comment on function private.queue_point_image_removals() is
  'After update or delete of points (statement): queues the files of former image_url values nothing points to any more.';
revoke all on function private.queue_point_image_removals() from public;
create trigger queue_point_image_removals_upd after update on public.points referencing old table as old_rows new table as new_rows
  for each statement execute function private.queue_point_image_removals();
create trigger queue_point_image_removals_del after delete on public.points referencing old table as old_rows
  for each statement execute function private.queue_point_image_removals();

-- ---------------------------------------------------------------- the gallery in one call
create or replace function public.set_point_photos(p_point_id uuid, p_photos jsonb)
returns setof public.point_photos
language plpgsql security invoker set search_path = '' as $$
declare
  ph jsonb;
  i integer := 0;
  paths text[];
begin
  if p_photos is null or jsonb_typeof(p_photos) <> 'array' then
    raise exception 'Galerie invalide : un tableau de photos est attendu' using errcode = '22023';
  end if;
  if jsonb_array_length(p_photos) > 8 then
    raise exception 'Au plus 8 photos par signalement.' using errcode = '23514', hint = 'photo_point_limit';
  end if;
  select coalesce(array_agg(x ->> 'path'), '{}') into paths from jsonb_array_elements(p_photos) x;
  if cardinality(paths) <> (select count(distinct u) from unnest(paths) u) or array_position(paths, null) is not null then
    raise exception 'Galerie invalide : chaque photo a un chemin, une seule fois' using errcode = '22023';
  end if;
  if not exists (select 1 from public.points p where p.id = p_point_id) then
    raise exception 'Ce signalement n''existe plus.' using errcode = 'P0002';
  end if;

  delete from public.point_photos f
   where f.point_id = p_point_id and f.event_id is null and f.kind = 'constat' and f.storage_path <> all (paths);

  for ph in select value from jsonb_array_elements(p_photos) loop
    update public.point_photos f set "position" = i, caption = nullif(btrim(ph ->> 'caption'), '')
     where f.point_id = p_point_id and f.storage_path = ph ->> 'path' and f.event_id is null
       and (f."position", f.caption) is distinct from (i, nullif(btrim(ph ->> 'caption'), ''));
    if not exists (select 1 from public.point_photos f where f.point_id = p_point_id and f.storage_path = ph ->> 'path') then
      insert into public.point_photos (point_id, storage_path, "position", kind, caption, taken_at, gnss_lat, gnss_lon, width, height, bytes)
      values (p_point_id, ph ->> 'path', i, 'constat', nullif(btrim(ph ->> 'caption'), ''), (ph ->> 'taken_at')::timestamptz,
              (ph ->> 'gnss_lat')::double precision, (ph ->> 'gnss_lon')::double precision,
              (ph ->> 'width')::integer, (ph ->> 'height')::integer, (ph ->> 'bytes')::integer);
    end if;
    i := i + 1;
  end loop;

  return query select * from public.point_photos f
    where f.point_id = p_point_id and f.event_id is null order by f."position", f.created_at;
end $$;
comment on function public.set_point_photos(uuid, jsonb) is
  'A point''s constat photos as listed ([{path, caption, taken_at, gnss_lat, gnss_lon, width, height, bytes}], in order): '
  'missing rows removed, new ones added, order and captions set; idempotent. RLS and the limits apply.';
revoke all on function public.set_point_photos(uuid, jsonb) from public, anon;
grant execute on function public.set_point_photos(uuid, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------- the bucket's limits
update storage.buckets set file_size_limit = 5242880,
       allowed_mime_types = array['image/jpeg', 'image/png', 'image/gif', 'image/webp']
 where id = 'poi_images';
