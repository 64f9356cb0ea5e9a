-- Accountability (issue 12) and profile visibility (issue 16 item 8):
--   * private.is_admin() / private.is_active_member(): the policy helpers, out of the exposed schema
--     (public.is_admin() is gone; every policy that used it now calls private.is_admin());
--   * profiles.active: a deactivated member passes no policy of the app's tables (restrictive policies), has
--     their sessions and refresh tokens revoked at once, and every API request of theirs is refused with
--     'Votre accès a été désactivé…' (PostgREST pre-request function private.check_request, SQLSTATE PT403);
--   * set_user_active(): admin only, never oneself, never the last active admin (also under concurrency);
--   * public.audit_log: append-only history of every change of the app's tables, written by triggers;
--   * invitations can be revoked; profiles are readable by their owner and admins only, colleagues' emails
--     come through user_emails() for the ids the caller may see (authors of points, actors of their history);
--   * the public RPCs that did not need to bypass row-level security become SECURITY INVOKER;
--   * indexes on the foreign keys a user or team deletion scans.

-- ---------------------------------------------------------------- helpers (private)
alter table public.profiles add column active boolean not null default true;
comment on column public.profiles.active is 'False when an admin took the access back (set_user_active); the member then passes no policy.';

create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.role = 'admin' and p.active)
$$;
comment on function private.is_admin() is 'True when the caller (auth.uid()) has an active admin profile.';

create or replace function private.is_active_member() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles p where p.id = auth.uid() and p.active)
$$;
comment on function private.is_active_member() is 'True when the caller (auth.uid()) has a profile that is active.';

-- True when an auth user has this email (invite_user runs as the caller, who cannot read auth.users).
create or replace function private.auth_email_taken(addr text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u where lower(u.email) = lower(addr))
$$;

revoke all on function private.is_admin(), private.is_active_member(), private.auth_email_taken(text) from public;
grant execute on function private.is_admin(), private.is_active_member(), private.auth_email_taken(text)
  to authenticated, service_role;

-- Every policy that called public.is_admin() now calls private.is_admin() (rewritten from the catalog, so the
-- policies of any earlier migration are covered), then public.is_admin() goes.
do $$
declare
  pol record;
  q text;
  c text;
  stmt text;
begin
  perform pg_catalog.set_config('search_path', '', true); -- deparse with schema-qualified names
  for pol in
    select distinct n.nspname as schemaname, t.relname as tablename, p.polname as policyname,
           pg_catalog.pg_get_expr(p.polqual, p.polrelid) as qual,
           pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid) as with_check
      from pg_catalog.pg_policy p
      join pg_catalog.pg_class t on t.oid = p.polrelid
      join pg_catalog.pg_namespace n on n.oid = t.relnamespace
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_policy'::regclass and d.objid = p.oid
     where d.refobjid = 'public.is_admin()'::regprocedure
  loop
    q := replace(pol.qual, 'public.is_admin()', 'private.is_admin()');
    c := replace(pol.with_check, 'public.is_admin()', 'private.is_admin()');
    stmt := format('alter policy %I on %I.%I', pol.policyname, pol.schemaname, pol.tablename);
    if q is not null then stmt := stmt || format(' using (%s)', q); end if;
    if c is not null then stmt := stmt || format(' with check (%s)', c); end if;
    execute stmt;
  end loop;
  perform pg_catalog.set_config('search_path', '"$user", public', true);
end $$;
drop function public.is_admin();

-- ---------------------------------------------------------------- active members only
-- Points: any active member reports, edits and deletes (SPEC §6); an account without a profile does nothing.
alter policy "authenticated read" on public.points using ((select private.is_active_member()));
alter policy "authenticated insert" on public.points with check ((select private.is_active_member()));
alter policy "authenticated update" on public.points using ((select private.is_active_member())) with check ((select private.is_active_member()));
alter policy "authenticated delete" on public.points using ((select private.is_active_member()));

-- Every other app table: one restrictive policy, ANDed with the permissive ones (present and future).
do $$
declare t text;
begin
  foreach t in array array['teams', 'criticality_levels', 'zones', 'kilometer_markers', 'app_settings', 'invitations'] loop
    execute format('create policy "active members only" on public.%I as restrictive for all to authenticated '
                   'using ((select private.is_active_member())) with check ((select private.is_active_member()))', t);
  end loop;
end $$;

-- Files: a deactivated member adds, replaces or removes nothing (public reads are unchanged).
create policy "active members write files" on storage.objects as restrictive for insert to authenticated
  with check (bucket_id not in ('poi_images', 'line_images') or (select private.is_active_member()));
