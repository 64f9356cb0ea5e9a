-- Live updates through Broadcast from the database (issue 22 item 5) and access that ends at once (issue 21 item 3).
--
-- postgres_changes with row-level security authorises every change once per subscriber (Supabase measures about
-- 30 changes/s for 500 subscribers); Broadcast authorises each subscriber once, when its channel joins. So each
-- statement that changes an app table sends ONE small invalidation per table on the private topic
-- 'changes:<table>' (table, operation, how many rows, and up to 100 of them as {id, updated_at}); the client then
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
  n bigint;
  sample jsonb;
begin
  if tg_op = 'DELETE' then
    select count(*) into n from old_rows;
    select coalesce(jsonb_agg(jsonb_build_object('id', coalesce(r.j -> 'id', r.j -> 'key'), 'updated_at', null)), '[]'::jsonb)
      into sample from (select to_jsonb(o) as j from old_rows o limit 100) r;
  else
    select count(*) into n from new_rows;
    select coalesce(jsonb_agg(jsonb_build_object('id', coalesce(r.j -> 'id', r.j -> 'key'), 'updated_at', r.j -> 'updated_at')), '[]'::jsonb)
      into sample from (select to_jsonb(x) as j from new_rows x limit 100) r;
  end if;
  if n > 0 then
    perform realtime.send(
      jsonb_build_object('table', tg_table_name, 'operation', tg_op, 'count', n, 'rows', sample, 'truncated', n > 100),
      'invalidate', 'changes:' || tg_table_name, true);
  end if;
  return null;
end $$;
revoke all on function private.broadcast_invalidation() from public;
comment on function private.broadcast_invalidation() is
  'Statement trigger: one invalidation (table, operation, count, up to 100 {id, updated_at}) on the private topic changes:<table>.';

do $$
declare
  t text;
begin
  foreach t in array array['points', 'zones', 'teams', 'criticality_levels', 'kilometer_markers', 'app_settings'] loop
    execute format('create trigger broadcast_insert after insert on public.%I referencing new table as new_rows
                      for each statement execute function private.broadcast_invalidation()', t);
    execute format('create trigger broadcast_update after update on public.%I referencing new table as new_rows
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
    and (select realtime.topic()) in ('changes:points', 'changes:zones', 'changes:teams', 'changes:criticality_levels',
                                      'changes:kilometer_markers', 'changes:app_settings')
    and (select private.is_active_member())
  );

-- Not tied to being active: the very message that says the access ended must reach the member.
create policy "each user receives their own access notices" on realtime.messages
  for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'user:' || (select auth.uid())::text
  );
