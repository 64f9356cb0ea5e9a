-- Who deletes reports (docs/product.md#point-delete-setting): app_settings 'point_delete' holds 'membres' (every
-- active member, also when the row is absent) or 'admins' (administrators only). A restrictive row-level-security
-- policy on the deletion of points lets a non-administrator delete nothing while it is 'admins', whatever the path
-- (the REST API, the offline outbox's replay, a security-invoker function called by that member); the check is one
-- init plan per statement. The bulk deletion stays for administrators only.

alter table public.app_settings add constraint app_settings_point_delete check (
  key <> 'point_delete' or value in ('membres', 'admins')
);
comment on constraint app_settings_point_delete on public.app_settings is
  'point_delete holds membres (every member deletes reports) or admins (administrators only).';

create function private.may_delete_points() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select private.is_admin()), false)
      or not exists (select 1 from public.app_settings s where s.key = 'point_delete' and s.value = 'admins')
$$;
comment on function private.may_delete_points() is
  'True when the caller may delete reports: an administrator, or anyone while point_delete is not admins.';
revoke all on function private.may_delete_points() from public, anon;
grant execute on function private.may_delete_points() to authenticated, service_role;

create policy "point delete setting" on public.points as restrictive for delete to authenticated
  using ((select private.may_delete_points()));
