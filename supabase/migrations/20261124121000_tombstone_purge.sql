-- Tombstones are kept 30 days (issue 22 item 6): each statement that deletes points also drops the tombstones older
-- than that (an index range scan on deleted_at, usually empty). A local replica whose sync cursor is older than
-- that no longer trusts its catch-up and reloads every point (src/core/replicaAge.ts, REPLICA_MAX_AGE_DAYS).
create or replace function private.purge_old_point_tombstones() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.point_tombstones where deleted_at < now() - interval '30 days';
  return null;
end $$;
comment on function private.purge_old_point_tombstones() is
  'Statement trigger after deleting points: removes tombstones older than 30 days (replicas older than that reload).';
revoke all on function private.purge_old_point_tombstones() from public, anon, authenticated;
create trigger purge_old_point_tombstones after delete on public.points
  for each statement execute function private.purge_old_point_tombstones();
