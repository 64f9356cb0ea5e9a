-- Hardening (issue 16).
-- 1. Position and zone checks that are false, never null, on malformed JSON: a CHECK passes on NULL, so
--    `"position": "x"` (x of a string is null) or zone points `[1,2,3]` used to be stored.
-- 2. poi_images: a photo can be replaced (update, upsert) only by who uploaded it; removal stays open to every
--    signed-in user (specification). Supabase Storage records the uploader in owner_id (text) and owner (uuid).

alter table public.points drop constraint if exists points_position_check;
alter table public.points add constraint points_position_check check (coalesce(
  jsonb_typeof("position") = 'object'
  and jsonb_typeof("position" -> 'x') = 'number'
  and jsonb_typeof("position" -> 'y') = 'number', false));

-- Every vertex an object (strict: no unwrapping of nested arrays) with numeric x and y (lax: a missing key gives
-- an empty sequence, so the negated test is true and the vertex counts as bad).
alter table public.zones drop constraint if exists zones_points_check;
alter table public.zones add constraint zones_points_check check (coalesce(
  case when jsonb_typeof(points) = 'array' then
    jsonb_array_length(points) >= 3
    and not jsonb_path_exists(points, 'strict $[*] ? (@.type() != "object")')
    and not jsonb_path_exists(points, '$[*] ? (!(@.x.type() == "number" && @.y.type() == "number"))')
  else false end, false));

drop policy if exists "poi_images authenticated update" on storage.objects;
drop policy if exists "poi_images owner update" on storage.objects;
create policy "poi_images owner update" on storage.objects for update to authenticated
  using (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points'
         and (owner_id = (select auth.uid())::text or owner = (select auth.uid())))
  with check (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp')
              and (owner_id = (select auth.uid())::text or owner = (select auth.uid())));