create policy "active members update files" on storage.objects as restrictive for update to authenticated
  using (bucket_id not in ('poi_images', 'line_images') or (select private.is_active_member()));
create policy "active members delete files" on storage.objects as restrictive for delete to authenticated
  using (bucket_id not in ('poi_images', 'line_images') or (select private.is_active_member()));

-- ---------------------------------------------------------------- profiles: visibility and rules
-- A member reads their own profile (even deactivated: the app tells them why); admins read every profile.
alter policy "authenticated read" on public.profiles
  using (id = (select auth.uid()) or (select private.is_admin()));
create policy "active members only" on public.profiles as restrictive for update to authenticated
  using ((select private.is_active_member())) with check ((select private.is_active_member()));
create policy "active members delete" on public.profiles as restrictive for delete to authenticated
  using ((select private.is_active_member()));
-- role and active change by update under the admin update policy and the guard trigger below
-- (change_user_role and set_user_active are that update).
grant update (team_id, role, active) on public.profiles to authenticated;

-- The last active admin never stops being one (demotion or deactivation), nobody deactivates themselves,
-- all under the roles lock so that two concurrent changes cannot both pass.
create or replace function private.profiles_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.role is distinct from old.role or new.active is distinct from old.active then
    perform private.lock_roles();
    if old.active and not new.active and old.id = auth.uid() then
      raise exception 'Vous ne pouvez pas désactiver votre propre compte.'
        using errcode = 'P0001', hint = 'self_deactivation';
    end if;
    if old.role = 'admin' and old.active and not (new.role = 'admin' and new.active)
       and not exists (select 1 from public.profiles p where p.role = 'admin' and p.active and p.id <> old.id) then
      raise exception 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.'
        using errcode = 'P0001', hint = 'last_admin';
    end if;
  end if;
  return new;
end $$;
create trigger profiles_guard before update on public.profiles
  for each row execute function private.profiles_guard();

-- A deactivated member's sessions end at once: refresh tokens revoked, sessions deleted (on Supabase and
-- locally deleting auth.sessions is what makes refresh fail; refresh_tokens.user_id is text on Supabase).
create or replace function private.profiles_revoke_sessions() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.active and not new.active then
    update auth.refresh_tokens t set revoked = true where t.user_id::text = new.id::text and not t.revoked;
    delete from auth.sessions s where s.user_id = new.id;
  end if;
  return null;
end $$;
create trigger profiles_revoke_sessions after update of active on public.profiles
  for each row execute function private.profiles_revoke_sessions();

-- The last active admin cannot be deleted either (the delete guard of 20251121100100 counted inactive admins).
create or replace function private.profiles_before_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and old.active and auth.role() in ('anon', 'authenticated') then
    perform private.lock_roles();
    if not exists (select 1 from public.profiles p where p.role = 'admin' and p.active and p.id <> old.id) then
      raise exception 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.'
        using errcode = 'P0001', hint = 'last_admin';
    end if;
  end if;
  return old;
end $$;

-- Every API request of a deactivated member is refused with a message the app shows as it is.
-- PostgREST runs it at the start of each request (pgrst.db_pre_request; the embedded server too).
create or replace function private.check_request() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if exists (select 1 from public.profiles p where p.id = auth.uid() and not p.active) then
    raise exception 'Votre accès a été désactivé. Contactez un administrateur.'
      using errcode = 'PT403', hint = 'account_disabled';
  end if;
end $$;
revoke all on function private.check_request(), private.profiles_guard(), private.profiles_revoke_sessions() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;
grant usage on schema private to anon;
alter role authenticator set pgrst.db_pre_request = 'private.check_request';
notify pgrst, 'reload config';

-- ---------------------------------------------------------------- RPCs (security invoker where possible)
-- Admin only; false when the caller is not an active admin or the user has no profile. The guard trigger
-- refuses the last admin (P0001, hint last_admin).
create or replace function public.change_user_role(user_id uuid, new_role text) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if new_role is null or new_role not in ('admin', 'user') then
    raise exception 'Rôle invalide : %', coalesce(new_role, 'null') using errcode = '22023';
  end if;
  perform private.lock_roles();
  if not private.is_admin() then
    return false;
  end if;
  update public.profiles p set role = new_role where p.id = change_user_role.user_id;
  return found;
end $$;

