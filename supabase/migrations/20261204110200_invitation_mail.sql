-- Invitations by e-mail (docs/product.md#notifications): when e-mail is on (private.mail_config.enabled),
-- public.invite_user also queues the invitation e-mail with its link in private.mail_outbox; the answer says so
-- ('emailed'). The link is still returned and shown once, for the copy-link flow. Otherwise unchanged.

create or replace function private.render_invitation_mail(p_url text, OUT subject text, OUT text_body text, OUT html_body text)
language sql immutable set search_path = '' as $$
  select 'Invitation à rejoindre l''application de signalements ferroviaires',
         'Bonjour,' || E'\n\n' || 'Vous êtes invité(e) à créer votre compte sur l''application de signalements ferroviaires.'
           || E'\n\n' || 'Créer mon compte : ' || p_url || E'\n\n'
           || 'Ce lien est valable 7 jours et ne sert qu''une fois. Si vous n''attendiez pas cette invitation, ignorez ce message.',
         '<!doctype html><html lang="fr"><body style="font-family:sans-serif"><p>Bonjour,</p>'
           || '<p>Vous êtes invité(e) à créer votre compte sur l''application de signalements ferroviaires.</p>'
           || '<p><a href="' || private.html_escape(p_url) || '">Créer mon compte</a></p>'
           || '<p style="color:#666;font-size:12px">Ce lien est valable 7 jours et ne sert qu''une fois. Si vous n''attendiez pas cette invitation, ignorez ce message.</p>'
           || '</body></html>'
$$;
revoke all on function private.render_invitation_mail(text) from public;

-- Queues the e-mail of a new invitation (security definer: the admin's session cannot write the outbox); the link
-- is on the site invite_user found, else on the mail configuration's site.
create or replace function private.queue_invitation_mail(p_email text, p_site text, p_token text) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
declare
  inv uuid;
begin
  if not coalesce((select c.enabled from private.mail_config c), false) or not private.is_admin() then
    return false;
  end if;
  select i.id into inv from public.invitations i
   where i.email = p_email and i.redeemed_at is null and i.revoked_at is null order by i.created_at desc limit 1;
  insert into private.mail_outbox (to_email, subject, text_body, html_body, kind, dedupe_key)
  select p_email, m.subject, m.text_body, m.html_body, 'invitation', 'invitation:' || inv::text
    from private.render_invitation_mail(coalesce(nullif(p_site, ''), private.site_url()) || '/invitation?token=' || p_token) m
  on conflict (dedupe_key) do nothing;
  return true;
end $$;
revoke all on function private.queue_invitation_mail(text, text, text) from public;
grant execute on function private.queue_invitation_mail(text, text, text) to authenticated, service_role;

create or replace function public.invite_user(email text) returns json
language plpgsql volatile security invoker set search_path = '' as $$
declare
  addr text := lower(btrim(coalesce(invite_user.email, '')));
  token text;
  site text;
  origin text;
  url text;
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
  url := site || '/invitation?token=' || token;
  return json_build_object(
    'success', true,
    'message', 'Invitation créée pour ' || addr,
    'invitationUrl', url,
    'emailed', private.queue_invitation_mail(addr, site, token));
end $$;
