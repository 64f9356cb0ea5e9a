-- The work that follows a report (docs/product.md#follow-up): who is responsible for it, by when, what was done,
-- and who is told. Names as agreed in docs/decisions.md#names-of-the-follow-up-position-and-photo-tables.
--
--   * points.assignee_id: one active member (of the point's team when it has one); set or cleared only by admins or
--     members of the point's team (42501 hint 'assign_forbidden'); a team change drops an assignee who is not in
--     the new team. Audited like the point's other columns (private.audit_point_updates reads every column).
--   * criticality_levels.delay_hours ('Délai de traitement', admins) and points.due_at, set by the database:
--     observation time + the level's delay; recomputed when the point's level or observation time changes or when
--     it is reopened; frozen while resolved; never written by a client.
--   * public.point_events: comments and interventions, written by members who can read the point, edited by their
--     author only within 15 minutes of their arrival (42501 hint 'event_locked'), never deleted but with the point.
--   * public.point_photos: a point's photos; an intervention's 'après' photos (at most 4 per event, 8 per point);
--     a deleted photo row (the point's deletion included) queues its file in private.storage_removals, emptied by
--     the server through the storage API.
--   * public.point_timeline(p_point_id): events and the point's audit entries of status, assignee, team,
--     criticality and due time, in order (security invoker: row-level security decides).
--   * public.assignable_members, public.team_member_counts, public.deactivated_assignments (admins).
--   * public.bulk_update_points also sets assignee_id.
-- Notifications and e-mail: 20261204110100_notifications.sql.

-- ---------------------------------------------------------------- columns
alter table public.criticality_levels add column delay_hours integer
  check (delay_hours is null or delay_hours between 1 and 87600);
comment on column public.criticality_levels.delay_hours is
  'Délai de traitement in hours (null: none): a point''s due time is its observation time + this delay.';
-- The defaults are a backfill, not an admin's change: no history (user triggers off meanwhile).
alter table public.criticality_levels disable trigger user;
update public.criticality_levels set delay_hours = 48 where id = 'danger';
update public.criticality_levels set delay_hours = 720 where id = 'attention';
alter table public.criticality_levels enable trigger user;

alter table public.points add column assignee_id uuid references auth.users (id) on delete set null;
alter table public.points add column due_at timestamptz;
comment on column public.points.assignee_id is 'The member responsible for the report (one active member, of the point''s team when it has one).';
comment on column public.points.due_at is 'Set by the database: observation time + the level''s delay; frozen once resolved.';
create index points_assignee_idx on public.points (assignee_id, status) where assignee_id is not null;
create index points_open_due_idx on public.points (due_at) where status <> 'resolu' and due_at is not null;

-- The backfill is no change of a report: no history entry, no new version, no live message.
alter table public.points disable trigger user;
update public.points p set due_at = p.observed_at + pg_catalog.make_interval(hours => l.delay_hours)
  from public.criticality_levels l where l.id = p.criticality and l.delay_hours is not null;
alter table public.points enable trigger user;

-- ---------------------------------------------------------------- who may be assigned, who assigns
create or replace function private.is_assignable(p_user uuid, p_team uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p
                  where p.id = p_user and p.active and (p_team is null or p.team_id = p_team))
$$;
comment on function private.is_assignable(uuid, uuid) is 'True when the user is an active member (of the team when one is given).';

create or replace function private.may_assign(p_team uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p
                  where p.id = auth.uid() and p.active and (p.role = 'admin' or (p_team is not null and p.team_id = p_team)))
$$;
comment on function private.may_assign(uuid) is 'True when the caller may set a point''s assignee: an active admin, or an active member of the point''s team.';

create or replace function private.level_delay(p_level text) returns interval
language sql stable security definer set search_path = '' as $$
  select pg_catalog.make_interval(hours => l.delay_hours) from public.criticality_levels l where l.id = p_level
$$;
comment on function private.level_delay(text) is 'The level''s time allowed (null: none).';

revoke all on function private.is_assignable(uuid, uuid), private.may_assign(uuid), private.level_delay(text) from public;
grant execute on function private.is_assignable(uuid, uuid), private.may_assign(uuid), private.level_delay(text)
  to authenticated, service_role;

-- Before insert or update of a point (named after stamp_observed_at, so observed_at is final when it runs).
create or replace function private.point_follow_up() returns trigger
language plpgsql set search_path = '' as $$
declare
  asked boolean;      -- the statement itself sets the assignee (not a side effect of a team change)
  by_request boolean := current_user in ('anon', 'authenticated');
begin
  if tg_op = 'INSERT' then
    asked := new.assignee_id is not null;
  else
    asked := new.assignee_id is distinct from old.assignee_id;
    -- A team change drops an assignee who is not a member of the new team.
    if not asked and new.team_id is distinct from old.team_id and new.assignee_id is not null
       and new.team_id is not null and not private.is_assignable(new.assignee_id, new.team_id) then
      new.assignee_id := null;
    end if;
  end if;

  if asked then
    if by_request and not private.may_assign(new.team_id) then
      raise exception 'Seuls les administrateurs et les membres de l''équipe du signalement peuvent l''assigner.'
        using errcode = '42501', hint = 'assign_forbidden';
    end if;
    if new.assignee_id is not null and not private.is_assignable(new.assignee_id, null) then
      raise exception 'La personne assignée doit être un membre actif.' using errcode = '23514', hint = 'assignee_inactive';
    end if;
    if new.assignee_id is not null and not private.is_assignable(new.assignee_id, new.team_id) then
      raise exception 'La personne assignée doit faire partie de l''équipe du signalement.'
        using errcode = '23514', hint = 'assignee_not_in_team';
    end if;
  end if;

  -- The due time: never a client's value.
  if tg_op = 'UPDATE' and old.status = 'resolu' and new.status = 'resolu' then
    new.due_at := old.due_at;                                   -- frozen while resolved
  elsif tg_op = 'UPDATE' and new.criticality is not distinct from old.criticality
        and new.observed_at is not distinct from old.observed_at and old.status <> 'resolu' then
    new.due_at := old.due_at;                                   -- nothing it depends on changed
  else
    new.due_at := coalesce(new.observed_at, new.created_at, now()) + private.level_delay(new.criticality);
  end if;
  return new;
end $$;
comment on function private.point_follow_up() is
  'Before insert or update of points: the assignee rules (who assigns, who may be assigned) and due_at (observation + delay, frozen once resolved).';
revoke all on function private.point_follow_up() from public;
create trigger stamp_point_follow_up before insert or update on public.points
  for each row execute function private.point_follow_up();

-- ---------------------------------------------------------------- members to assign, team sizes, orphans
-- Active members who may be assigned a point of this team (null: a point without team, which only admins assign:
-- every active member for an admin, nobody for others). Colleagues' profiles are not readable: emails come here.
create or replace function public.assignable_members(p_team_id uuid default null)
returns table (id uuid, email text, team_id uuid)
language sql stable security definer set search_path = '' as $$
  select p.id, p.email, p.team_id from public.profiles p
   where (select private.is_active_member()) and p.active
     and ((p_team_id is not null and p.team_id = p_team_id) or (p_team_id is null and (select private.is_admin())))
   order by p.email
$$;
comment on function public.assignable_members(uuid) is
  'Active members who may be assigned a point of the team (null: no team, admins only): id, email, team.';

create or replace function public.team_member_counts()
returns table (team_id uuid, members integer)
language sql stable security definer set search_path = '' as $$
  select t.id, (select count(*)::integer from public.profiles p where p.team_id = t.id and p.active)
    from public.teams t where (select private.is_active_member())
$$;
comment on function public.team_member_counts() is 'Per team, its active members (profiles.team_id); active members only.';

create or replace function public.deactivated_assignments()
returns table (point_id uuid, name text, line_id uuid, kilometer text, status text, criticality text, team_id uuid,
               due_at timestamptz, assignee_id uuid, assignee_email text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Réservé aux administrateurs' using errcode = '42501';
  end if;
  return query
    select pt.id, pt.name, pt.line_id, pt.kilometer, pt.status, pt.criticality, pt.team_id, pt.due_at, pr.id, pr.email
      from public.points pt join public.profiles pr on pr.id = pt.assignee_id
     where not pr.active and pt.status <> 'resolu'
     order by pr.email, pt.due_at nulls last, pt.id;
end $$;
comment on function public.deactivated_assignments() is
  'Admins: open points assigned to deactivated members, to reassign them.';

revoke all on function public.assignable_members(uuid), public.team_member_counts(), public.deactivated_assignments() from public, anon;
grant execute on function public.assignable_members(uuid), public.team_member_counts(), public.deactivated_assignments()
  to authenticated, service_role;

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

-- ---------------------------------------------------------------- timeline
-- One chronological list: the point's comments and interventions (with their 'après' photos) and its audit
-- entries that change its status, assignee, team, criticality or due time (the creation included). Security
-- invoker: the caller sees what their policies let them read.
create or replace function public.point_timeline(p_point_id uuid)
returns table (source text, id text, kind text, at timestamptz, actor uuid, body text, done_at timestamptz,
               done_by text, created_at timestamptz, updated_at timestamptz, changes jsonb, photos jsonb)
language sql stable security invoker set search_path = '' as $$
  select * from (
    select 'event'::text, e.id::text, e.kind, e.observed_at, e.author_id, e.body, e.done_at, e.done_by,
           e.created_at, e.updated_at, null::jsonb,
           coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'storage_path', f.storage_path, 'position', f."position",
                                                         'caption', f.caption, 'width', f.width, 'height', f.height)
                                      order by f."position", f.created_at)
                       from public.point_photos f where f.event_id = e.id), '[]'::jsonb)
      from public.point_events e where e.point_id = p_point_id
    union all
    select 'audit', a.id::text, case a.action when 'insert' then 'created' when 'delete' then 'deleted' else 'changed' end,
           a."at", a.actor, null, null, null, a."at", a."at", c.changes, null
      from public.audit_log a
      cross join lateral (select jsonb_object_agg(k.key, k.value) as changes
                            from jsonb_each(a.changes) k
                           where k.key in ('status', 'assignee_id', 'team_id', 'criticality', 'due_at')) c
     where a.table_name = 'points' and a.row_id = p_point_id::text and (a.action = 'insert' or c.changes is not null)
  ) t (source, id, kind, at, actor, body, done_at, done_by, created_at, updated_at, changes, photos)
  order by t.at, t.created_at, t.id
