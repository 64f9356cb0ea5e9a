-- Bulk changes of points (docs/product.md#bulk-changes): one request, one transaction, at most 10,000 points.
--
--   public.bulk_update_points(p_changes jsonb)
--     p_changes: an array of groups {"set": {status?, team_id?, criticality?}, "ids": [uuid…], "versions": […]}
--     where each version is the row's updated_at as read (string) or in whole milliseconds since 1970 (number,
--     as the app's point index holds it); versions are compared at millisecond precision
--     (a batch sets the same values on every row; an undo restores each row's former values, one group per
--     distinct former value). Each row is written only if its updated_at is still the version stated for it:
--     rows changed meanwhile come back as conflicts (their current values), rows deleted meanwhile as missing,
--     nothing of theirs is overwritten. Returns
--       {"updated": [[id, new updated_at], …], "unchanged": [[id, updated_at], …],
--        "conflicts": [{id, updated_at, status, team_id, criticality}, …], "missing": [id, …]}
--   public.bulk_delete_points(p_rows jsonb)
--     p_rows: {"ids": […], "versions": […]}; admins only (42501 otherwise). Same version rule. Returns
--       {"deleted": [[id, image_url], …], "conflicts": […], "missing": […]} (the caller removes the photos).
--
-- Both are security invoker: row-level security decides which rows the caller may write, exactly as for a
-- single update or delete. Every row written goes through the same triggers as a single change: the version
-- stamp (private.touch_updated_at: the stated version is the row's current one, so it passes), one audit entry
-- per changed row (private.audit_row / audit_rows), the tombstone of a deleted point, and the realtime capture.
-- Rows are locked in id order first, so two concurrent batches never deadlock.

-- A row's version at the precision the point index carries (whole milliseconds, as Date.parse gives): the app
-- selects thousands of points from its index, which holds no exact updated_at strings.
create or replace function private.version_ms(ts timestamptz) returns numeric
language sql immutable set search_path = '' as $$ select pg_catalog.floor(extract(epoch from ts) * 1000) $$;
revoke all on function private.version_ms(timestamptz) from public;
grant execute on function private.version_ms(timestamptz) to authenticated, service_role;

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
        if k not in ('status', 'team_id', 'criticality') then
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
revoke all on function private.bulk_request(jsonb) from public;
grant execute on function private.bulk_request(jsonb) to authenticated, service_role;

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
           p.updated_at, (private.version_ms(p.updated_at) = r.base) as current
      from req r join public.points p on p.id = r.id
  ), changed as (
    update public.points p
       set status = t.status, team_id = t.team_id, criticality = t.criticality, updated_at = p.updated_at
      from target t
     where p.id = t.id and private.version_ms(p.updated_at) = t.base
       and (p.status, p.team_id, p.criticality) is distinct from (t.status, t.team_id, t.criticality)
    returning p.id, p.updated_at
  )
  select jsonb_build_object(
    'updated', coalesce((select jsonb_agg(jsonb_build_array(c.id, c.updated_at)) from changed c), '[]'::jsonb),
    'unchanged', coalesce((select jsonb_agg(jsonb_build_array(t.id, t.updated_at)) from target t
                            where t.current and not exists (select 1 from changed c where c.id = t.id)), '[]'::jsonb),
    'conflicts', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'updated_at', p.updated_at, 'status', p.status,
                                                              'team_id', p.team_id, 'criticality', p.criticality))
                             from target t join public.points p on p.id = t.id where not t.current), '[]'::jsonb),
    'missing', coalesce((select jsonb_agg(r.id) from req r
                          where not exists (select 1 from target t where t.id = r.id)), '[]'::jsonb))
    into result;
  return result;
end $$;
comment on function public.bulk_update_points(jsonb) is
  'Sets status / team / criticality on up to 10,000 points in one transaction, each row only at its stated version; '
  'returns updated, unchanged, conflicts (rows changed meanwhile) and missing (deleted or not visible). RLS applies.';

create or replace function public.bulk_delete_points(p_rows jsonb)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  ids uuid[];
  bases numeric[];
  result jsonb;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'Seuls les administrateurs peuvent supprimer plusieurs signalements à la fois'
      using errcode = '42501';
  end if;
  select coalesce(array_agg(r.id), '{}'), coalesce(array_agg(r.base), '{}')
    into ids, bases from private.bulk_request(jsonb_build_array(coalesce(p_rows, 'null'::jsonb) - 'set')) r;
  if cardinality(ids) <> (select count(distinct u) from unnest(ids) u) then
    raise exception 'Requête groupée invalide : un signalement figure deux fois' using errcode = '22023';
  end if;

  perform 1 from public.points p join unnest(ids, bases) r(id, base) on r.id = p.id
    where private.version_ms(p.updated_at) = r.base order by p.id for update of p;

  with req as (
    select r.id, r.base from unnest(ids, bases) r(id, base)
  ), target as (
    select r.id, (private.version_ms(p.updated_at) = r.base) as current
      from req r join public.points p on p.id = r.id
  ), gone as (
    delete from public.points p using req r
     where p.id = r.id and private.version_ms(p.updated_at) = r.base
    returning p.id, p.image_url
  )
  select jsonb_build_object(
    'deleted', coalesce((select jsonb_agg(jsonb_build_array(g.id, g.image_url)) from gone g), '[]'::jsonb),
    'conflicts', coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'updated_at', p.updated_at, 'status', p.status,
                                                              'team_id', p.team_id, 'criticality', p.criticality))
                             from target t join public.points p on p.id = t.id where not t.current), '[]'::jsonb),
    'missing', coalesce((select jsonb_agg(r.id) from req r
                          where not exists (select 1 from target t where t.id = r.id)), '[]'::jsonb))
    into result;
  return result;
end $$;
comment on function public.bulk_delete_points(jsonb) is
  'Admins: deletes up to 10,000 points in one transaction, each only at its stated version; returns deleted '
  '(with the photo URL to remove), conflicts and missing. RLS applies.';

revoke all on function public.bulk_update_points(jsonb), public.bulk_delete_points(jsonb) from public, anon;
grant execute on function public.bulk_update_points(jsonb), public.bulk_delete_points(jsonb) to authenticated, service_role;
