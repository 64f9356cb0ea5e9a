-- Row-level security following SPEC §6, the is_admin() helper, integrity triggers and grants.
-- Every authenticated user reads the app tables and writes points; only admins write zones, teams,
-- criticality levels, kilometre markers and settings, and see invitations. anon reads nothing.

create schema if not exists private;
comment on schema private is 'Internal helpers called by triggers and policies; not exposed through the API.';
grant usage on schema private to authenticated, service_role;

-- Serializes every change that can create or remove an admin (first profile, role changes, profile deletion).
create or replace function private.lock_roles() returns void
language sql volatile security definer set search_path = '' as $$
  select pg_catalog.pg_advisory_xact_lock(8171221001)
$$;

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'admin')
$$;
comment on function public.is_admin() is 'True when the caller (auth.uid()) has an admin profile.';

-- The role a new profile gets: admin for the very first profile, user otherwise (under the roles lock).
create or replace function private.first_profile_role() returns text
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform private.lock_roles();
  if exists (select 1 from public.profiles) then
    return 'user';
  end if;
  return 'admin';
end $$;

-- ---------------------------------------------------------------- integrity triggers
-- created_by/created_at cannot be forged through the API: stamped on insert, frozen on update.
create or replace function private.stamp_created_by() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      new.created_by := auth.uid();
      new.created_at := now();
    else
      new.created_by := old.created_by;
      new.created_at := old.created_at;
    end if;
  end if;
  return new;
end $$;

do $$
declare t text;
begin
  foreach t in array array['teams', 'invitations', 'criticality_levels', 'zones', 'points', 'kilometer_markers', 'app_settings'] loop
    execute format('create trigger stamp_created_by before insert or update on public.%I for each row execute function private.stamp_created_by()', t);
  end loop;
end $$;

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;
create trigger touch_updated_at before update on public.app_settings for each row execute function private.touch_updated_at();

-- A profile inserted through the API gets the role the rule gives (first profile admin, else user), no team,
-- and the email of its auth user.
create or replace function private.profiles_before_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.role := private.first_profile_role();
    new.team_id := null;
    new.email := coalesce(private.auth_email(new.id), new.email);
  end if;
  return new;
end $$;

create or replace function private.auth_email(user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select u.email::text from auth.users u where u.id = user_id
$$;

create trigger profiles_before_insert before insert on public.profiles
  for each row execute function private.profiles_before_insert();

-- The last admin cannot disappear through a direct delete.
create or replace function private.profiles_before_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and auth.role() in ('anon', 'authenticated') then
    perform private.lock_roles();
    if not exists (select 1 from public.profiles p where p.role = 'admin' and p.id <> old.id) then
      raise exception 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.'
        using errcode = 'P0001', hint = 'last_admin';
    end if;
  end if;
  return old;
end $$;
create trigger profiles_before_delete before delete on public.profiles
  for each row execute function private.profiles_before_delete();

-- Default levels cannot be deleted nor lose their identity; a level used by points cannot be deleted.
create or replace function private.criticality_levels_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
declare n bigint;
begin
  if tg_op = 'DELETE' then
    if old.is_default then
      raise exception 'Impossible de supprimer un niveau par défaut' using errcode = 'P0001', hint = 'default_level';
    end if;
    select count(*) into n from public.points p where p.criticality = old.id;
    if n > 0 then
      raise exception 'Impossible de supprimer ce niveau car il est utilisé par % signalement(s)', n
        using errcode = '23503', hint = 'level_in_use';
    end if;
    return old;
  end if;
  if old.is_default and (new.id <> old.id or not new.is_default) then
    raise exception 'Impossible de modifier l''identifiant ou le statut d''un niveau par défaut'
      using errcode = 'P0001', hint = 'default_level';
  end if;
  return new;
end $$;
create trigger criticality_levels_guard before update or delete on public.criticality_levels
  for each row execute function private.criticality_levels_guard();

create or replace function private.teams_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.points p where p.team_id = old.id) then
    raise exception 'Impossible de supprimer cette équipe car elle est utilisée par des signalements'
      using errcode = '23503', hint = 'team_in_use';
  end if;
  return old;
end $$;
create trigger teams_guard before delete on public.teams
  for each row execute function private.teams_guard();

revoke all on function private.stamp_created_by(), private.touch_updated_at(), private.profiles_before_insert(),
  private.profiles_before_delete(), private.criticality_levels_guard(), private.teams_guard(),
  private.auth_email(uuid), private.first_profile_role(), private.lock_roles() from public;
grant execute on function private.first_profile_role(), private.auth_email(uuid), private.lock_roles() to authenticated, service_role;
revoke all on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- ---------------------------------------------------------------- row-level security
alter table public.profiles enable row level security;
alter table public.invitations enable row level security;
alter table public.criticality_levels enable row level security;
alter table public.zones enable row level security;
alter table public.points enable row level security;
alter table public.teams enable row level security;
alter table public.kilometer_markers enable row level security;
alter table public.app_settings enable row level security;

-- Tables every signed-in user reads and only admins write.
do $$
declare t text;
begin
  foreach t in array array['teams', 'criticality_levels', 'zones', 'kilometer_markers', 'app_settings'] loop
    execute format('create policy "authenticated read" on public.%I for select to authenticated using (true)', t);
    execute format('create policy "admin insert" on public.%I for insert to authenticated with check ((select public.is_admin()))', t);
    execute format('create policy "admin update" on public.%I for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))', t);
    execute format('create policy "admin delete" on public.%I for delete to authenticated using ((select public.is_admin()))', t);
  end loop;
end $$;

-- Points: any signed-in user reports, edits and deletes (SPEC §6).
create policy "authenticated read" on public.points for select to authenticated using (true);
create policy "authenticated insert" on public.points for insert to authenticated with check (true);
create policy "authenticated update" on public.points for update to authenticated using (true) with check (true);
create policy "authenticated delete" on public.points for delete to authenticated using (true);

-- Invitations: admins only (the token itself is never stored; see invite_user()).
create policy "admin read" on public.invitations for select to authenticated using ((select public.is_admin()));
create policy "admin insert" on public.invitations for insert to authenticated with check ((select public.is_admin()));
create policy "admin update" on public.invitations for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admin delete" on public.invitations for delete to authenticated using ((select public.is_admin()));

-- Profiles: everybody signed in reads; a user inserts only their own (role forced by trigger);
-- only admins update (team_id only, see the column grant) and delete.
create policy "authenticated read" on public.profiles for select to authenticated using (true);
create policy "own insert" on public.profiles for insert to authenticated with check (id = (select auth.uid()));
create policy "admin update" on public.profiles for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admin delete" on public.profiles for delete to authenticated using ((select public.is_admin()));

-- ---------------------------------------------------------------- grants
revoke all on public.profiles, public.invitations, public.criticality_levels, public.zones, public.points,
  public.teams, public.kilometer_markers, public.app_settings from anon;
grant select, insert, update, delete on public.invitations, public.criticality_levels, public.zones, public.points,
  public.teams, public.kilometer_markers, public.app_settings to authenticated;
grant all on public.profiles, public.invitations, public.criticality_levels, public.zones, public.points,
  public.teams, public.kilometer_markers, public.app_settings to service_role;
-- profiles: role changes only through change_user_role(); team_id is the only column an update may touch.
revoke all on public.profiles from authenticated;
grant select, delete on public.profiles to authenticated;
grant insert (id, email, role) on public.profiles to authenticated;
grant update (team_id) on public.profiles to authenticated;