$$;
comment on function public.point_timeline(uuid) is
  'A point''s follow-up in order: comments, interventions (with photos) and audit entries of status, assignee, team, criticality and due time.';
revoke all on function public.point_timeline(uuid) from public, anon;
grant execute on function public.point_timeline(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- bulk changes: the assignee too
create or replace function private.bulk_request(p_groups jsonb)
returns table (grp integer, vals jsonb, id uuid, base numeric)
language plpgsql stable set search_path = '' as $$
declare
  g jsonb;
  n integer := 0;
  i integer := 0;
  k text;
begin
  if p_groups is null or jsonb_typeof(p_groups) <> 'array' then
    raise exception 'Requête groupée invalide : un tableau de groupes est attendu' using errcode = '22023';
  end if;
  for g in select value from jsonb_array_elements(p_groups) loop
    i := i + 1;
    if jsonb_typeof(g) is distinct from 'object' or jsonb_typeof(g -> 'ids') is distinct from 'array'
       or jsonb_typeof(g -> 'versions') is distinct from 'array' or jsonb_array_length(g -> 'ids') <> jsonb_array_length(g -> 'versions') then
      raise exception 'Requête groupée invalide : autant de versions que d''identifiants sont attendues' using errcode = '22023';
    end if;
    if g ? 'set' then
      if jsonb_typeof(g -> 'set') is distinct from 'object' or g -> 'set' = '{}'::jsonb then
        raise exception 'Requête groupée invalide : rien à modifier' using errcode = '22023';
      end if;
      for k in select jsonb_object_keys(g -> 'set') loop
        if k not in ('status', 'team_id', 'criticality', 'assignee_id') then
          raise exception 'Requête groupée invalide : le champ « % » ne peut pas être modifié en masse', k using errcode = '22023';
        end if;
      end loop;
    end if;
    n := n + jsonb_array_length(g -> 'ids');
  end loop;
  if n > 10000 then
    raise exception 'Au plus 10 000 signalements par requête (% demandés)', n using errcode = '22023';
  end if;
  return query
    select gr.ord::integer, coalesce(gr.value -> 'set', '{}'::jsonb), x.id::uuid,
           case jsonb_typeof(x.v)
             when 'number' then pg_catalog.floor((x.v #>> '{}')::numeric)
             when 'string' then private.version_ms((x.v #>> '{}')::timestamptz)
           end
      from jsonb_array_elements(p_groups) with ordinality gr(value, ord)
      cross join lateral (
        select ids.value as id, vs.value as v
          from jsonb_array_elements_text(gr.value -> 'ids') with ordinality ids(value, ord)
          join jsonb_array_elements(gr.value -> 'versions') with ordinality vs(value, ord) on vs.ord = ids.ord
      ) x;
end $$;
comment on function private.bulk_request(jsonb) is
  'Checks and unfolds a bulk request (groups of {set, ids, versions}) into rows; at most 10,000 ids (22023 otherwise).';

create or replace function public.bulk_update_points(p_changes jsonb)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  ids uuid[];
  bases numeric[];
  grps integer[];
  result jsonb;
begin
  if jsonb_typeof(p_changes) = 'array'
     and exists (select 1 from jsonb_array_elements(p_changes) g where jsonb_typeof(g) = 'object' and not g ? 'set') then
    raise exception 'Requête groupée invalide : rien à modifier' using errcode = '22023';
  end if;
  select coalesce(array_agg(r.id), '{}'), coalesce(array_agg(r.base), '{}'), coalesce(array_agg(r.grp), '{}')
    into ids, bases, grps from private.bulk_request(p_changes) r;
  if cardinality(ids) <> (select count(distinct u) from unnest(ids) u) then
    raise exception 'Requête groupée invalide : un signalement figure deux fois' using errcode = '22023';
  end if;

  -- Lock the rows still at their stated version, in id order (no deadlock between two batches).
  perform 1 from public.points p join unnest(ids, bases) r(id, base) on r.id = p.id
    where private.version_ms(p.updated_at) = r.base order by p.id for update of p;

  with req as (
    select r.id, r.base, p_changes -> (r.grp - 1) -> 'set' as vals from unnest(ids, bases, grps) r(id, base, grp)
  ), target as (
    select r.id, r.base,
           case when r.vals ? 'status' then r.vals ->> 'status' else p.status end as status,
           case when r.vals ? 'team_id' then (r.vals ->> 'team_id')::uuid else p.team_id end as team_id,
           case when r.vals ? 'criticality' then r.vals ->> 'criticality' else p.criticality end as criticality,
           case when r.vals ? 'assignee_id' then (r.vals ->> 'assignee_id')::uuid else p.assignee_id end as assignee_id,
           p.updated_at, (private.version_ms(p.updated_at) = r.base) as current
      from req r join public.points p on p.id = r.id
  ), changed as (
    update public.points p
       set status = t.status, team_id = t.team_id, criticality = t.criticality, assignee_id = t.assignee_id,
           updated_at = p.updated_at
      from target t
     where p.id = t.id and private.version_ms(p.updated_at) = t.base
       and (p.status, p.team_id, p.criticality, p.assignee_id) is distinct from (t.status, t.team_id, t.criticality, t.assignee_id)
    returning p.id, p.updated_at
  )
  select jsonb_build_object(
    'updated', coalesce((select jsonb_agg(jsonb_build_array(c.id, c.updated_at)) from changed c), '[]'::jsonb),
    'unchanged', coalesce((select jsonb_agg(jsonb_build_array(t.id, t.updated_at)) from target t
                            where t.current and not exists (select 1 from changed c where c.id = t.id)), '[]'::jsonb),
    'conflicts', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'updated_at', p.updated_at, 'status', p.status,
                                                              'team_id', p.team_id, 'criticality', p.criticality,
                                                              'assignee_id', p.assignee_id))
                             from target t join public.points p on p.id = t.id where not t.current), '[]'::jsonb),
    'missing', coalesce((select jsonb_agg(r.id) from req r
                          where not exists (select 1 from target t where t.id = r.id)), '[]'::jsonb))
    into result;
  return result;
end $$;
comment on function public.bulk_update_points(jsonb) is
  'Sets status / team / criticality / assignee on up to 10,000 points in one transaction, each row only at its stated '
  'version; returns updated, unchanged, conflicts (rows changed meanwhile) and missing (deleted or not visible). RLS applies.';
