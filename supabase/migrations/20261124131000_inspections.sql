-- Inspection records (issue 24 item 2, docs/product.md#inspection-records): the route report saved as a record of
-- who walked which stretch of which line when, what was found (each anomaly with its state at that time), counts
-- per zone and criticality, remarks per zone and the stretches not inspected with a reason.
--
--   * public.inspections: written by active members for themselves (inspector = auth.uid()); read by the members
--     who can read its line (public.lines' own policies decide: archived lines only for admins), admins all.
--   * Locked 24 hours after it was saved: no update or delete any more (SQLSTATE 42501, hint 'inspection_locked'),
--     for anyone, enforced by a trigger; only annotations may be added (public.inspection_annotations, append-only).
--   * Both tables are audited (private.audit_row / audit_rows; the journal is read by admins) and records carry row
--     versions (private.touch_updated_at).
--   * The snapshot (findings) is the record itself: it never follows later changes or deletions of the points.

create table public.inspections (
  id uuid primary key default gen_random_uuid(),
  line_id uuid not null default private.default_line_id() references public.lines (id) on delete restrict,
  inspector uuid not null default auth.uid() references auth.users (id) on delete restrict,
  inspector_email text not null default '', -- set by the database from the inspector's profile at saving
  inspected_at timestamptz not null default now(),
  km_from numeric check (km_from between 0 and 999.99),
  km_to numeric check (km_to between 0 and 999.99),
  filters jsonb not null default '{}'::jsonb check (jsonb_typeof(filters) = 'object'),
  findings jsonb not null default '[]'::jsonb check (jsonb_typeof(findings) = 'array' and jsonb_array_length(findings) <= 10000),
  counts jsonb not null default '{}'::jsonb check (jsonb_typeof(counts) = 'object'),
  remarks jsonb not null default '{}'::jsonb check (jsonb_typeof(remarks) = 'object'),
  not_inspected jsonb not null default '[]'::jsonb check (jsonb_typeof(not_inspected) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (km_from is null or km_to is null or km_from <= km_to)
);
comment on table public.inspections is
  'Inspection records (tournées): line, inspector, when, PK range, filters, findings (anomalies as found: id, name, km, '
  'status, criticality, team, zones), counts per zone and criticality, remarks per zone, stretches not inspected. '
  'Locked 24 h after creation (annotations only).';
create index inspections_line_idx on public.inspections (line_id, inspected_at desc);
create index inspections_inspector_idx on public.inspections (inspector, inspected_at desc);

create table public.inspection_annotations (
  id uuid primary key default gen_random_uuid(),
  inspection_id uuid not null references public.inspections (id) on delete restrict, -- an annotated record stays
  author uuid not null default auth.uid() references auth.users (id) on delete restrict,
  body text not null check (btrim(body) <> '' and length(body) <= 4000),
  created_at timestamptz not null default now()
);
comment on table public.inspection_annotations is 'Notes added to an inspection record, also after its 24-hour lock; never edited.';
create index inspection_annotations_idx on public.inspection_annotations (inspection_id, created_at);

-- Who saved it, in words, as it was at that time (colleagues cannot read each other's profiles).
create or replace function private.inspection_stamp() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.inspector_email := coalesce((select p.email from public.profiles p where p.id = new.inspector), '');
  new.created_at := now();
  return new;
end $$;
revoke all on function private.inspection_stamp() from public;
create trigger inspection_stamp before insert on public.inspections
  for each row execute function private.inspection_stamp();

-- ---------------------------------------------------------------- the 24-hour lock
create or replace function private.inspection_lock() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.created_at <= now() - interval '24 hours' then
    raise exception 'Tournée verrouillée : elle ne peut plus être modifiée 24 h après son enregistrement (ajoutez une annotation).'
      using errcode = '42501', hint = 'inspection_locked';
  end if;
  if tg_op = 'UPDATE' then
    -- Who, which line and when it was saved are the record's identity.
    if new.inspector is distinct from old.inspector or new.line_id is distinct from old.line_id
       or new.created_at is distinct from old.created_at or new.inspector_email is distinct from old.inspector_email then
      raise exception 'Le rédacteur, la ligne et la date d''enregistrement d''une tournée ne changent pas'
        using errcode = '42501', hint = 'inspection_identity';
    end if;
    return new;
  end if;
  return old;
end $$;
comment on function private.inspection_lock() is
  'Refuses any update or delete of an inspection record 24 h after it was saved (42501 inspection_locked), and changes of its identity.';
revoke all on function private.inspection_lock() from public;

create trigger inspection_lock before update or delete on public.inspections
  for each row execute function private.inspection_lock();
create trigger touch_updated_at before update on public.inspections
  for each row execute function private.touch_updated_at();

create or replace function private.annotations_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'Une annotation ne peut être ni modifiée ni supprimée' using errcode = '42501', hint = 'annotation_append_only';
end $$;
revoke all on function private.annotations_append_only() from public;
create trigger annotations_append_only before update or delete on public.inspection_annotations
  for each statement execute function private.annotations_append_only();

-- ---------------------------------------------------------------- audit
create trigger audit_row after update on public.inspections for each row execute function private.audit_row();
create trigger audit_inserts after insert on public.inspections referencing new table as new_rows
  for each statement execute function private.audit_rows();
create trigger audit_deletes after delete on public.inspections referencing old table as old_rows
  for each statement execute function private.audit_rows();
create trigger audit_inserts after insert on public.inspection_annotations referencing new table as new_rows
  for each statement execute function private.audit_rows();

-- ---------------------------------------------------------------- access
alter table public.inspections enable row level security;
alter table public.inspection_annotations enable row level security;
revoke all on public.inspections, public.inspection_annotations from public, anon, authenticated;
grant select, insert, update, delete on public.inspections to authenticated;
grant select, insert on public.inspection_annotations to authenticated;
grant all on public.inspections, public.inspection_annotations to service_role;

-- A member reads the records of the lines they can read (the lines' policies decide); admins read all lines.
create policy "read records of readable lines" on public.inspections for select to authenticated
  using ((select private.is_active_member()) and exists (select 1 from public.lines l where l.id = line_id));
create policy "insert own records" on public.inspections for insert to authenticated
  with check ((select private.is_active_member()) and inspector = (select auth.uid())
              and exists (select 1 from public.lines l where l.id = line_id));
create policy "update own records" on public.inspections for update to authenticated
  using ((select private.is_active_member()) and (inspector = (select auth.uid()) or (select private.is_admin())))
  with check ((select private.is_active_member()) and (inspector = (select auth.uid()) or (select private.is_admin())));
create policy "delete own records" on public.inspections for delete to authenticated
  using ((select private.is_active_member()) and (inspector = (select auth.uid()) or (select private.is_admin())));

create policy "read annotations of readable records" on public.inspection_annotations for select to authenticated
  using ((select private.is_active_member()) and exists (select 1 from public.inspections i where i.id = inspection_id));
create policy "annotate readable records" on public.inspection_annotations for insert to authenticated
  with check ((select private.is_active_member()) and author = (select auth.uid())
              and exists (select 1 from public.inspections i where i.id = inspection_id));

do $$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    alter publication supabase_realtime add table public.inspections, public.inspection_annotations;
  end if;
end $$;
