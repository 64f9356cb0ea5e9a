-- Live updates through Broadcast from the database (issue 22 item 5) and access that ends at once (issue 21 item 3).
--
-- postgres_changes with row-level security authorises every change once per subscriber (Supabase measures about
-- 30 changes/s for 500 subscribers); Broadcast authorises each subscriber once, when its channel joins. So each
-- statement that changes an app table sends ONE small invalidation per topic: 'line:<line_id>' for points, zones
-- and kilometer markers, 'changes:<table>' for teams, levels, settings and lines (table, operation, how many rows,
-- and up to 100 of them as {id, updated_at, line_id}); the client then
-- pulls the changed rows through its sync cursor (one request per burst). Rows never travel in the message, so RLS
-- on the tables keeps deciding what a member reads.
--
-- A member is notified on the private topic 'user:<id>' when an admin deactivates or deletes their profile, so every
-- open page signs out at once, idle or not.
--
-- realtime.send, realtime.topic() and realtime.messages are Supabase's; server/db/bootstrap.sql creates
-- compatible ones for the embedded server. Statement-level triggers over transition tables: a bulk insert costs
-- one message, not one per row.

create or replace function private.broadcast_invalidation() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  per_line boolean := tg_table_name in ('points', 'zones', 'kilometer_markers');
  topic_of text := case when per_line then $t$'line:' || (j ->> 'line_id')$t$ else format('%L', 'changes:' || tg_table_name) end;
  src text;
  m record;
begin
  -- The changed rows as (topic, j): per line for the per-line tables, else one topic for the table. An update
  -- that moves rows to another line also tells the line they left (each row says its line now, so that line's
  -- pages drop it). Only the transition tables this trigger has are named (EXECUTE sees them).
  src := case tg_op
    when 'INSERT' then format('select %s as topic, j from (select to_jsonb(x) as j from new_rows x) r', topic_of)
    when 'DELETE' then format('select %s as topic, j from (select to_jsonb(x) as j from old_rows x) r', topic_of)
    else format('select %s as topic, j from (select to_jsonb(x) as j from new_rows x) r', topic_of)
      || case when per_line then
           $q$ union all select 'line:' || (o.j ->> 'line_id'), n.j
                 from (select to_jsonb(x) as j from old_rows x) o join (select to_jsonb(x) as j from new_rows x) n
                   on n.j -> 'id' = o.j -> 'id' and (n.j ->> 'line_id') is distinct from (o.j ->> 'line_id')$q$
         else '' end
  end;
  for m in execute format($q$
    select topic, count(*) as n,
           coalesce(jsonb_agg(jsonb_build_object('id', coalesce(j -> 'id', j -> 'key'),
                                                 'updated_at', case when %L = 'DELETE' then null else j -> 'updated_at' end,
                                                 'line_id', j -> 'line_id')) filter (where rn <= 100), '[]'::jsonb) as sample
      from (select topic, j, row_number() over (partition by topic) as rn from (%s) c) numbered
     group by topic$q$, tg_op, src)
  loop
    perform realtime.send(
      jsonb_build_object('table', tg_table_name, 'operation', tg_op, 'count', m.n, 'rows', m.sample, 'truncated', m.n > 100),
      'invalidate', m.topic, true);
  end loop;
  return null;
end $$;
revoke all on function private.broadcast_invalidation() from public;
comment on function private.broadcast_invalidation() is
  'Statement trigger: one invalidation per topic (line:<line_id> for points, zones and markers; changes:<table> else) '
  'with table, operation, count and up to 100 {id, updated_at, line_id}.';

do $$
declare
  t text;
begin
  foreach t in array array['points', 'zones', 'kilometer_markers', 'teams', 'criticality_levels', 'app_settings', 'lines'] loop
    execute format('create trigger broadcast_insert after insert on public.%I referencing new table as new_rows
                      for each statement execute function private.broadcast_invalidation()', t);
    execute format('create trigger broadcast_update after update on public.%I referencing old table as old_rows new table as new_rows
                      for each statement execute function private.broadcast_invalidation()', t);
    execute format('create trigger broadcast_delete after delete on public.%I referencing old table as old_rows
                      for each statement execute function private.broadcast_invalidation()', t);
  end loop;
end $$;

-- ---------------------------------------------------------------- access revoked
create or replace function private.broadcast_access_revoked() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(jsonb_build_object('reason', case when tg_op = 'DELETE' then 'deleted' else 'deactivated' end),
                        'access_revoked', 'user:' || old.id::text, true);
  return null;
end $$;
revoke all on function private.broadcast_access_revoked() from public;

create trigger profiles_broadcast_deactivated after update of active on public.profiles
  for each row when (old.active and not new.active) execute function private.broadcast_access_revoked();
create trigger profiles_broadcast_deleted after delete on public.profiles
  for each row execute function private.broadcast_access_revoked();

-- ---------------------------------------------------------------- who may join which private topic
-- Checked by Realtime once per join (and token refresh) with realtime.topic() set to the channel's topic.
create policy "active members receive the app's invalidations" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select private.is_active_member())
    and (
      (select realtime.topic()) in ('changes:teams', 'changes:criticality_levels', 'changes:app_settings', 'changes:lines')
      -- a line's topic: only a line the member can read (the lines' own policies decide, under the member's claims)
      or exists (select 1 from public.lines l where 'line:' || l.id::text = (select realtime.topic()))
    )
  );

-- Not tied to being active: the very message that says the access ended must reach the member.
create policy "each user receives their own access notices" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'user:' || (select auth.uid())::text
  );
