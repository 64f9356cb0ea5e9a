-- A line's place on the ground (docs/product.md#position): per line and track, an axis in WGS 84 and PK anchors
-- along it; and the fix a point was reported from.
--
--   * public.line_axes (line_id, track, coordinates jsonb [[lon, lat], ...] of at least two positions, band_y_min,
--     band_y_max: the band of the line image where that track's points are drawn; null: from the track's zones).
--     One axis per line and track.
--   * public.line_anchors (line_id, track, pk km, lat, lon, source 'import' | 'terrain', accuracy_m, fixes): a PK
--     at a position; 'terrain' anchors are recorded on site from an (averaged) fix.
--   * Both under the rules of the kilometre markers: admins write, members read the anchors and axes of the lines
--     they may read (lines' own policy: not archived), active members only; created_by, row versions
--     (updated_at stated on update), archived lines refused, audited, Broadcast invalidations on
--     'changes:line_axes' and 'changes:line_anchors', published to realtime.
--   * public.replace_line_positions(line, axes, anchors): an import replaces a line's axes and anchors in one
--     transaction (security invoker: the policies above decide).
--   * points.gnss_lat, gnss_lon, gnss_accuracy_m, gnss_fixes: never required; lat and lon together; audited as
--     every point column.

-- ---------------------------------------------------------------- shape checks
create or replace function private.is_lonlat_line(c jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(pg_catalog.jsonb_typeof(c) = 'array' and pg_catalog.jsonb_array_length(c) >= 2
    and not exists (
      select 1 from pg_catalog.jsonb_array_elements(c) e(p)
       where not coalesce(pg_catalog.jsonb_typeof(e.p) = 'array' and pg_catalog.jsonb_array_length(e.p) = 2
                 and pg_catalog.jsonb_typeof(e.p -> 0) = 'number' and pg_catalog.jsonb_typeof(e.p -> 1) = 'number'
                 and (e.p ->> 0)::float8 between -180 and 180 and (e.p ->> 1)::float8 between -90 and 90, false)), false)
$$;
comment on function private.is_lonlat_line(jsonb) is
  'Whether c is a JSON array of at least two [longitude, latitude] positions in WGS 84 degrees.';
revoke all on function private.is_lonlat_line(jsonb) from public;
grant execute on function private.is_lonlat_line(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------- the tables
create table public.line_axes (
  id uuid primary key default gen_random_uuid(),
  line_id uuid not null references public.lines (id) on delete cascade,
  track text not null check (track in ('voie_1', 'voie_2')),
  coordinates jsonb not null check (private.is_lonlat_line(coordinates) and pg_catalog.pg_column_size(coordinates) <= 16000000),
  band_y_min numeric check (band_y_min >= 0),
  band_y_max numeric check (band_y_max >= 0),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (line_id, track),
  check ((band_y_min is null) = (band_y_max is null) and (band_y_min is null or band_y_min < band_y_max))
);
comment on table public.line_axes is
  'A track''s axis on the ground: [[lon, lat], ...] in WGS 84, and its band on the line image (null: from the track''s zones).';

create table public.line_anchors (
  id uuid primary key default gen_random_uuid(),
  line_id uuid not null references public.lines (id) on delete cascade,
  track text not null check (track in ('voie_1', 'voie_2')),
  pk numeric(7, 3) not null check (pk >= 0 and pk <= 999.999),
  lat double precision not null check (lat between -90 and 90),
  lon double precision not null check (lon between -180 and 180),
  source text not null default 'import' check (source in ('import', 'terrain')),
  accuracy_m real check (accuracy_m >= 0 and accuracy_m <= 10000),
  fixes integer check (fixes >= 1 and fixes <= 100000),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.line_anchors is
  'A PK at a position of a track (km, WGS 84); two anchors at one place with different PKs are a jump in the numbering. source terrain: recorded on site (accuracy_m, fixes averaged).';
create index line_anchors_line_idx on public.line_anchors (line_id, track, pk);
create index line_axes_created_by_idx on public.line_axes (created_by);
create index line_anchors_created_by_idx on public.line_anchors (created_by);

-- ---------------------------------------------------------------- rules (those of the kilometre markers)
do $$
declare t text;
begin
  foreach t in array array['line_axes', 'line_anchors'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('create policy "read lines they may read" on public.%I for select to authenticated '
                   'using ((select private.is_admin()) or exists (select 1 from public.lines l where l.id = %I.line_id))', t, t);
    execute format('create policy "admin insert" on public.%I for insert to authenticated with check ((select private.is_admin()))', t);
    execute format('create policy "admin update" on public.%I for update to authenticated '
                   'using ((select private.is_admin())) with check ((select private.is_admin()))', t);
    execute format('create policy "admin delete" on public.%I for delete to authenticated using ((select private.is_admin()))', t);
    execute format('create policy "active members only" on public.%I as restrictive for all to authenticated '
                   'using ((select private.is_active_member())) with check ((select private.is_active_member()))', t);
    execute format('revoke all on public.%I from public, anon, authenticated', t);
    execute format('grant select, insert, update, delete on public.%I to authenticated', t);
    execute format('grant all on public.%I to service_role', t);

    execute format('create trigger stamp_created_by before insert or update on public.%I '
                   'for each row execute function private.stamp_created_by()', t);
    execute format('create trigger check_base_version before update of updated_at on public.%I '
                   'for each row execute function private.check_base_version()', t);
    execute format('create trigger stamp_updated_at before insert on public.%I '
                   'for each row execute function private.stamp_updated_at(%L)', t, 'id');
    execute format('create trigger touch_updated_at before update on public.%I '
                   'for each row execute function private.touch_updated_at()', t);
    execute format('create trigger refuse_archived_line before insert or update on public.%I '
                   'for each row execute function private.refuse_archived_line()', t);

    execute format('create trigger audit_row after update on public.%I for each row execute function private.audit_row()', t);
    execute format('create trigger audit_inserts after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function private.audit_rows()', t);
    execute format('create trigger audit_deletes after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function private.audit_rows()', t);

    execute format('create trigger broadcast_insert after insert on public.%I referencing new table as new_rows '
                   'for each statement execute function private.broadcast_invalidation()', t);
    execute format('create trigger broadcast_update after update on public.%I referencing old table as old_rows new table as new_rows '
                   'for each statement execute function private.broadcast_invalidation()', t);
    execute format('create trigger broadcast_delete after delete on public.%I referencing old table as old_rows '
                   'for each statement execute function private.broadcast_invalidation()', t);

    if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime')
       and not exists (select 1 from pg_catalog.pg_publication_tables
                        where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end $$;

-- ---------------------------------------------------------------- an import, in one transaction
create or replace function public.replace_line_positions(p_line_id uuid, p_axes jsonb, p_anchors jsonb)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  n_anchors integer;
begin
  if not coalesce((select private.is_admin()), false) then
    raise exception 'Seul un administrateur peut importer le tracé d''une ligne.' using errcode = '42501';
  end if;
  if pg_catalog.jsonb_typeof(p_axes) is distinct from 'array' or pg_catalog.jsonb_typeof(p_anchors) is distinct from 'array' then
    raise exception 'Tracé et repères attendus en tableaux JSON.' using errcode = '22023';
  end if;
  delete from public.line_anchors a where a.line_id = p_line_id and a.source = 'import';
  -- Bands already set for a track are kept across imports.
  insert into public.line_axes as x (line_id, track, coordinates)
  select p_line_id, e ->> 'track', e -> 'coordinates' from pg_catalog.jsonb_array_elements(p_axes) e
  on conflict (line_id, track) do update set coordinates = excluded.coordinates, updated_at = x.updated_at;
  delete from public.line_axes x
   where x.line_id = p_line_id
     and x.track not in (select e ->> 'track' from pg_catalog.jsonb_array_elements(p_axes) e);
  insert into public.line_anchors (line_id, track, pk, lat, lon, source)
  select p_line_id, e ->> 'track', (e ->> 'pk')::numeric, (e ->> 'lat')::float8, (e ->> 'lon')::float8, 'import'
    from pg_catalog.jsonb_array_elements(p_anchors) e;
  get diagnostics n_anchors = row_count;
  return pg_catalog.jsonb_build_object('axes', pg_catalog.jsonb_array_length(p_axes), 'anchors', n_anchors);
end $$;
comment on function public.replace_line_positions(uuid, jsonb, jsonb) is
  'Admin import: the line''s axes become p_axes [{track, coordinates}] (bands kept), its imported anchors p_anchors [{track, pk, lat, lon}]; terrain anchors stay.';
revoke all on function public.replace_line_positions(uuid, jsonb, jsonb) from public, anon;
grant execute on function public.replace_line_positions(uuid, jsonb, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------- the fix a point was reported from
alter table public.points
  add column gnss_lat double precision check (gnss_lat between -90 and 90),
  add column gnss_lon double precision check (gnss_lon between -180 and 180),
  add column gnss_accuracy_m real check (gnss_accuracy_m >= 0 and gnss_accuracy_m <= 10000),
  add column gnss_fixes integer check (gnss_fixes >= 1 and gnss_fixes <= 100000),
  add constraint points_gnss_pair_check check ((gnss_lat is null) = (gnss_lon is null)
    and (gnss_lat is not null or (gnss_accuracy_m is null and gnss_fixes is null)));
comment on column public.points.gnss_lat is 'Latitude (WGS 84) of the fix the point was reported from; null: not reported from a position.';
comment on column public.points.gnss_lon is 'Longitude (WGS 84) of the fix the point was reported from.';
comment on column public.points.gnss_accuracy_m is 'Accuracy of that fix (metres, the device''s 95 % radius).';
comment on column public.points.gnss_fixes is 'How many fixes were averaged into it (1: a single fix).';
