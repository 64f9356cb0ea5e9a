-- The follow-up's functions that need the owner's rights (colleagues' profiles, the mail settings, one's own
-- notifications' read marks) live in the non-exposed schema `private`; the API calls a security-invoker function of
-- the same name and arguments in `public`, as every other API function that reads beyond the caller's rows does.

alter function public.assignable_members(uuid) set schema private;
alter function public.deactivated_assignments() set schema private;
alter function public.mail_status() set schema private;
alter function public.mark_notifications_read(uuid[]) set schema private;
alter function public.team_member_counts() set schema private;

create function public.assignable_members(p_team_id uuid default null)
returns table (id uuid, email text, team_id uuid)
language sql stable security invoker set search_path = '' as $$
  select * from private.assignable_members(p_team_id)
$$;
comment on function public.assignable_members(uuid) is
  'Active members who may be assigned a point of the team (null: no team, admins only): id, email, team.';

create function public.deactivated_assignments()
returns table (point_id uuid, name text, line_id uuid, kilometer text, status text, criticality text, team_id uuid,
               due_at timestamptz, assignee_id uuid, assignee_email text)
language sql stable security invoker set search_path = '' as $$
  select * from private.deactivated_assignments()
$$;
comment on function public.deactivated_assignments() is 'Admins: open points assigned to deactivated members, to reassign them.';

create function public.mail_status() returns json
language sql stable security invoker set search_path = '' as $$
  select private.mail_status()
$$;
comment on function public.mail_status() is 'Active members: {"enabled": bool}, whether the app sends e-mail.';

create function public.mark_notifications_read(p_ids uuid[] default null) returns integer
language sql volatile security invoker set search_path = '' as $$
  select private.mark_notifications_read(p_ids)
$$;
comment on function public.mark_notifications_read(uuid[]) is 'Marks the caller''s notifications read (null: all); returns the count.';

create function public.team_member_counts()
returns table (team_id uuid, members integer)
language sql stable security invoker set search_path = '' as $$
  select * from private.team_member_counts()
$$;
comment on function public.team_member_counts() is 'Per team, its active members (profiles.team_id); active members only.';

revoke all on function public.assignable_members(uuid), public.deactivated_assignments(), public.mail_status(),
  public.mark_notifications_read(uuid[]), public.team_member_counts() from public, anon;
grant execute on function public.assignable_members(uuid), public.deactivated_assignments(), public.mail_status(),
  public.mark_notifications_read(uuid[]), public.team_member_counts() to authenticated, service_role;
