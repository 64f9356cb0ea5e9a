-- What was done on a report (docs/product.md#follow-up): its comments, interventions and photos.
--
--   * public.point_events: comments and interventions, written by members who can read the point, edited by their
--     author only within 15 minutes of their arrival (42501 hint 'event_locked'), never deleted but with the point.
--   * public.point_photos: a point's photos; an intervention's 'après' photos (at most 4 per event, 8 per point);
--     a deleted photo row (the point's deletion included) queues its file in private.storage_removals, emptied by
--     the server through the storage API.
-- Both are audited, read through the points a member may read, and published to realtime.

-- ---------------------------------------------------------------- point_events
create table public.point_events (
  id uuid primary key default gen_random_uuid(),
  point_id uuid not null references public.points (id) on delete cascade,
  line_id uuid not null references public.lines (id),
  kind text not null check (kind in ('comment', 'intervention')),
  body text not null check (btrim(body) <> '' and length(body) <= 4000),
  done_at timestamptz,                                  -- an intervention: when the work was done
  done_by text check (done_by is null or (btrim(done_by) <> '' and length(done_by) <= 200)), -- who did it, as written
  author_id uuid default auth.uid() references auth.users (id) on delete set null,
  observed_at timestamptz not null default now(),       -- the device's time of writing (offline included)
  created_at timestamptz not null default now(),        -- stamped by the database at arrival
  updated_at timestamptz not null default now(),
  check (kind = 'intervention' or (done_at is null and done_by is null))
);
comment on table public.point_events is
  'A point''s comments and interventions (what was done, when, by whom); editable by their author for 15 minutes, then only added to.';
create index point_events_point_idx on public.point_events (point_id, observed_at, id);
create index point_events_author_idx on public.point_events (author_id);

create or replace function private.point_event_stamp() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.updated_at := new.created_at;
    new.observed_at := coalesce(new.observed_at, new.created_at);
    if current_user in ('anon', 'authenticated') then
      new.author_id := auth.uid();
    end if;
    select p.line_id into new.line_id from public.points p where p.id = new.point_id;
  else
    if current_user in ('anon', 'authenticated') and (new.point_id is distinct from old.point_id or new.line_id is distinct from old.line_id or new.kind is distinct from old.kind
       or new.author_id is distinct from old.author_id or new.created_at is distinct from old.created_at) then
      raise exception 'Le signalement, le type, l''auteur et la date d''un message ne changent pas.'
        using errcode = '42501', hint = 'event_identity';
    end if;
    if current_user in ('anon', 'authenticated')
       and (old.author_id is distinct from auth.uid() or old.created_at <= now() - interval '15 minutes') then
      raise exception 'Un commentaire ou une intervention ne peut être modifié que par son auteur, dans les 15 minutes qui suivent son envoi.'
        using errcode = '42501', hint = 'event_locked';
    end if;
    new.updated_at := greatest(now(), old.updated_at + interval '1 millisecond');
  end if;
  if new.observed_at > (case when tg_op = 'INSERT' then new.created_at else now() end) + interval '5 minutes' then
    raise exception 'L''heure de constat est postérieure à la réception du message.'
      using errcode = '23514', hint = 'observed_at_in_future';
  end if;
  if new.done_at is not null and new.done_at > now() + interval '5 minutes' then
    raise exception 'La date d''intervention est dans le futur.' using errcode = '23514', hint = 'done_at_in_future';
  end if;
  return new;
end $$;
comment on function private.point_event_stamp() is
  'point_events: arrival time, author and line set by the database; the 15-minute edit window of the author (42501 event_locked).';
revoke all on function private.point_event_stamp() from public;
create trigger point_event_stamp before insert or update on public.point_events
  for each row execute function private.point_event_stamp();

-- ---------------------------------------------------------------- point_photos
create table public.point_photos (
  id uuid primary key default gen_random_uuid(),
  point_id uuid not null references public.points (id) on delete cascade,
  event_id uuid references public.point_events (id) on delete cascade,
  storage_path text not null check (storage_path ~ '^points/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$' and storage_path !~ '\.\.'),
  "position" integer not null default 0 check ("position" between 0 and 7),
  kind text not null default 'constat' check (kind in ('constat', 'apres')),
  caption text check (caption is null or length(caption) <= 500),
  taken_at timestamptz,
  gnss_lat double precision check (gnss_lat is null or gnss_lat between -90 and 90),
  gnss_lon double precision check (gnss_lon is null or gnss_lon between -180 and 180),
  width integer check (width is null or width > 0),
  height integer check (height is null or height > 0),
  bytes integer check (bytes is null or bytes between 1 and 5242880),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (event_id is null or kind = 'apres')
);
comment on table public.point_photos is
  'Photos of a point in the poi_images bucket (storage_path): at most 8 per point; an intervention''s ''après'' photos at most 4.';
create index point_photos_point_idx on public.point_photos (point_id, "position", created_at);
create index point_photos_event_idx on public.point_photos (event_id) where event_id is not null;

create or replace function private.point_photo_limits() returns trigger
language plpgsql set search_path = '' as $$
declare
  ev record;
begin
  -- One photo at a time per point: the point's row lock orders concurrent inserts.
  perform 1 from public.points p where p.id = new.point_id for update;
  new.created_at := now();
  if current_user in ('anon', 'authenticated') then
    new.created_by := auth.uid();
  end if;
  if new.event_id is not null then
    select e.point_id, e.kind into ev from public.point_events e where e.id = new.event_id;
    if ev.point_id is distinct from new.point_id or ev.kind is distinct from 'intervention' then
      raise exception 'Une photo « après » appartient à une intervention du même signalement.'
        using errcode = '23514', hint = 'photo_event_mismatch';
    end if;
    if (select count(*) from public.point_photos f where f.event_id = new.event_id) >= 4 then
      raise exception 'Au plus 4 photos « après » par intervention.' using errcode = '23514', hint = 'photo_event_limit';
    end if;
  end if;
  if (select count(*) from public.point_photos f where f.point_id = new.point_id) >= 8 then
    raise exception 'Au plus 8 photos par signalement.' using errcode = '23514', hint = 'photo_point_limit';
  end if;
  return new;
end $$;
comment on function private.point_photo_limits() is
  'Before insert of point_photos: at most 8 per point and 4 per intervention, the event of the same point; creator and time stamped.';
revoke all on function private.point_photo_limits() from public;
create trigger point_photo_limits before insert on public.point_photos
  for each row execute function private.point_photo_limits();

create or replace function private.point_photo_identity() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new.point_id, new.event_id, new.storage_path, new.kind, new.created_by, new.created_at)
     is distinct from (old.point_id, old.event_id, old.storage_path, old.kind, old.created_by, old.created_at) then
    raise exception 'Seuls la légende et l''ordre d''une photo changent.' using errcode = '42501', hint = 'photo_identity';
  end if;
  return new;
end $$;
revoke all on function private.point_photo_identity() from public;
create trigger point_photo_identity before update on public.point_photos
  for each row execute function private.point_photo_identity();

-- Files of removed photo rows (a point's deletion included), removed by the server through the storage API
-- (the embedded server's loop; on Supabase the send-mail function's run): a database cannot delete a stored file.
create table private.storage_removals (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text,
  done_at timestamptz
);
comment on table private.storage_removals is 'Stored files to remove (photos of deleted rows); done_at once removed.';
create index storage_removals_todo_idx on private.storage_removals (queued_at) where done_at is null;

create or replace function private.queue_photo_removals() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.storage_removals (bucket_id, name)
    select 'poi_images', o.storage_path from old_rows o
     where not exists (select 1 from public.point_photos f where f.storage_path = o.storage_path);
  return null;
end $$;
comment on function private.queue_photo_removals() is 'After delete of point_photos (statement): queues their files for removal.';
revoke all on function private.queue_photo_removals() from public;
create trigger queue_photo_removals after delete on public.point_photos referencing old table as old_rows
  for each statement execute function private.queue_photo_removals();

-- ---------------------------------------------------------------- audit
create trigger audit_row after update on public.point_events for each row execute function private.audit_row();
create trigger audit_inserts after insert on public.point_events referencing new table as new_rows
  for each statement execute function private.audit_rows();
create trigger audit_deletes after delete on public.point_events referencing old table as old_rows
  for each statement execute function private.audit_rows();
create trigger audit_inserts after insert on public.point_photos referencing new table as new_rows
  for each statement execute function private.audit_rows();
create trigger audit_deletes after delete on public.point_photos referencing old table as old_rows
  for each statement execute function private.audit_rows();

-- ---------------------------------------------------------------- access
alter table public.point_events enable row level security;
alter table public.point_photos enable row level security;
revoke all on public.point_events, public.point_photos from public, anon, authenticated;
grant select, insert on public.point_events to authenticated;
grant update (body, done_at, done_by, observed_at, updated_at) on public.point_events to authenticated;
grant select, insert, delete on public.point_photos to authenticated;
grant update (caption, "position") on public.point_photos to authenticated;
grant all on public.point_events, public.point_photos to service_role;

create policy "active members only" on public.point_events as restrictive for all to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));
create policy "active members only" on public.point_photos as restrictive for all to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));

-- The points' own policies decide which points a member reads.
create policy "read events of readable points" on public.point_events for select to authenticated
  using (exists (select 1 from public.points p where p.id = point_id));
create policy "write on readable points" on public.point_events for insert to authenticated
  with check (author_id = (select auth.uid()) and exists (select 1 from public.points p where p.id = point_id));
create policy "author edits" on public.point_events for update to authenticated
  using (author_id = (select auth.uid())) with check (author_id = (select auth.uid()));

create policy "read photos of readable points" on public.point_photos for select to authenticated
  using (exists (select 1 from public.points p where p.id = point_id));
create policy "add photos to readable points" on public.point_photos for insert to authenticated
  with check (created_by = (select auth.uid()) and exists (select 1 from public.points p where p.id = point_id));
create policy "creator or admin edits" on public.point_photos for update to authenticated
  using (created_by = (select auth.uid()) or (select private.is_admin()))
  with check (created_by = (select auth.uid()) or (select private.is_admin()));
create policy "creator or admin removes" on public.point_photos for delete to authenticated
  using (created_by = (select auth.uid()) or (select private.is_admin()));

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.point_events, public.point_photos;
  end if;
end $$;
