-- The work that follows a report (docs/product.md#follow-up): who is responsible for it and by when. Names as
-- agreed in docs/decisions.md#names-of-the-follow-up-position-and-photo-tables.
--
--   * points.assignee_id: one active member (of the point's team when it has one); set or cleared only by admins or
--     members of the point's team (42501 hint 'assign_forbidden'); a team change drops an assignee who is not in
--     the new team. Audited like the point's other columns (private.audit_point_updates reads every column).
--   * criticality_levels.delay_hours ('Délai de traitement', admins) and points.due_at, set by the database:
--     observation time + the level's delay; recomputed when the point's level or observation time changes or when
--     it is reopened; frozen while resolved; never written by a client.
--   * public.assignable_members, public.team_member_counts, public.deactivated_assignments (admins).
-- What was done: 20261204110010_point_events_photos.sql; the timeline and bulk changes:
-- 20261204110020_point_timeline.sql; notifications and e-mail: 20261204110100_notifications.sql.

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
