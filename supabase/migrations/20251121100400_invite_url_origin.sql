-- invite_user: also take the site from the request's Origin header (request.headers, set by PostgREST and by
-- the embedded server) when neither app_settings 'site_url' nor app.site_url is set.

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
