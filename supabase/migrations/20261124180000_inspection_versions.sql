-- Inspection records follow the one versioning rule of the other editable tables (20261124110000_trusted_capture.sql):
-- a member's update states the version it is based on (updated_at as read; stale → PT409, none → PT428), and a
-- member's insert gets updated_at = now(). Both migrations were written side by side: inspections (20261124131000)
-- got private.touch_updated_at, which since the trusted-capture migration expects check_base_version beside it.
create trigger check_base_version before update of updated_at on public.inspections
  for each row execute function private.check_base_version();
create trigger stamp_updated_at before insert on public.inspections
  for each row execute function private.stamp_updated_at('id');