-- Admin only; false when the caller is not an active admin or the user has no profile. Refuses oneself
-- (hint self_deactivation) and the last active admin (hint last_admin).
create or replace function public.set_user_active(user_id uuid, active boolean) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if set_user_active.active is null then
    raise exception 'Valeur invalide : null' using errcode = '22023';
  end if;
  perform private.lock_roles();
  if not private.is_admin() then
    return false;
  end if;
  update public.profiles p set active = set_user_active.active where p.id = set_user_active.user_id;
  return found;
end $$;
comment on function public.set_user_active(uuid, boolean) is
  'Admin only: takes a member''s access back (false) or gives it again (true); never oneself nor the last active admin.';

create or replace function public.create_profile(user_id uuid, user_email text, user_role text default 'user')
returns public.profiles
language plpgsql volatile security invoker set search_path = '' as $$
declare
  result public.profiles;
  addr text;
begin
  if create_profile.user_id is null
     or (auth.uid() is distinct from create_profile.user_id and coalesce(auth.role(), '') <> 'service_role') then
    raise exception 'Vous ne pouvez créer que votre propre profil' using errcode = '42501';
  end if;
  addr := private.auth_email(create_profile.user_id);
  if addr is null then
    raise exception 'Utilisateur introuvable' using errcode = '23503';
  end if;
  perform private.lock_roles();
  select * into result from public.profiles p where p.id = create_profile.user_id;
  if found then
    return result;
  end if;
  insert into public.profiles (id, email, role)
  values (create_profile.user_id, addr, private.first_profile_role());
  select * into result from public.profiles p where p.id = create_profile.user_id;
  return result;
end $$;

-- ---------------------------------------------------------------- invitations: revocation
alter table public.invitations
  add column revoked_at timestamptz,
  add column revoked_by uuid references auth.users (id) on delete set null;
comment on column public.invitations.revoked_at is 'Set by revoke_invitation(): the link can no longer be redeemed.';

create or replace function public.revoke_invitation(invitation_id uuid) returns boolean
language plpgsql volatile security invoker set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs peuvent révoquer une invitation' using errcode = '42501';
  end if;
  update public.invitations i set revoked_at = now(), revoked_by = auth.uid()
   where i.id = revoke_invitation.invitation_id and i.redeemed_at is null and i.revoked_at is null;
  return found;
end $$;
comment on function public.revoke_invitation(uuid) is 'Admin only: an unused invitation can no longer be redeemed; false when used, revoked or unknown.';

create or replace function public.invite_user(email text) returns json
language plpgsql volatile security invoker set search_path = '' as $$
declare
  addr text := lower(btrim(coalesce(invite_user.email, '')));
  token text;
  site text;
  origin text;
begin
  if auth.uid() is null then
    return json_build_object('success', false, 'message', 'Vous devez être connecté pour inviter des utilisateurs');
  end if;
  if not private.is_admin() then
    return json_build_object('success', false, 'message', 'Seuls les administrateurs peuvent inviter des utilisateurs');
  end if;
  if addr !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    return json_build_object('success', false, 'message', 'Veuillez entrer une adresse email valide.');
  end if;
  perform pg_catalog.pg_advisory_xact_lock(8171221, pg_catalog.hashtext(addr));
  if private.auth_email_taken(addr) then
    return json_build_object('success', false, 'message', 'Un utilisateur avec cette adresse email existe déjà');
  end if;
  if exists (select 1 from public.invitations i
              where i.email = addr and i.redeemed_at is null and i.revoked_at is null and i.expires_at > now()) then
    raise exception 'Une invitation a déjà été envoyée à cette adresse email' using errcode = '23505', hint = 'invitation_pending';
  end if;
  token := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  insert into public.invitations (email, token_hash, created_by, expires_at)
  values (addr, encode(sha256(convert_to(token, 'UTF8')), 'hex'), auth.uid(), now() + interval '7 days');
  select nullif(btrim(s.value), '') into site from public.app_settings s where s.key = 'site_url';
  site := coalesce(site, nullif(current_setting('app.site_url', true), ''));
  if site is null then
    begin
      origin := nullif(current_setting('request.headers', true), '')::json ->> 'origin';
    exception when others then
      origin := null;
    end;
    if origin ~ '^https?://[^/[:space:]]+$' then
      site := origin;
    end if;
  end if;
  site := rtrim(coalesce(site, ''), '/');
  return json_build_object(
    'success', true,
    'message', 'Invitation créée pour ' || addr,
    'invitationUrl', site || '/invitation?token=' || token);
end $$;

