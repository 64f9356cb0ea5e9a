-- Issue 22 item 6: a bulk insert of points costs at most 1.3× the same insert without the audit log (and its
-- dashboard feed). Measured 1.40× quiet (bench/auditInsert.bench.ts, PostgreSQL backend CPU time). Same entries as
-- before; only the way there is cheaper:
--
--   private.audit_rows() (every audited table's inserts and deletions) built each entry by turning the whole row into
--   jsonb, splitting it back into key/value rows (jsonb_each) and aggregating them again (jsonb_object_agg). It now
--   reads the table's columns from the catalog at each statement (a column added later is logged without touching
--   this function) and builds {"col": {"new"|"old": to_jsonb(value)}} in one expression per row: to_jsonb of a value
--   is what to_jsonb of the row gives for that column, null included, and jsonb objects do not keep key order, so the
--   entries are equal. The row id is to_jsonb(id) #>> '{}' (what `j ->> 'id'` gave), else the `key` column's; the
--   actor (auth.uid()) is read once per statement.
--
-- Measured in one session (pg_stat_xact_user_functions, 10 statements of 1,000 points, three alternations, load 9-11):
-- audit_rows' own time (the log's rows, their jsonb and indexes) 1,051/820/633 ms before → 874/631/445 ms now, of an
-- insert of ~7 s. private.point_open_counts_apply() (all five pre-aggregates, point_open_days included) took
-- 0.1-0.3 s per 10,000 points: keeping point_open_days out of it would gain at most ~1-2 % of the insert; left as is.
-- Test: supabase/tests/auditRowsCatalog.test.ts (entries equal to the generic build: points, deletions, profiles'
-- named columns, a key-named table, a 60-column table).

create or replace function private.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  cols text[] := case when tg_nargs > 0 then tg_argv end;
  side text := case when tg_op = 'INSERT' then 'new' else 'old' end;
  changes text;
  row_id text;
begin
  -- jsonb_build_object takes at most 100 arguments: 40 columns per call, joined with ||.
  select pg_catalog.string_agg(c.obj, ' || ' order by c.chunk) into changes
    from (select a.chunk, 'pg_catalog.jsonb_build_object(' || pg_catalog.string_agg(
                   pg_catalog.format('%L, pg_catalog.jsonb_build_object(%L, pg_catalog.to_jsonb(t.%I))', a.attname, side, a.attname),
                   ', ' order by a.attnum) || ')' as obj
            from (select at.attname, at.attnum, (pg_catalog.row_number() over (order by at.attnum) - 1) / 40 as chunk
                    from pg_catalog.pg_attribute at
                   where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname <> 'updated_at'
                     and (cols is null or at.attname = any (cols))) a
           group by a.chunk) c;
  select pg_catalog.format('coalesce(%s)', pg_catalog.string_agg(pg_catalog.format('pg_catalog.to_jsonb(t.%I) #>> ''{}''', at.attname), ', ' order by at.attname = 'key'))
    into row_id
    from pg_catalog.pg_attribute at
   where at.attrelid = tg_relid and at.attnum > 0 and not at.attisdropped and at.attname in ('id', 'key');
  execute pg_catalog.format(
    'insert into public.audit_log (actor, table_name, row_id, action, changes) select $1, $2, %s, %L, %s from %I t',
    coalesce(row_id, 'null::text'), lower(tg_op), coalesce(changes, '''{}''::jsonb'),
    case when tg_op = 'INSERT' then 'new_rows' else 'old_rows' end)
  using auth.uid(), tg_table_name;
  return null;
end $$;
comment on function private.audit_rows() is
  'Statement trigger after insert or delete: one audit entry per row (all followed columns), built from the catalog''s column list.';
revoke all on function private.audit_rows() from public;
