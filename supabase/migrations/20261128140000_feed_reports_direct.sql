-- Issue 22 item 6: a bulk insert of points (the seed, an import) with the audit log costs at most 1.3× the same
-- insert without it. Measured (bench/auditInsert.bench.ts, PostgreSQL backend CPU time, AUDIT_BENCH_BREAKDOWN=1):
-- with everything 1.86×, without the dashboard's feed trigger on audit_log 1.21×. Most of the feed's share on an
-- insert was not the new states themselves but the way there: every new entry of points was rebuilt as jsonb
-- (six lookups and concatenations), aggregated into one array, then private.apply_point_entries unpacked that array
-- four times (reports, then the update, slow-path and deletion filters) and cast every field back.
--
-- Now the feed adds the reported points' states straight from the transition table (typed columns, one pass), in
-- the same statement shape as private.apply_point_entries' report step (20261126130100_dashboard_reported_from_created.sql:
-- the same values, the first entry of a point logged twice keeps its state, the same day counts), and passes only
-- the other entries (updates, deletions) on to private.apply_point_entries as before. Reports came first there too,
-- so the order in which a batch is applied does not change. `not exists (a current state)` was a second probe of
-- point_states_current_idx for what `on conflict do nothing` (that unique index is an arbiter) already skips.
-- Same states and day counts as before and as private.rebuild_point_states() (supabase/tests/dashboardFeed.test.ts,
-- supabase/tests/auditInsertCost.test.ts).
create or replace function private.audit_log_feed_point_states() returns trigger
language plpgsql security definer set search_path = '' set jit = off as $$
declare
  entries jsonb;
begin
  -- Reports: one state each, in the order of the log.
  with added as (
    insert into private.point_states (point_id, line_id, status, criticality, team_id, km_value, reported_at, prev_status, valid_from)
    select n.row_id::uuid,
           coalesce((n.changes -> 'line_id' ->> 'new')::uuid, (select pt.line_id from public.points pt where pt.id = n.row_id::uuid)),
           coalesce(n.changes -> 'status' ->> 'new', 'signale'), coalesce(n.changes -> 'criticality' ->> 'new', 'attention'),
           (n.changes -> 'team_id' ->> 'new')::uuid, (n.changes -> 'km_value' ->> 'new')::numeric,
           coalesce((n.changes -> 'created_at' ->> 'new')::timestamptz, n.at), null,
           least(coalesce((n.changes -> 'created_at' ->> 'new')::timestamptz, n.at), n.at)
      from new_entries n
     where n.table_name = 'points' and n.action = 'insert'
     order by n.id
    on conflict do nothing
    returning *
  )
  insert into private.point_day_counts as d (day, line_id, team_id, status, criticality, open_delta, reported, resolved)
  select private.paris_day(a.valid_from), a.line_id, a.team_id, a.status, a.criticality,
         count(*) filter (where private.is_open_status(a.status)), count(*), count(*) filter (where a.status = 'resolu')
    from added a group by 1, 2, 3, 4, 5
  on conflict (day, line_id, team_id, status, criticality) do update
    set open_delta = d.open_delta + excluded.open_delta, reported = d.reported + excluded.reported,
        resolved = d.resolved + excluded.resolved;

  -- The rest as before.
  select jsonb_agg(jsonb_build_object('row_id', n.row_id, 'at', n.at, 'action', n.action, 'changes',
           case when n.changes ? 'status' then jsonb_build_object('status', n.changes -> 'status') else '{}'::jsonb end
           || case when n.changes ? 'criticality' then jsonb_build_object('criticality', n.changes -> 'criticality') else '{}'::jsonb end
           || case when n.changes ? 'team_id' then jsonb_build_object('team_id', n.changes -> 'team_id') else '{}'::jsonb end
           || case when n.changes ? 'line_id' then jsonb_build_object('line_id', n.changes -> 'line_id') else '{}'::jsonb end
           || case when n.changes ? 'km_value' then jsonb_build_object('km_value', n.changes -> 'km_value') else '{}'::jsonb end
           || case when n.changes ? 'created_at' then jsonb_build_object('created_at', n.changes -> 'created_at') else '{}'::jsonb end)
         order by n.id)
    into entries from new_entries n where n.table_name = 'points' and n.action <> 'insert';
  if entries is not null then perform private.apply_point_entries(entries); end if;
  return null;
end $$;
comment on function private.audit_log_feed_point_states() is
  'After insert on audit_log (statement): feeds private.point_states and private.point_day_counts from the entries of points '
  '(reports directly, the other entries through private.apply_point_entries; only the followed columns are read).';
revoke all on function private.audit_log_feed_point_states() from public;
