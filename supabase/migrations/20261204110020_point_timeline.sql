-- A report's follow-up read and changed in bulk (docs/product.md#follow-up).
--
--   * public.point_timeline(p_point_id): events and the point's audit entries of status, assignee, team,
--     criticality and due time, in order (security invoker: row-level security decides).
--   * public.bulk_update_points also sets assignee_id.

-- ---------------------------------------------------------------- timeline
-- One chronological list: the point's comments and interventions (with their 'après' photos) and its audit
-- entries that change its status, assignee, team, criticality or due time (the creation included). Security
-- invoker: the caller sees what their policies let them read.
create or replace function public.point_timeline(p_point_id uuid)
returns table (source text, id text, kind text, at timestamptz, actor uuid, body text, done_at timestamptz,
               done_by text, created_at timestamptz, updated_at timestamptz, changes jsonb, photos jsonb)
language sql stable security invoker set search_path = '' as $$
  select * from (
    select 'event'::text, e.id::text, e.kind, e.observed_at, e.author_id, e.body, e.done_at, e.done_by,
           e.created_at, e.updated_at, null::jsonb,
           coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'storage_path', f.storage_path, 'position', f."position",
                                                         'caption', f.caption, 'width', f.width, 'height', f.height)
                                      order by f."position", f.created_at)
                       from public.point_photos f where f.event_id = e.id), '[]'::jsonb)
      from public.point_events e where e.point_id = p_point_id
    union all
    select 'audit', a.id::text, case a.action when 'insert' then 'created' when 'delete' then 'deleted' else 'changed' end,
           a."at", a.actor, null, null, null, a."at", a."at", c.changes, null
      from public.audit_log a
      cross join lateral (select jsonb_object_agg(k.key, k.value) as changes
                            from jsonb_each(a.changes) k
                           where k.key in ('status', 'assignee_id', 'team_id', 'criticality', 'due_at')) c
     where a.table_name = 'points' and a.row_id = p_point_id::text and (a.action = 'insert' or c.changes is not null)
  ) t (source, id, kind, at, actor, body, done_at, done_by, created_at, updated_at, changes, photos)
  order by t.at, t.created_at, t.id
$$;
comment on function public.point_timeline(uuid) is
  'A point''s follow-up in order: comments, interventions (with photos) and audit entries of status, assignee, team, criticality and due time.';
