-- A bulk change cut into consecutive transactions (the embedded server on PGlite runs bulk_update_points in slices so
-- that other requests are not held) tells each recipient once, as one statement would: while the setting
-- private.notify_batch names a batch, the points' notification trigger keeps what changed in
-- private.deferred_point_changes instead of delivering it, and private.deliver_deferred_changes(batch), run once the
-- slices are done, delivers the batch's changes grouped as one statement's ('5 000 signalements vous ont été
-- assignés'). Without the setting (PostgREST on Supabase, every other write) nothing changes.

create table private.deferred_point_changes (
  batch_id uuid not null,
  actor uuid,
  changed jsonb not null,
  created_at timestamptz not null default now()
);
create index deferred_point_changes_batch on private.deferred_point_changes (batch_id);
comment on table private.deferred_point_changes is 'Changed points of a bulk change in slices, kept until private.deliver_deferred_changes(batch) tells their recipients once.';
revoke all on private.deferred_point_changes from public;

-- The grouping of one statement's changed points into notifications, for the trigger and for a batch.
create or replace function private.notify_changed(changed jsonb, actor uuid) returns void
  language plpgsql security definer
  set search_path = ''
  set jit = 'off'
as $$
begin
  if changed is null or jsonb_array_length(changed) = 0 then return; end if;
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
end $$;
comment on function private.notify_changed(jsonb, uuid) is 'Tells the recipients of changed points (assigned, team_assigned, resolved) once per recipient and kind; `actor` is never told of their own change.';
revoke all on function private.notify_changed(jsonb, uuid) from public;

create or replace function private.notify_point_changes() returns trigger
  language plpgsql security definer
  set search_path = ''
  set jit = 'off'
as $_$
declare
  actor uuid := auth.uid();
  changed jsonb;
  batch text := nullif(pg_catalog.current_setting('private.notify_batch', true), '');
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
  if batch is not null then
    insert into private.deferred_point_changes (batch_id, actor, changed) values (batch::uuid, actor, changed);
  else
    perform private.notify_changed(changed, actor);
  end if;
  return null;
end $_$;
comment on function private.notify_point_changes() is 'After insert or update of points (statement): one notification per recipient and kind (assigned, team_assigned, resolved); kept for later within a batch (private.notify_batch).';
revoke all on function private.notify_point_changes() from public;

create or replace function private.deliver_deferred_changes(p_batch uuid) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  r record;
begin
  for r in
    select d.actor, jsonb_agg(e order by d.created_at) as changed
      from private.deferred_point_changes d cross join lateral jsonb_array_elements(d.changed) e
     where d.batch_id = p_batch group by d.actor
  loop
    perform private.notify_changed(r.changed, r.actor);
  end loop;
  delete from private.deferred_point_changes d where d.batch_id = p_batch;
end $$;
comment on function private.deliver_deferred_changes(uuid) is 'Tells the recipients of a batch''s deferred point changes once, grouped as one statement''s, and forgets the batch.';
revoke all on function private.deliver_deferred_changes(uuid) from public;
