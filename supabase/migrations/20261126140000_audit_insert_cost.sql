-- Issue 22 item 6: a bulk insert of points (the seed, an import) with the audit log costs at most 1.3× the same
-- insert without it. Measured (bench/auditInsert.bench.ts, PostgreSQL backend CPU time): the audit rows themselves
-- cost little; the cost was the index maintenance of public.audit_log and the dashboard's statement trigger on it.
--
--   * audit_log_actor_idx serves the Journal's filter by person (`actor = $1`), which never matches a null actor;
--     writes by the service role, the seed or SQL (bulk imports) have a null actor: the index leaves them out
--     (a partial index; `actor = $1` implies `actor is not null`, so the planner still uses it).
--   * private.audit_log_feed_point_states (issue 23's dashboard feed) built one jsonb array of every new entry
--     with all its columns (names, descriptions, positions…) and read it three times; it now passes only the
--     columns the dashboard follows (status, criticality, team_id, line_id, km_value, created_at) with their values
--     exactly as logged. private.apply_point_entries reads nothing else, so the dashboard's tables are fed exactly
--     as before (supabase/tests/dashboard.test.ts).

drop index public.audit_log_actor_idx;
create index audit_log_actor_idx on public.audit_log (actor, at desc) where actor is not null;

create or replace function private.audit_log_feed_point_states() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  entries jsonb;
begin
  select jsonb_agg(jsonb_build_object('row_id', n.row_id, 'at', n.at, 'action', n.action, 'changes',
           case when n.changes ? 'status' then jsonb_build_object('status', n.changes -> 'status') else '{}'::jsonb end
           || case when n.changes ? 'criticality' then jsonb_build_object('criticality', n.changes -> 'criticality') else '{}'::jsonb end
           || case when n.changes ? 'team_id' then jsonb_build_object('team_id', n.changes -> 'team_id') else '{}'::jsonb end
           || case when n.changes ? 'line_id' then jsonb_build_object('line_id', n.changes -> 'line_id') else '{}'::jsonb end
           || case when n.changes ? 'km_value' then jsonb_build_object('km_value', n.changes -> 'km_value') else '{}'::jsonb end
           || case when n.changes ? 'created_at' then jsonb_build_object('created_at', n.changes -> 'created_at') else '{}'::jsonb end)
         order by n.id)
    into entries from new_entries n where n.table_name = 'points';
  if entries is not null then perform private.apply_point_entries(entries); end if;
  return null;
end $$;
comment on function private.audit_log_feed_point_states() is
  'After insert on audit_log (statement): feeds private.point_states and private.point_day_counts from the entries of points '
  '(only the followed columns are passed on).';
