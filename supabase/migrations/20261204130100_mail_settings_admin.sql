-- The e-mail settings an administrator sees and sets (docs/product.md#settings): mail_status() also tells the daily
-- digest's hour (Europe/Paris) to every active member, and set_digest_hour(p_hour) lets an administrator change it
-- (0 to 23). Whether e-mail is sent stays the server's own record (private.mail_config.enabled, written at start from
-- SMTP_URL). The definer lives in `private`; the API calls the security-invoker function of the same name in `public`.

create or replace function private.mail_status() returns json
language sql stable security definer set search_path = '' as $$
  select json_build_object('enabled', coalesce(c.enabled, false), 'digest_hour', coalesce(c.digest_hour, 7))
    from (select 1) one left join private.mail_config c on true
   where (select private.is_active_member())
$$;
comment on function private.mail_status() is
  'Active members: {"enabled": bool, "digest_hour": 0-23}, whether the app sends e-mail and the daily digest''s hour (Europe/Paris).';

comment on function public.mail_status() is
  'Active members: {"enabled": bool, "digest_hour": 0-23}, whether the app sends e-mail and the daily digest''s hour (Europe/Paris).';

create function private.set_digest_hour(p_hour integer) returns integer
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'Seuls les administrateurs peuvent changer l''heure du résumé quotidien.'
      using errcode = '42501';
  end if;
  if p_hour is null or p_hour < 0 or p_hour > 23 then
    raise exception 'L''heure du résumé quotidien est un nombre entier de 0 à 23.'
      using errcode = '22023';
  end if;
  update private.mail_config set digest_hour = p_hour, updated_at = now();
  return p_hour;
end $$;
comment on function private.set_digest_hour(integer) is
  'Administrators: sets the daily digest''s hour (0-23, Europe/Paris); returns it.';
revoke all on function private.set_digest_hour(integer) from public, anon;
grant execute on function private.set_digest_hour(integer) to authenticated, service_role;

create function public.set_digest_hour(p_hour integer) returns integer
language sql volatile security invoker set search_path = '' as $$
  select private.set_digest_hour(p_hour)
$$;
comment on function public.set_digest_hour(integer) is
  'Administrators: sets the daily digest''s hour (0-23, Europe/Paris); returns it.';
revoke all on function public.set_digest_hour(integer) from public, anon;
grant execute on function public.set_digest_hour(integer) to authenticated, service_role;