drop function public.list_invitations();
create function public.list_invitations()
returns table (id uuid, email text, created_at timestamptz, expires_at timestamptz,
               redeemed_at timestamptz, redeemed_by uuid, created_by uuid, revoked_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
begin
  if not private.is_admin() then
    raise exception 'Seuls les administrateurs peuvent voir les invitations' using errcode = '42501';
  end if;
  return query
    select i.id, i.email, i.created_at, i.expires_at, i.redeemed_at, i.redeemed_by, i.created_by, i.revoked_at
      from public.invitations i
     order by i.created_at desc;
end $$;
comment on function public.list_invitations() is 'Admin only: every invitation, newest first (never the token).';

-- Documented exception (supabase/README.md): callable anonymously, it must read one invitation by its token.
create or replace function public.validate_invitation(token text) returns text
language sql stable security definer set search_path = '' as $$
  select i.email
    from public.invitations i
   where i.token_hash = encode(sha256(convert_to(coalesce(validate_invitation.token, ''), 'UTF8')), 'hex')
     and i.redeemed_at is null
     and i.revoked_at is null
     and i.expires_at > now()
$$;

create or replace function private.users_require_invitation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  tok text := nullif(btrim(coalesce(new.raw_user_meta_data ->> 'invitation_token', '')), '');
  inv record;
begin
  if new.is_sso_user or coalesce(new.raw_app_meta_data ->> 'provider', '') like 'sso%' then
    return new;
  end if;
  if tok is null then
    raise exception 'Token d''invitation manquant' using errcode = 'P0001', hint = 'invitation_required';
  end if;
  select i.id, i.email, i.expires_at, i.redeemed_at, i.revoked_at into inv
    from public.invitations i
   where i.token_hash = encode(sha256(convert_to(tok, 'UTF8')), 'hex')
     for update;
  if not found or inv.redeemed_at is not null then
    raise exception 'Token d''invitation introuvable ou déjà utilisé' using errcode = 'P0001', hint = 'invitation_required';
  end if;
  if inv.revoked_at is not null then
    raise exception 'Cette invitation a été révoquée' using errcode = 'P0001', hint = 'invitation_required';
  end if;
  if inv.email <> lower(btrim(coalesce(new.email, ''))) then
    raise exception 'Token d''invitation invalide ou expiré' using errcode = 'P0001', hint = 'invitation_required';
  end if;
  if inv.expires_at <= now() then
    raise exception 'Cette invitation a expiré' using errcode = 'P0001', hint = 'invitation_required';
  end if;
  update public.invitations set redeemed_at = now(), redeemed_by = new.id where id = inv.id;
  new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}'::jsonb) - 'invitation_token';
  return new;
end $$;

revoke all on function public.change_user_role(uuid, text), public.set_user_active(uuid, boolean),
  public.create_profile(uuid, text, text), public.revoke_invitation(uuid), public.invite_user(text),
  public.list_invitations() from public, anon;
grant execute on function public.change_user_role(uuid, text), public.set_user_active(uuid, boolean),
  public.create_profile(uuid, text, text), public.revoke_invitation(uuid), public.invite_user(text),
  public.list_invitations() to authenticated, service_role;

-- ---------------------------------------------------------------- audit log
create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor uuid,
  table_name text not null,
  row_id text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  changes jsonb not null default '{}'::jsonb
);
comment on table public.audit_log is
  'Append-only history written by triggers: who (actor = auth.uid(), null for the service role or SQL), when, which row, '
  'and each changed column as {"col": {"old": …, "new": …}} (only "new" on insert, only "old" on delete).';
create index audit_log_row_idx on public.audit_log (table_name, row_id, at desc);
create index audit_log_at_idx on public.audit_log (at desc);
create index audit_log_actor_idx on public.audit_log (actor, at desc);

alter table public.audit_log enable row level security;
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
-- Admins read all of it; every active member reads the history of points. Nobody writes it through the API.
create policy "read history" on public.audit_log for select to authenticated
  using ((select private.is_admin()) or (table_name = 'points' and (select private.is_active_member())));

-- Records one row change. Trigger arguments, if any, name the only columns followed (profiles: role, team,
-- active); updated_at is never recorded (it changes on every update); an update that changes nothing followed
-- writes nothing.
create or replace function private.audit_row() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  o jsonb := pg_catalog.to_jsonb(old);
  n jsonb := pg_catalog.to_jsonb(new);
  cols text[] := case when tg_nargs > 0 then tg_argv end;
  ch jsonb;
begin
  select jsonb_object_agg(e.key, jsonb_build_object('old', o -> e.key, 'new', e.value)) into ch
    from jsonb_each(n) e
   where e.key <> 'updated_at' and (cols is null or e.key = any (cols)) and (o -> e.key) is distinct from e.value;
  if ch is not null then
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    values (auth.uid(), tg_table_name, coalesce(n ->> 'id', n ->> 'key'), 'update', ch);
  end if;
  return null;
