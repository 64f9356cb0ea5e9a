-- Inspection records and annotations bounded in the database (docs/product.md#inspection-records).
--
--   * private.inspection_bounds(), before insert or update of public.inspections, for every caller: each JSON
--     column within its size (text of the JSON, in bytes: filters 16 KB, counts 16 KB, remarks 32 KB,
--     not_inspected 100 stretches and 16 KB, findings 8 MB besides its 10,000 entries) and inspected_at not more
--     than 5 minutes ahead of the server's clock; through the API also not before the line was created
--     (23514, hints 'inspection_too_large', 'inspected_at_in_future', 'inspected_at_before_line').
--     Rows saved before keep what they hold until they are changed.
--   * public.inspection_annotations.created_at is the server's time of the insert (a trigger), never the client's.
--   * An admin may delete any record, also after its 24-hour lock, with its annotations (they go with it, and
--     only then: an annotation is never deleted or changed otherwise); both deletions are audited.

-- ---------------------------------------------------------------- sizes and dates of a record
create or replace function private.inspection_bounds() returns trigger
language plpgsql set search_path = '' as $$
declare
  c record;
begin
  for c in select * from (values
      ('filters', 'les filtres', pg_catalog.octet_length(new.filters::text), 16384),
      ('counts', 'les comptes', pg_catalog.octet_length(new.counts::text), 16384),
      ('remarks', 'les remarques', pg_catalog.octet_length(new.remarks::text), 32768),
      ('not_inspected', 'les tronçons non inspectés', pg_catalog.octet_length(new.not_inspected::text), 16384),
      ('findings', 'les anomalies', pg_catalog.octet_length(new.findings::text), 8388608)) v(col, label, size, lim)
  loop
    if c.size > c.lim then
      raise exception 'Tournée trop volumineuse : % dépassent % Ko.', c.label, c.lim / 1024
        using errcode = '23514', hint = 'inspection_too_large', detail = c.col;
    end if;
  end loop;
  if pg_catalog.jsonb_array_length(new.not_inspected) > 100 then
    raise exception 'Tournée trop volumineuse : 100 tronçons non inspectés au plus.'
      using errcode = '23514', hint = 'inspection_too_large', detail = 'not_inspected';
  end if;
  if tg_op = 'INSERT' or new.inspected_at is distinct from old.inspected_at then
    if new.inspected_at > now() + interval '5 minutes' then
      raise exception 'La date de la tournée est dans le futur.'
        using errcode = '23514', hint = 'inspected_at_in_future';
    end if;
    if current_user in ('anon', 'authenticated') and new.inspected_at < private.line_created_at(new.line_id) then
      raise exception 'La date de la tournée est antérieure à la création de la ligne.'
        using errcode = '23514', hint = 'inspected_at_before_line';
    end if;
  end if;
  return new;
end $$;
comment on function private.inspection_bounds() is
  'Before insert or update of inspections: JSON columns within their sizes, inspected_at not in the future nor (API) before the line (23514).';
revoke all on function private.inspection_bounds() from public;
create trigger inspection_bounds before insert or update on public.inspections
  for each row execute function private.inspection_bounds();

-- ---------------------------------------------------------------- annotations dated by the server
create or replace function private.annotation_stamp() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.created_at := now();
  return new;
end $$;
comment on function private.annotation_stamp() is 'Before insert of inspection_annotations: created_at is the server''s time.';
revoke all on function private.annotation_stamp() from public;
create trigger annotation_stamp before insert on public.inspection_annotations
  for each row execute function private.annotation_stamp();

-- ---------------------------------------------------------------- admins delete records
create or replace function private.inspection_lock() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' and private.is_admin() then
    return old;
  end if;
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
  'Refuses any update or delete of an inspection record 24 h after it was saved (42501 inspection_locked), except an admin''s delete, and changes of its identity.';

-- An annotation goes with its record when an admin deletes it; the statement trigger below still refuses any other
-- deletion (a member's delete of an annotated record within 24 h included).
alter table public.inspection_annotations drop constraint inspection_annotations_inspection_id_fkey;
alter table public.inspection_annotations add constraint inspection_annotations_inspection_id_fkey
  foreign key (inspection_id) references public.inspections (id) on delete cascade;

create or replace function private.annotations_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Deleted by the cascade of a record's deletion (run from the foreign key's trigger), for an admin.
  if tg_op = 'DELETE' and pg_catalog.pg_trigger_depth() > 1 and private.is_admin() then
    return null;
  end if;
  raise exception 'Une annotation ne peut être ni modifiée ni supprimée' using errcode = '42501', hint = 'annotation_append_only';
end $$;
comment on function private.annotations_append_only() is
  'Before update or delete of inspection_annotations (per statement): refused, except the deletion of an admin''s deleted record''s annotations.';

create trigger audit_deletes after delete on public.inspection_annotations referencing old table as old_rows
  for each statement execute function private.audit_rows();
