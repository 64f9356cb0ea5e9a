-- Who assigns and who may be assigned, checked once per statement (set-based over the transition tables) instead of
-- per row: a bulk assignment of thousands of points costs a few queries, not three lookups per point. Same rules,
-- messages and codes as private.point_follow_up had (docs/product.md#follow-up-database-rules); the row trigger
-- keeps the due time and the team change that drops an assignee outside the new team.

create or replace function private.point_follow_up() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- A team change drops an assignee who is not a member of the new team (unless the statement sets the assignee).
  if tg_op = 'UPDATE' and new.assignee_id is not distinct from old.assignee_id and new.team_id is distinct from old.team_id
     and new.assignee_id is not null and new.team_id is not null and not private.is_assignable(new.assignee_id, new.team_id) then
    new.assignee_id := null;
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
  'Before insert or update of points: due_at (observation + delay, frozen once resolved); a team change drops an assignee outside the new team.';

-- The distinct (team, assignee) pairs a statement set: refused unless the caller may assign in that team and the
-- assignee is an active member (of the team when there is one). Runs as the caller (current_user tells a request).
create or replace function private.assert_assignments(p_teams uuid[], p_assignees uuid[]) returns void
language plpgsql set search_path = '' as $$
declare
  by_request boolean := current_user in ('anon', 'authenticated');
  t uuid;
  a uuid;
begin
  for t, a in select x.t, x.a from unnest(p_teams, p_assignees) x(t, a) loop
    if by_request and not private.may_assign(t) then
      raise exception 'Seuls les administrateurs et les membres de l''équipe du signalement peuvent l''assigner.'
        using errcode = '42501', hint = 'assign_forbidden';
    end if;
    if a is not null and not private.is_assignable(a, null) then
      raise exception 'La personne assignée doit être un membre actif.' using errcode = '23514', hint = 'assignee_inactive';
    end if;
    if a is not null and not private.is_assignable(a, t) then
      raise exception 'La personne assignée doit faire partie de l''équipe du signalement.'
        using errcode = '23514', hint = 'assignee_not_in_team';
    end if;
  end loop;
end $$;
revoke all on function private.assert_assignments(uuid[], uuid[]) from public;
grant execute on function private.assert_assignments(uuid[], uuid[]) to authenticated, service_role;

create or replace function private.check_point_assignments() returns trigger
language plpgsql set search_path = '' as $$
declare
  teams uuid[];
  assignees uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(d.team_id), array_agg(d.assignee_id) into teams, assignees
      from (select distinct n.team_id, n.assignee_id from new_rows n where n.assignee_id is not null) d;
  else
    select array_agg(d.team_id), array_agg(d.assignee_id) into teams, assignees
      from (select distinct n.team_id, n.assignee_id from new_rows n join old_rows o on o.id = n.id
             where n.assignee_id is distinct from o.assignee_id
               -- not the assignee a team change dropped (the row trigger did it, not the caller)
               and not (n.assignee_id is null and n.team_id is distinct from o.team_id)) d;
  end if;
  if teams is not null then
    perform private.assert_assignments(teams, assignees);
  end if;
  return null;
end $$;
comment on function private.check_point_assignments() is
  'After insert or update of points (statement): the assignments made are checked once per distinct team and assignee.';
revoke all on function private.check_point_assignments() from public;
create trigger check_point_assignments_insert after insert on public.points referencing new table as new_rows
  for each statement execute function private.check_point_assignments();
create trigger check_point_assignments_update after update on public.points referencing old table as old_rows new table as new_rows
  for each statement execute function private.check_point_assignments();
