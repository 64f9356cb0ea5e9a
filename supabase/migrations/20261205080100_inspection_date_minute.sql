-- A walk's date is typed to the minute: a record of a line created in the current minute, dated 'now' by the form,
-- is not before the line. private.inspection_bounds() compares inspected_at with the line's creation minute.

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
    if current_user in ('anon', 'authenticated') and new.inspected_at < pg_catalog.date_trunc('minute', private.line_created_at(new.line_id)) then
      raise exception 'La date de la tournée est antérieure à la création de la ligne.'
        using errcode = '23514', hint = 'inspected_at_before_line';
    end if;
  end if;
  return new;
end $$;
revoke all on function private.inspection_bounds() from public;

comment on function private.inspection_bounds() is 'Before insert or update of inspections: JSON columns within their sizes, inspected_at not in the future nor (API) before the minute the line was created (23514).';
