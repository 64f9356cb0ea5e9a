-- A photo's drawn copy and its thumbnail, stored beside the original in the poi_images bucket.
-- drawn_path: the copy an agent drew on (arrows, circles, text); the original is never changed and the drawn copy is
-- what is shown by default. thumb_path: a small JPEG of the image shown (the drawn copy when there is one), so that
-- lists, the report and Word never download the full photos. Both are set through set_point_photos (or an update
-- of the row by whoever may edit the point); a file no row points to any more is queued for removal.

alter table public.point_photos
  add column drawn_path text
    check (drawn_path is null or (drawn_path ~ '^points/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$' and drawn_path !~ '\.\.')),
  add column thumb_path text
    check (thumb_path is null or (thumb_path ~ '^points/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$' and thumb_path !~ '\.\.'));

grant update (drawn_path, thumb_path) on public.point_photos to authenticated;

comment on column public.point_photos.drawn_path is 'The drawn copy (the original stays as stored), shown by default.';
comment on column public.point_photos.thumb_path is 'A thumbnail of the image shown (the drawn copy when there is one).';

create or replace function private.image_in_use(p_path text) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select exists (select 1 from public.point_photos f
                  where f.storage_path = p_path or f.drawn_path = p_path or f.thumb_path = p_path)
      or exists (select 1 from public.points p where private.image_path(p.image_url) = p_path)
$$;

comment on function private.image_in_use(text) is 'True while a photo row (original, drawn copy or thumbnail) or a point''s image_url points to the stored file.';

create or replace function private.queue_photo_removals() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into private.storage_removals (bucket_id, name)
    select distinct 'poi_images', f.path
      from old_rows o
      cross join lateral (values (o.storage_path), (o.drawn_path), (o.thumb_path)) f(path)
     where f.path is not null and not private.image_in_use(f.path) and not private.removal_queued(f.path);
  return null;
end $$;

comment on function private.queue_photo_removals() is 'After delete or update of point_photos (statement): queues the files (original, drawn copy, thumbnail) no photo row nor point points to any more.';
revoke all on function private.queue_photo_removals() from public;

create trigger queue_replaced_photo_files after update on public.point_photos
  referencing old table as old_rows for each statement execute function private.queue_photo_removals();

create or replace function public.set_point_photos(p_point_id uuid, p_photos jsonb) returns setof public.point_photos
  language plpgsql
  set search_path = ''
as $$
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
    update public.point_photos f
       set "position" = i, caption = nullif(btrim(ph ->> 'caption'), ''),
           drawn_path = nullif(ph ->> 'drawn_path', ''), thumb_path = nullif(ph ->> 'thumb_path', '')
     where f.point_id = p_point_id and f.storage_path = ph ->> 'path' and f.event_id is null
       and (f."position", f.caption, f.drawn_path, f.thumb_path) is distinct from
           (i, nullif(btrim(ph ->> 'caption'), ''), nullif(ph ->> 'drawn_path', ''), nullif(ph ->> 'thumb_path', ''));
    if not exists (select 1 from public.point_photos f where f.point_id = p_point_id and f.storage_path = ph ->> 'path') then
      insert into public.point_photos (point_id, storage_path, "position", kind, caption, taken_at, gnss_lat, gnss_lon,
                                       width, height, bytes, drawn_path, thumb_path)
      values (p_point_id, ph ->> 'path', i, 'constat', nullif(btrim(ph ->> 'caption'), ''), (ph ->> 'taken_at')::timestamptz,
              (ph ->> 'gnss_lat')::double precision, (ph ->> 'gnss_lon')::double precision,
              (ph ->> 'width')::integer, (ph ->> 'height')::integer, (ph ->> 'bytes')::integer,
              nullif(ph ->> 'drawn_path', ''), nullif(ph ->> 'thumb_path', ''));
    end if;
    i := i + 1;
  end loop;

  return query select * from public.point_photos f
    where f.point_id = p_point_id and f.event_id is null order by f."position", f.created_at;
end $$;

comment on function public.set_point_photos(uuid, jsonb) is 'A point''s constat photos as listed ([{path, caption, taken_at, gnss_lat, gnss_lon, width, height, bytes, drawn_path, thumb_path}], in order): missing rows removed, new ones added, order, captions, drawn copies and thumbnails set; idempotent. RLS and the limits apply.';
