-- The bell is live (docs/product.md#realtime): each statement that writes notifications sends one Broadcast
-- 'notifications' ({"count": new rows}) per recipient on their private topic 'user:<id>' (already authorised for
-- the member alone), as 'access_revoked' is. public.notifications also stays in the supabase_realtime publication
-- (postgres_changes, filtered by its row-level security: own rows only).
create or replace function private.broadcast_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(jsonb_build_object('count', n.c), 'notifications', 'user:' || n.user_id::text, true)
     from (select r.user_id, count(*) as c from new_rows r group by r.user_id) n;
  return null;
end $$;
comment on function private.broadcast_notifications() is
  'After insert of notifications (statement): one Broadcast ''notifications'' per recipient on topic user:<id>.';
revoke all on function private.broadcast_notifications() from public;
create trigger broadcast_notifications after insert on public.notifications referencing new table as new_rows
  for each statement execute function private.broadcast_notifications();