end $$;
comment on function private.audit_row() is 'Row trigger after update: one audit entry with the changed columns (old and new), if any.';

-- Inserts and deletes: one statement-level trigger over the transition table (bulk loads stay cheap).
create or replace function private.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cols text[] := case when tg_nargs > 0 then tg_argv end;
  side text := case when tg_op = 'INSERT' then 'new' else 'old' end;
begin
  if tg_op = 'INSERT' then
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    select auth.uid(), tg_table_name, coalesce(r.j ->> 'id', r.j ->> 'key'), 'insert',
           (select coalesce(jsonb_object_agg(e.key, jsonb_build_object(side, e.value)), '{}'::jsonb)
              from jsonb_each(r.j) e where e.key <> 'updated_at' and (cols is null or e.key = any (cols)))
      from (select pg_catalog.to_jsonb(t) as j from new_rows t) r;
  else
    insert into public.audit_log (actor, table_name, row_id, action, changes)
    select auth.uid(), tg_table_name, coalesce(r.j ->> 'id', r.j ->> 'key'), 'delete',
           (select coalesce(jsonb_object_agg(e.key, jsonb_build_object(side, e.value)), '{}'::jsonb)
              from jsonb_each(r.j) e where e.key <> 'updated_at' and (cols is null or e.key = any (cols)))
      from (select pg_catalog.to_jsonb(t) as j from old_rows t) r;
  end if;
  return null;
end $$;
comment on function private.audit_rows() is 'Statement trigger after insert or delete: one audit entry per row (all followed columns).';

create or replace function private.audit_log_immutable() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'Le journal ne peut être ni modifié ni supprimé' using errcode = '42501', hint = 'audit_append_only';
end $$;
create trigger audit_log_immutable before update or delete on public.audit_log
  for each statement execute function private.audit_log_immutable();

do $$
declare t text;
begin
  foreach t in array array['points', 'zones', 'criticality_levels', 'teams', 'kilometer_markers', 'app_settings'] loop
    execute format('create trigger audit_row after update on public.%I for each row execute function private.audit_row()', t);
    execute format('create trigger audit_inserts after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function private.audit_rows()', t);
    execute format('create trigger audit_deletes after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function private.audit_rows()', t);
  end loop;
end $$;
create trigger audit_row after update on public.profiles
  for each row execute function private.audit_row('role', 'team_id', 'active');
create trigger audit_inserts after insert on public.profiles referencing new table as new_rows
  for each statement execute function private.audit_rows('role', 'team_id', 'active');
create trigger audit_deletes after delete on public.profiles referencing old table as old_rows
  for each statement execute function private.audit_rows('role', 'team_id', 'active');

revoke all on function private.audit_row(), private.audit_rows(), private.audit_log_immutable() from public;

-- ---------------------------------------------------------------- colleagues' emails
-- Documented exception (supabase/README.md): the email of each given user the caller may see attached to
-- what they did: for an active member, the authors of points and the actors of points' history; for an admin,
-- anyone. Nothing else of a profile.
create or replace function public.user_emails(ids uuid[])
returns table (id uuid, email text)
language sql stable security definer set search_path = '' as $$
  select p.id, p.email
    from public.profiles p
   where p.id = any (user_emails.ids)
     and private.is_active_member()
     and (private.is_admin()
          or exists (select 1 from public.points pt where pt.created_by = p.id)
          or exists (select 1 from public.audit_log a where a.actor = p.id and a.table_name = 'points'))
$$;
comment on function public.user_emails(uuid[]) is
  'The email of each given user who authored a point or a change of one (any user for an admin); nothing else.';
revoke all on function public.user_emails(uuid[]) from public, anon;
grant execute on function public.user_emails(uuid[]) to authenticated, service_role;

-- ---------------------------------------------------------------- foreign keys scanned by deletions
create index points_created_by_idx on public.points (created_by);
create index zones_created_by_idx on public.zones (created_by);
create index teams_created_by_idx on public.teams (created_by);
create index criticality_levels_created_by_idx on public.criticality_levels (created_by);
create index kilometer_markers_created_by_idx on public.kilometer_markers (created_by);
create index app_settings_created_by_idx on public.app_settings (created_by);
create index invitations_created_by_idx on public.invitations (created_by);
create index invitations_redeemed_by_idx on public.invitations (redeemed_by);
create index invitations_revoked_by_idx on public.invitations (revoked_by);
create index profiles_team_id_idx on public.profiles (team_id);
