-- Thumbnails where photos are listed (docs/product.md#photos): the report, Word and exports read the photos of many
-- points at once (public.points_photos, by batches of point ids sent in the body, RLS applying), and a point's
-- 'Suivi' lists each 'après' photo with its drawn copy and thumbnail (public.point_timeline), so that no list
-- downloads the full images.

create or replace function public.points_photos(p_point_ids uuid[])
  returns table (point_id uuid, storage_path text, drawn_path text, thumb_path text, "position" integer)
  language plpgsql stable
  set search_path = ''
as $$
begin
  if cardinality(p_point_ids) > 1000 then
    raise exception 'Au plus 1000 signalements par demande de photos.' using errcode = '22023', hint = 'points_photos_limit';
  end if;
  return query
    select f.point_id, f.storage_path, f.drawn_path, f.thumb_path, f."position"
      from public.point_photos f
     where f.point_id = any (p_point_ids) and f.event_id is null and f.kind = 'constat'
     order by f.point_id, f."position", f.created_at;
end $$;

comment on function public.points_photos(uuid[]) is
  'The constat photos of up to 1000 points, in each point''s order (original, drawn copy, thumbnail). RLS applies: only the points the caller may read.';
revoke all on function public.points_photos(uuid[]) from public, anon;
grant execute on function public.points_photos(uuid[]) to authenticated, service_role;

create or replace function public.point_timeline(p_point_id uuid)
  returns table (source text, id text, kind text, at timestamptz, actor uuid, body text, done_at timestamptz, done_by text,
                 created_at timestamptz, updated_at timestamptz, changes jsonb, photos jsonb)
  language sql stable
  set search_path = ''
as $$
  select * from (
    select 'event'::text, e.id::text, e.kind, e.observed_at, e.author_id, e.body, e.done_at, e.done_by,
           e.created_at, e.updated_at, null::jsonb,
           coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'storage_path', f.storage_path, 'position', f."position",
                                                         'caption', f.caption, 'width', f.width, 'height', f.height,
                                                         'drawn_path', f.drawn_path, 'thumb_path', f.thumb_path)
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

comment on function public.point_timeline(uuid) is 'A point''s follow-up in order: comments, interventions (with photos, their drawn copies and thumbnails) and audit entries of status, assignee, team, criticality and due time.';
