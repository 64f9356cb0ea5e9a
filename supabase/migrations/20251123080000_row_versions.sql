-- Row versions: every editable table carries updated_at, maintained by the database, so that an update
-- can state the version it was based on and a stale one is refused (no silent overwrite), and so that a
-- local replica can ask for what changed since its last sync.
--
-- The rule (private.touch_updated_at, before update):
--   * the client sends the updated_at it last saw together with its changes;
--   * if that differs from the row's current updated_at, the update is refused with SQLSTATE PT409
--     (PostgREST answers HTTP 409; the message is 'stale_version', the detail the current version);
--   * an update that does not mention updated_at keeps the row's value and passes (SQL, service role);
--   * the database then stamps updated_at := now().

alter table public.teams add column updated_at timestamptz not null default now();
alter table public.criticality_levels add column updated_at timestamptz not null default now();
alter table public.zones add column updated_at timestamptz not null default now();
alter table public.points add column updated_at timestamptz not null default now();
alter table public.kilometer_markers add column updated_at timestamptz not null default now();

create index points_updated_at_idx on public.points (updated_at, id);

create or replace function private.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.updated_at is distinct from old.updated_at then
    raise exception 'stale_version'
      using errcode = 'PT409',
            detail = pg_catalog.to_json(old.updated_at)::text,
            hint = 'The row changed since this version; reload it and apply the change again.';
  end if;
  new.updated_at := now();
  return new;
end $$;
comment on function private.touch_updated_at() is
  'Optimistic concurrency: refuses an update whose stated updated_at is not the current one (PT409), then stamps now().';

do $$
declare t text;
begin
  foreach t in array array['teams', 'criticality_levels', 'zones', 'points', 'kilometer_markers'] loop
    execute format('create trigger touch_updated_at before update on public.%I for each row execute function private.touch_updated_at()', t);
  end loop;
end $$;
