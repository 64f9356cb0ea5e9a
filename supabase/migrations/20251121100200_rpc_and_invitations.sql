-- Remote procedures of SPEC §7 (create_profile, change_user_role, invite_user, list_invitations,
-- validate_invitation) and the sign-up rule: an auth user is created only with a valid invitation.
-- Error messages are the French texts of SPEC §8 so the app can show them as they are.

-- The caller's own profile; role admin for the very first profile, else user. user_role is accepted for
-- compatibility with the app's call and deliberately ignored: it can never grant anything.
create or replace function public.create_profile(user_id uuid, user_email text, user_role text default 'user')
returns public.profiles
language plpgsql volatile security definer set search_path = '' as $$
declare
  result public.profiles;
  assigned text;
begin
  if create_profile.user_id is null
     or (auth.uid() is distinct from create_profile.user_id and coalesce(auth.role(), '') <> 'service_role') then
    raise exception 'Vous ne pouvez créer que votre propre profil' using errcode = '42501';
  end if;
  if not exists (select 1 from auth.users u where u.id = create_profile.user_id) then
    raise exception 'Utilisateur introuvable' using errcode = '23503';
  end if;
  perform private.lock_roles();
  select * into result from public.profiles p where p.id = create_profile.user_id;
  if found then
    return result;
  end if;
  assigned := case when exists (select 1 from public.profiles) then 'user' else 'admin' end;
  insert into public.profiles (id, email, role)
  values (create_profile.user_id,
          coalesce(private.auth_email(create_profile.user_id), lower(btrim(coalesce(user_email, '')))),
          assigned)
  returning * into result;
  return result;
end $$;
comment on function public.create_profile(uuid, text, text) is
  'Creates the caller''s missing profile: admin iff no profile exists yet, else user (user_role is ignored).';

-- Admin only; false when the caller is not an admin or the user has no profile. Refuses to demote the
-- last admin. All role changes run under one advisory lock, so two admins demoting each other at the
-- same moment cannot both succeed.
create or replace function public.change_user_role(user_id uuid, new_role text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  old_role text;
begin
  if new_role is null or new_role not in ('admin', 'user') then
    raise exception 'Rôle invalide : %', coalesce(new_role, 'null') using errcode = '22023';
  end if;
  perform private.lock_roles();
  if not public.is_admin() then
    return false;
  end if;
  select p.role into old_role from public.profiles p where p.id = change_user_role.user_id for update;
  if not found then
    return false;
  end if;
  if old_role = new_role then
    return true;
  end if;
  if old_role = 'admin' and not exists (
       select 1 from public.profiles p where p.role = 'admin' and p.id <> change_user_role.user_id) then
    raise exception 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  update public.profiles p set role = new_role where p.id = change_user_role.user_id;
  return true;
end $$;
comment on function public.change_user_role(uuid, text) is
  'Admin only: sets a user''s role; refuses to demote the last admin (P0001, hint last_admin).';

-- Admin only. Returns {success, message, invitationUrl}. The token (244 random bits, 64 hex characters)
-- is returned once in the URL and stored only as its SHA-256. The site comes from app_settings 'site_url',
-- else the setting app.site_url, else the Origin header of the request (PostgREST's request.headers),
-- else the URL is relative.
create or replace function public.invite_user(email text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  addr text := lower(btrim(coalesce(invite_user.email, '')));
  token text;
  site text;
  origin text;
begin
  if auth.uid() is null then
    return json_build_object('success', false, 'message', 'Vous devez être connecté pour inviter des utilisateurs');
  end if;
  if not public.is_admin() then
    return json_build_object('success', false, 'message', 'Seuls les administrateurs peuvent inviter des utilisateurs');
  end if;
  if addr !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    return json_build_object('success', false, 'message', 'Veuillez entrer une adresse email valide.');
  end if;
  perform pg_catalog.pg_advisory_xact_lock(8171221, pg_catalog.hashtext(addr));
  if exists (select 1 from auth.users u where lower(u.email) = addr) then
    return json_build_object('success', false, 'message', 'Un utilisateur avec cette adresse email existe déjà');
  end if;
  if exists (select 1 from public.invitations i where i.email = addr and i.redeemed_at is null and i.expires_at > now()) then
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
comment on function public.invite_user(text) is
  'Admin only: creates a 7-day invitation and returns {success, message, invitationUrl}; 23505 when one is pending.';

create or replace function public.list_invitations()
returns table (id uuid, email text, created_at timestamptz, expires_at timestamptz,
               redeemed_at timestamptz, redeemed_by uuid, created_by uuid)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.is_admin() then
    raise exception 'Seuls les administrateurs peuvent voir les invitations' using errcode = '42501';
  end if;
  return query
    select i.id, i.email, i.created_at, i.expires_at, i.redeemed_at, i.redeemed_by, i.created_by
      from public.invitations i
     order by i.created_at desc;
end $$;
comment on function public.list_invitations() is 'Admin only: every invitation, newest first (never the token).';

-- Callable by anyone: the invited email for a valid (unused, unexpired) token, else null. Nothing else.
create or replace function public.validate_invitation(token text) returns text
language sql stable security definer set search_path = '' as $$
  select i.email
    from public.invitations i
   where i.token_hash = encode(sha256(convert_to(coalesce(validate_invitation.token, ''), 'UTF8')), 'hex')
     and i.redeemed_at is null
     and i.expires_at > now()
$$;
comment on function public.validate_invitation(text) is 'The invited email when the token is valid, unused and unexpired; else null.';

-- Sign-up only with a valid invitation for the same email (token in raw_user_meta_data.invitation_token),
-- redeemed in the same transaction. Single-sign-on identities are admitted without invitation.
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
  select i.id, i.email, i.expires_at, i.redeemed_at into inv
    from public.invitations i
   where i.token_hash = encode(sha256(convert_to(tok, 'UTF8')), 'hex')
     for update;
  if not found or inv.redeemed_at is not null then
    raise exception 'Token d''invitation introuvable ou déjà utilisé' using errcode = 'P0001', hint = 'invitation_required';
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
create trigger users_require_invitation before insert on auth.users
  for each row execute function private.users_require_invitation();

revoke all on function private.users_require_invitation() from public;
revoke all on function public.create_profile(uuid, text, text), public.change_user_role(uuid, text),
  public.invite_user(text), public.list_invitations(), public.validate_invitation(text) from public, anon;
grant execute on function public.create_profile(uuid, text, text), public.change_user_role(uuid, text),
  public.invite_user(text), public.list_invitations() to authenticated, service_role;
grant execute on function public.validate_invitation(text) to anon, authenticated, service_role;
