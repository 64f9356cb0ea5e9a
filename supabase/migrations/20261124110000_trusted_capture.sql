-- Field capture you can trust (issue 21 items 1-2, issue 27 item 5).
--
-- 1. points.observed_at: when the agent observed the anomaly (the device's time when the report was saved, offline
--    or not), beside created_at (when the row reached the server). An insert that states none gets created_at.
--    Refused (SQLSTATE 23514, HTTP 400): a time more than 5 minutes after the row reached the server (or, on an
--    update, after now): the device clock may be a little ahead, never the observation; and, from the API (roles
--    anon and authenticated), a time before the point's line existed (lines.created_at).
--
-- 2. No overwrite without a version. An update (or the update branch of an upsert) by a member (roles anon and
--    authenticated) of a point, zone, team, level, marker, setting or line must state the version it is based on, by
--    setting updated_at to the value it read:
--      * trigger check_base_version (before update OF updated_at: fires only when the statement sets updated_at,
--        an upsert's DO UPDATE SET included) refuses a stale version with PT409 'stale_version' as before, and
--        stamps the new version: now(), or just after the old one when the row already changed in this
--        transaction (a version never repeats);
--      * trigger touch_updated_at (before update, any column; fires after check_base_version, by name) sees
--        updated_at unchanged when no version was stated: refused for members with PT428 'base_version_required'
--        (HTTP 428 Precondition Required through PostgREST); SQL and the service role keep working, stamped now().
--
-- 3. updated_at stamped on insert for members, as created_at is (a member could otherwise hide a new point from
--    other devices' catch-up with a date in the past, or make it come back forever with one in the future). The
--    one exception is the conflict branch of an upsert: the stated updated_at then is the base version of the
--    update, so it is kept when a row with that key already exists (check_base_version then judges it).

-- ---------------------------------------------------------------- 1. observed_at
alter table public.points add column observed_at timestamptz;
-- The backfill is no change of a report: no history entry, no new version, no live message.
alter table public.points disable trigger user;
update public.points set observed_at = created_at;
alter table public.points enable trigger user;
alter table public.points alter column observed_at set not null;
comment on column public.points.observed_at is
  'When the anomaly was observed (the device time of the save, offline or not); created_at is when the row arrived.';

-- When the line was created (security definer: whatever the caller may read of lines).
create or replace function private.line_created_at(p_line_id uuid) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select l.created_at from public.lines l where l.id = p_line_id
$$;
revoke all on function private.line_created_at(uuid) from public;
grant execute on function private.line_created_at(uuid) to anon, authenticated, service_role;

create or replace function private.check_observed_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.observed_at := coalesce(new.observed_at, new.created_at, now());
    if new.observed_at > coalesce(new.created_at, now()) + interval '5 minutes' then
      raise exception 'L''heure de constat est postérieure à la réception du signalement.'
        using errcode = '23514', hint = 'observed_at_in_future';
    end if;
  elsif new.observed_at is distinct from old.observed_at then
    if new.observed_at is null then
      new.observed_at := old.observed_at;
    elsif new.observed_at > now() + interval '5 minutes' then
      raise exception 'L''heure de constat est dans le futur.' using errcode = '23514', hint = 'observed_at_in_future';
    end if;
  end if;
  if current_user in ('anon', 'authenticated') and new.observed_at < private.line_created_at(new.line_id) then
    raise exception 'L''heure de constat est antérieure à la création de la ligne.'
      using errcode = '23514', hint = 'observed_at_before_line';
  end if;
  return new;
end $$;
comment on function private.check_observed_at() is
  'points.observed_at: created_at when not stated; refused more than 5 minutes after the arrival (insert) or now (update).';
-- Named after stamp_created_by so that created_at is already the server's time when this runs.
create trigger stamp_observed_at before insert or update of observed_at on public.points
  for each row execute function private.check_observed_at();
create index points_observed_at_idx on public.points (observed_at desc, id);

-- ---------------------------------------------------------------- 2. a stated base version, always
create or replace function private.check_base_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.updated_at is distinct from old.updated_at then
    raise exception 'stale_version'
      using errcode = 'PT409',
            detail = pg_catalog.to_json(old.updated_at)::text,
            hint = 'The row changed since this version; reload it and apply the change again.';
  end if;
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end $$;
comment on function private.check_base_version() is
  'Before update of updated_at: refuses a stale stated version (PT409), then stamps the new version.';

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.updated_at is distinct from old.updated_at then
    return new; -- check_base_version accepted the stated version and stamped the new one
  end if;
  if current_user in ('anon', 'authenticated') then
    raise exception 'base_version_required'
      using errcode = 'PT428',
            detail = pg_catalog.to_json(old.updated_at)::text,
            hint = 'State the version the change is based on: updated_at as last read.';
  end if;
  new.updated_at := now();
  return new;
end $$;
comment on function private.touch_updated_at() is
  'Before update: members must state a base version (PT428 otherwise); SQL and the service role are stamped now().';

-- ---------------------------------------------------------------- 3. updated_at stamped on insert
create or replace function private.stamp_updated_at() returns trigger
language plpgsql set search_path = '' as $$
declare
  key_column text := tg_argv[0];
  exists_already boolean;
begin
  if current_user in ('anon', 'authenticated') then
    execute pg_catalog.format('select exists (select 1 from %I.%I t where t.%I = ($1).%I)',
                              tg_table_schema, tg_table_name, key_column, key_column)
      into exists_already using new;
    if not exists_already then
      new.updated_at := now();
    end if;
  end if;
  return new;
end $$;
comment on function private.stamp_updated_at() is
  'Before insert by a member: updated_at := now(), unless the key exists (an upsert''s stated base version is kept).';

do $$
declare
  t text;
  k text;
begin
  foreach t in array array['teams', 'criticality_levels', 'zones', 'points', 'kilometer_markers', 'app_settings', 'lines'] loop
    k := case when t = 'app_settings' then 'key' else 'id' end;
    execute format('create trigger check_base_version before update of updated_at on public.%I '
                   'for each row execute function private.check_base_version()', t);
    execute format('create trigger stamp_updated_at before insert on public.%I '
                   'for each row execute function private.stamp_updated_at(%L)', t, k);
  end loop;
end $$;

revoke all on function private.check_observed_at(), private.check_base_version(), private.stamp_updated_at()
  from public, anon, authenticated;
