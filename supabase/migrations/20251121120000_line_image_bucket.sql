-- The public bucket line_images for the line schematic that admins upload from the administration panel's Ligne tab
-- (issue 6). Anyone may read it; only admins add, replace or remove files, under line/, raster images only.
-- 20 MB: a wide line schematic is bigger than a photo (the embedded server may cap uploads lower).
-- The image in use is recorded in app_settings 'line_image' as JSON {url, width, height}.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('line_images', 'line_images', true, 20971520, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "line_images public read" on storage.objects;
create policy "line_images public read" on storage.objects for select to public
  using (bucket_id = 'line_images');

drop policy if exists "line_images admin insert" on storage.objects;
create policy "line_images admin insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'line_images' and public.is_admin() and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin update" on storage.objects;
create policy "line_images admin update" on storage.objects for update to authenticated
  using (bucket_id = 'line_images' and public.is_admin() and (storage.foldername(name))[1] = 'line')
  with check (bucket_id = 'line_images' and public.is_admin() and (storage.foldername(name))[1] = 'line'
              and lower(storage.extension(name)) in ('jpg', 'jpeg', 'png', 'gif', 'webp'));

drop policy if exists "line_images admin delete" on storage.objects;
create policy "line_images admin delete" on storage.objects for delete to authenticated
  using (bucket_id = 'line_images' and public.is_admin() and (storage.foldername(name))[1] = 'line');
