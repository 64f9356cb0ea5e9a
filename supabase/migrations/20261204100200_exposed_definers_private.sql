-- The last two security-definer functions of the API move to the non-exposed schema `private`: the API calls a
-- security-invoker function of the same name and arguments in `public` that runs the private one, so no
-- security-definer function is reachable through /rest/v1/rpc. Their rules stay in the private functions:
--   * user_emails: an active member reads the e-mail of users who authored a point or a change of one (any user
--     for an admin);
--   * validate_invitation: the invited e-mail for a valid, unused, unexpired token (anon: the invitation page).

alter function public.user_emails(uuid[]) set schema private;
alter function public.validate_invitation(text) set schema private;

create function public.user_emails(ids uuid[])
returns table (id uuid, email text)
language sql stable security invoker set search_path = '' as $$
  select * from private.user_emails(ids)
$$;
comment on function public.user_emails(uuid[]) is
  'The email of each given user who authored a point or a change of one (any user for an admin); nothing else.';

create function public.validate_invitation(token text) returns text
language sql stable security invoker set search_path = '' as $$
  select private.validate_invitation(token)
$$;
comment on function public.validate_invitation(text) is
  'The invited email when the token is valid, unused and unexpired; else null.';

revoke all on function public.user_emails(uuid[]), public.validate_invitation(text) from public;
grant execute on function public.user_emails(uuid[]) to authenticated, service_role;
grant execute on function public.validate_invitation(text) to anon, authenticated, service_role;