revoke all on function public.point_timeline(uuid) from public, anon;
grant execute on function public.point_timeline(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------- bulk changes: the assignee too
create or replace function private.bulk_request(p_groups jsonb)
returns table (grp integer, vals jsonb, id uuid, base numeric)
language plpgsql stable set search_path = '' as $$
declare
  g jsonb;
  n integer := 0;
  i integer := 0;
  k text;
begin
  if p_groups is null or jsonb_typeof(p_groups) <> 'array' then
    raise exception 'Requête groupée invalide : un tableau de groupes est attendu' using errcode = '22023';
  end if;
  for g in select value from jsonb_array_elements(p_groups) loop
    i := i + 1;
    if jsonb_typeof(g) is distinct from 'object' or jsonb_typeof(g -> 'ids') is distinct from 'array'
       or jsonb_typeof(g -> 'versions') is distinct from 'array' or jsonb_array_length(g -> 'ids') <> jsonb_array_length(g -> 'versions') then
      raise exception 'Requête groupée invalide : autant de versions que d''identifiants sont attendues' using errcode = '22023';
    end if;
    if g ? 'set' then
      if jsonb_typeof(g -> 'set') is distinct from 'object' or g -> 'set' = '{}'::jsonb then
        raise exception 'Requête groupée invalide : rien à modifier' using errcode = '22023';
      end if;
      for k in select jsonb_object_keys(g -> 'set') loop
        if k not in ('status', 'team_id', 'criticality', 'assignee_id') then
          raise exception 'Requête groupée invalide : le champ « % » ne peut pas être modifié en masse', k using errcode = '22023';
        end if;
      end loop;
    end if;
    n := n + jsonb_array_length(g -> 'ids');
  end loop;
  if n > 10000 then
    raise exception 'Au plus 10 000 signalements par requête (% demandés)', n using errcode = '22023';
  end if;
  return query
    select gr.ord::integer, coalesce(gr.value -> 'set', '{}'::jsonb), x.id::uuid,
           case jsonb_typeof(x.v)
             when 'number' then pg_catalog.floor((x.v #>> '{}')::numeric)
             when 'string' then private.version_ms((x.v #>> '{}')::timestamptz)
           end
      from jsonb_array_elements(p_groups) with ordinality gr(value, ord)
      cross join lateral (
        select ids.value as id, vs.value as v
          from jsonb_array_elements_text(gr.value -> 'ids') with ordinality ids(value, ord)
          join jsonb_array_elements(gr.value -> 'versions') with ordinality vs(value, ord) on vs.ord = ids.ord
      ) x;
end $$;
comment on function private.bulk_request(jsonb) is
  'Checks and unfolds a bulk request (groups of {set, ids, versions}) into rows; at most 10,000 ids (22023 otherwise).';

create or replace function public.bulk_update_points(p_changes jsonb)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  ids uuid[];
  bases numeric[];
  grps integer[];
  result jsonb;
begin
  if jsonb_typeof(p_changes) = 'array'
     and exists (select 1 from jsonb_array_elements(p_changes) g where jsonb_typeof(g) = 'object' and not g ? 'set') then
    raise exception 'Requête groupée invalide : rien à modifier' using errcode = '22023';
  end if;
  select coalesce(array_agg(r.id), '{}'), coalesce(array_agg(r.base), '{}'), coalesce(array_agg(r.grp), '{}')
    into ids, bases, grps from private.bulk_request(p_changes) r;
  if cardinality(ids) <> (select count(distinct u) from unnest(ids) u) then
    raise exception 'Requête groupée invalide : un signalement figure deux fois' using errcode = '22023';
  end if;

  -- Lock the rows still at their stated version, in id order (no deadlock between two batches).
  perform 1 from public.points p join unnest(ids, bases) r(id, base) on r.id = p.id
    where private.version_ms(p.updated_at) = r.base order by p.id for update of p;

  with req as (
    select r.id, r.base, p_changes -> (r.grp - 1) -> 'set' as vals from unnest(ids, bases, grps) r(id, base, grp)
  ), target as (
    select r.id, r.base,
           case when r.vals ? 'status' then r.vals ->> 'status' else p.status end as status,
           case when r.vals ? 'team_id' then (r.vals ->> 'team_id')::uuid else p.team_id end as team_id,
           case when r.vals ? 'criticality' then r.vals ->> 'criticality' else p.criticality end as criticality,
           case when r.vals ? 'assignee_id' then (r.vals ->> 'assignee_id')::uuid else p.assignee_id end as assignee_id,
           p.updated_at, (private.version_ms(p.updated_at) = r.base) as current
      from req r join public.points p on p.id = r.id
  ), changed as (
    update public.points p
       set status = t.status, team_id = t.team_id, criticality = t.criticality, assignee_id = t.assignee_id,
           updated_at = p.updated_at
      from target t
     where p.id = t.id and private.version_ms(p.updated_at) = t.base
       and (p.status, p.team_id, p.criticality, p.assignee_id) is distinct from (t.status, t.team_id, t.criticality, t.assignee_id)
    returning p.id, p.updated_at
  )
  select jsonb_build_object(
    'updated', coalesce((select jsonb_agg(jsonb_build_array(c.id, c.updated_at)) from changed c), '[]'::jsonb),
    'unchanged', coalesce((select jsonb_agg(jsonb_build_array(t.id, t.updated_at)) from target t
                            where t.current and not exists (select 1 from changed c where c.id = t.id)), '[]'::jsonb),
    'conflicts', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'updated_at', p.updated_at, 'status', p.status,
                                                              'team_id', p.team_id, 'criticality', p.criticality,
                                                              'assignee_id', p.assignee_id))
                             from target t join public.points p on p.id = t.id where not t.current), '[]'::jsonb),
    'missing', coalesce((select jsonb_agg(r.id) from req r
                          where not exists (select 1 from target t where t.id = r.id)), '[]'::jsonb))
    into result;
  return result;
end $$;
comment on function public.bulk_update_points(jsonb) is
  'Sets status / team / criticality / assignee on up to 10,000 points in one transaction, each row only at its stated '
  'version; returns updated, unchanged, conflicts (rows changed meanwhile) and missing (deleted or not visible). RLS applies.';
