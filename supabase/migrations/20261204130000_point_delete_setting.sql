-- Who deletes reports (docs/product.md#point-delete-setting): app_settings 'point_delete' holds 'membres' (every
-- active member, also when the row is absent) or 'admins' (administrators only). A statement trigger before each
-- delete on points refuses a signed-in non-administrator while it is 'admins', whatever the path (the REST API, the
-- offline outbox's replay, a function called by that member). The bulk deletion stays for administrators only.
-- Deletes without a user (the server's seed, import, restore, service role) are not concerned.

alter table public.app_settings add constraint app_settings_point_delete check (
  key <> 'point_delete' or value in ('membres', 'admins')
);
comment on constraint app_settings_point_delete on public.app_settings is
  'point_delete holds membres (every member deletes reports) or admins (administrators only).';

create function private.point_delete_admins_only() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.app_settings s where s.key = 'point_delete' and s.value = 'admins')
$$;
comment on function private.point_delete_admins_only() is
  'True when the setting point_delete reserves the deletion of reports to administrators.';
revoke all on function private.point_delete_admins_only() from public, anon;
grant execute on function private.point_delete_admins_only() to authenticated, service_role;

create function private.check_point_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if (select auth.uid()) is not null
     and not coalesce((select private.is_admin()), false)
     and (select private.point_delete_admins_only()) then
    raise exception 'Seuls les administrateurs peuvent supprimer des signalements.'
      using errcode = '42501', hint = 'Paramètre « Suppression des signalements » : administrateurs seulement.';
  end if;
  return null;
end $$;
comment on function private.check_point_delete() is
  'Before a delete on points: refuses a signed-in non-administrator while point_delete is admins.';
revoke all on function private.check_point_delete() from public, anon, authenticated;

create trigger check_point_delete before delete on public.points
  for each statement execute function private.check_point_delete();
