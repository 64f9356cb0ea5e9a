-- The follow-up statement triggers on points pair old and new rows by id; like private.audit_point_updates they now
-- plan that join at each run (execute): a plan cached for a one-row update would pair 5,000 rows by a nested loop.
-- Same results as before.

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
    execute $q$
      select array_agg(d.team_id), array_agg(d.assignee_id)
        from (select distinct n.team_id, n.assignee_id from new_rows n join old_rows o on o.id = n.id
               where n.assignee_id is distinct from o.assignee_id
                 -- not the assignee a team change dropped (the row trigger did it, not the caller)
                 and not (n.assignee_id is null and n.team_id is distinct from o.team_id)) d$q$
      into teams, assignees;
  end if;
  if teams is not null then
    perform private.assert_assignments(teams, assignees);
  end if;
  return null;
end $$;

create or replace function private.notify_point_changes() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  actor uuid := auth.uid();
  changed jsonb;
begin
  -- Each changed point once: the assignee set, the team set, the reporter of a resolution (null when not done),
  -- and its assignee (owner), who is told of the assignment rather than of the team.
  if tg_op = 'INSERT' then
    select jsonb_agg(jsonb_build_object('id', n.id, 'name', n.name, 'km', n.kilometer, 'assignee', n.assignee_id, 'team', n.team_id,
                                        'owner', n.assignee_id))
      into changed from new_rows n where n.assignee_id is not null or n.team_id is not null;
  else
    execute $q$
      select jsonb_agg(jsonb_build_object('id', n.id, 'name', n.name, 'km', n.kilometer,
               'assignee', case when n.assignee_id is distinct from o.assignee_id then n.assignee_id end,
               'team', case when n.team_id is distinct from o.team_id then n.team_id end,
               'reporter', case when n.status = 'resolu' and o.status <> 'resolu' then n.created_by end,
               'owner', n.assignee_id))
        from new_rows n join old_rows o on o.id = n.id
       where (n.assignee_id is distinct from o.assignee_id and n.assignee_id is not null)
          or (n.team_id is distinct from o.team_id and n.team_id is not null)
          or (n.status = 'resolu' and o.status <> 'resolu' and n.created_by is not null)$q$
      into changed;
  end if;
  if changed is null then return null; end if;

  perform private.deliver(coalesce(jsonb_agg(g), '[]'::jsonb)) from (
    with c as materialized (
      select * from jsonb_to_recordset(changed) x(id uuid, name text, km text, assignee uuid, team uuid, reporter uuid, owner uuid)
    )
    select c.assignee as user_id, 'assigned' as kind, count(*) as count, (array_agg(c.id))[1] as point_id,
           (array_agg(c.name))[1] as name, (array_agg(c.km))[1] as km, null::text as extra
      from c where c.assignee is not null and c.assignee is distinct from actor group by c.assignee
    union all
    select pr.id, 'team_assigned', count(*), (array_agg(c.id))[1], (array_agg(c.name))[1], (array_agg(c.km))[1],
           (select t.name from public.teams t where t.id = (array_agg(c.team))[1])
      from c join public.profiles pr on pr.team_id = c.team and pr.active
     where c.team is not null and pr.id is distinct from actor and pr.id is distinct from c.owner group by pr.id
    union all
    select c.reporter, 'resolved', count(*), (array_agg(c.id))[1], (array_agg(c.name))[1], (array_agg(c.km))[1], null
      from c where c.reporter is not null and c.reporter is distinct from actor group by c.reporter
  ) g;
  return null;
end $$;
