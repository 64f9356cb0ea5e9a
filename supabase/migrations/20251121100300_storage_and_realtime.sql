-- The public image bucket poi_images (5 MB, images only) with its storage policies, and the tables
-- published to Supabase Realtime. Guarded so it applies on Supabase, where both already exist.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('poi_images', 'poi_images', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Anyone may read poi_images (public bucket); signed-in users add, replace and remove images under points/.
drop policy if exists "poi_images public read" on storage.objects;
create policy "poi_images public read" on storage.objects for select to public
  using (bucket_id = 'poi_images');

drop policy if exists "poi_images authenticated insert" on storage.objects;
create policy "poi_images authenticated insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "poi_images authenticated update" on storage.objects;
create policy "poi_images authenticated update" on storage.objects for update to authenticated
  using (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points')
  with check (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "poi_images authenticated delete" on storage.objects;
create policy "poi_images authenticated delete" on storage.objects for delete to authenticated
  using (bucket_id = 'poi_images' and (storage.foldername(name))[1] = 'points');

do $$
declare t text;
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['points', 'zones', 'teams', 'criticality_levels', 'app_settings', 'kilometer_markers'] loop
    if not exists (select 1 from pg_catalog.pg_publication_tables
                    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end $$;
