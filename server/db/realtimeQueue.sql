-- Local-only realtime change queue, loaded by server/db/migrate.ts right after bootstrap.sql (it needs
-- realtime.messages) and before the migrations. The embedded realtime server (server/realtime/) reads it; Supabase
-- has its own Realtime service, so this file is NEVER run on real Supabase, and the migrations never refer to it.
-- Idempotent.

-- ---------------------------------------------------------------- local realtime change queue
-- Triggers installed by realtime.install_capture() (server/db/realtime.ts) append one row per changed row of every
-- table in supabase_realtime and notify 'realtime_changes'; the realtime server reads new rows by id (it ignores
-- the payload). Table changes are captured per statement (transition tables): one insert ... select and one notify
-- per statement, so a 10,000-row change is one trigger call, not 10,000. Broadcast rows (realtime.messages) keep a
-- row trigger (capture_change) because only some of them are queued (its WHEN clause).
create table if not exists realtime.changes (
  id bigserial primary key,
  schema text not null,
  "table" text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  record jsonb,
  old_record jsonb,
  commit_timestamp timestamptz not null default now()
);
revoke all on realtime.changes from public;

create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  pk text[];
  old_pk jsonb;
  new_id bigint;
begin
  if coalesce(current_setting('realtime.capture_disabled', true), '') = 'on' then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select array_agg(a.attname::text) into pk
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = tg_relid and i.indisprimary;
    select coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) into old_pk
      from jsonb_each(to_jsonb(old)) e where e.key = any (pk);
  end if;
  insert into realtime.changes (schema, "table", type, record, old_record)
  values (tg_table_schema, tg_table_name, tg_op,
          case when tg_op = 'DELETE' then null else to_jsonb(new) end,
          old_pk)
  returning id into new_id;
  perform pg_notify('realtime_changes', new_id::text);
  return null;
end $$;
revoke all on function realtime.capture_change() from public;

-- One statement's rows (transition tables realtime_new_rows / realtime_old_rows), in the order the statement changed
-- them. old_record holds the old primary key only (as Supabase sends with the default replica identity); an UPDATE
-- pairs its n-th old row with its n-th new row (both transition tables are filled row by row together).
create or replace function realtime.capture_statement() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_pk text;
  n bigint;
begin
  if coalesce(current_setting('realtime.capture_disabled', true), '') = 'on' then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into realtime.changes (schema, "table", type, record, old_record)
    select tg_table_schema, tg_table_name, 'INSERT', to_jsonb(r), null from realtime_new_rows r;
  else
    select coalesce('jsonb_build_object(' || string_agg(format('%L, o.%I', a.attname, a.attname), ', ' order by a.attnum) || ')',
                    '''{}''::jsonb')
      into old_pk
      from pg_catalog.pg_index i
      join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
     where i.indrelid = tg_relid and i.indisprimary;
    if tg_op = 'DELETE' then
      execute format('insert into realtime.changes (schema, "table", type, record, old_record)
                      select $1, $2, ''DELETE'', null, %s from realtime_old_rows o', old_pk)
        using tg_table_schema, tg_table_name;
    else
      execute format('insert into realtime.changes (schema, "table", type, record, old_record)
                      select $1, $2, ''UPDATE'', to_jsonb(n.r), %s
                        from (select o.*, row_number() over () as realtime_k from realtime_old_rows o) o
                        join (select r, row_number() over () as realtime_k from realtime_new_rows r) n using (realtime_k)
                       order by realtime_k', old_pk)
        using tg_table_schema, tg_table_name;
    end if;
  end if;
  get diagnostics n = row_count;
  if n > 0 then
    perform pg_notify('realtime_changes', pg_catalog.currval('realtime.changes_id_seq')::text);
  end if;
  return null;
end $$;
revoke all on function realtime.capture_statement() from public;

-- Gives every published table its three statement triggers (and drops the row trigger 'realtime_capture' earlier
-- versions installed there); returns how many tables got new triggers.
create or replace function realtime.install_capture() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  t record;
  rel regclass;
  op text;
  n integer := 0;
  added boolean;
begin
  for t in select schemaname, tablename from pg_catalog.pg_publication_tables where pubname = 'supabase_realtime' loop
    rel := format('%I.%I', t.schemaname, t.tablename)::regclass;
    added := false;
    if exists (select 1 from pg_catalog.pg_trigger g where g.tgrelid = rel and g.tgname = 'realtime_capture') then
      execute format('drop trigger realtime_capture on %s', rel);
    end if;
    foreach op in array array['insert', 'update', 'delete'] loop
      if not exists (select 1 from pg_catalog.pg_trigger g where g.tgrelid = rel and g.tgname = 'realtime_capture_' || op) then
        execute format('create trigger %I after %s on %s referencing %s for each statement execute function realtime.capture_statement()',
          'realtime_capture_' || op, op, rel,
          case op when 'insert' then 'new table as realtime_new_rows'
                  when 'delete' then 'old table as realtime_old_rows'
                  else 'old table as realtime_old_rows new table as realtime_new_rows' end);
        added := true;
      end if;
    end loop;
    if added then n := n + 1; end if;
  end loop;
  return n;
end $$;
revoke all on function realtime.install_capture() from public;

-- Deletes queue rows older than the given age; returns how many went.
create or replace function realtime.prune_changes(older_than interval default interval '10 minutes') returns bigint
language sql security definer set search_path = '' as $$
  with d as (delete from realtime.changes where commit_timestamp < now() - older_than returning 1)
  select count(*) from d
$$;
revoke all on function realtime.prune_changes(interval) from public;

-- Local only: a broadcast row joins the change queue (its transaction's commit publishes it, a rollback drops it).
do $$
begin
  if not exists (select 1 from pg_catalog.pg_trigger where tgrelid = 'realtime.messages'::regclass and tgname = 'realtime_capture') then
    create trigger realtime_capture after insert on realtime.messages
      for each row when (new.extension = 'broadcast' and new.event is not null) execute function realtime.capture_change();
  end if;
end $$;
