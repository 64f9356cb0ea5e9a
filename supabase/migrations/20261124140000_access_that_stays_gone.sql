-- Issue 27 items 5–7 (database rules an attacker tried):
--   * points.image_url constrained to the specification's rule (docs/product.md#photos, src/core/validation.ts
--     isValidImageUrl): empty, a poi_images/points/ storage path or URL, or an http(s) URL ending in an image
--     extension. NOT VALID: enforced on every new or updated row, existing rows are left as they are.
--   * Access that does not come back: a deactivated member is banned in auth.users (Supabase Auth, and the
--     embedded server, refuse a banned user's sign-in and refresh with `user_banned`; the app shows 'Votre accès a
--     été désactivé. Contactez un administrateur.'); reactivation lifts the ban. A deleted profile's user is
--     banned for good and no profile insert (create_profile or direct) is accepted for them again.
--   * point_tombstones readable only by active members (as the points themselves).

-- ---------------------------------------------------------------- image_url
create or replace function private.is_valid_image_url(u text) returns boolean
language sql immutable set search_path = '' as $$
  select u is null
      or btrim(u) = ''
      or (btrim(u) ~* '^(/storage/v1/object/public/poi_images/)?points/.*\.(jpg|jpeg|png|gif|webp)$' and strpos(u, '..') = 0)
      or btrim(u) ~* '^https?://[^/?#[:space:]]+/([^?#[:space:]]*/)?storage/v1/object/public/poi_images/points/[^[:space:]]*$'
      or btrim(u) ~* '^https?://[^/?#[:space:]]+(/[^?#[:space:]]*)?\.(jpg|jpeg|png|gif|webp)([?#][^[:space:]]*)?$'
$$;
comment on function private.is_valid_image_url(text) is
  'The photo URL rule of docs/product.md#photos (the same as the client''s isValidImageUrl).';
revoke all on function private.is_valid_image_url(text) from public;
grant execute on function private.is_valid_image_url(text) to anon, authenticated, service_role;

alter table public.points add constraint points_image_url_check check (private.is_valid_image_url(image_url)) not valid;

-- ---------------------------------------------------------------- bans follow deactivation and deletion
create or replace function private.profiles_sync_ban() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    -- A profile deleted by the cascade of its auth user's deletion: that user is going away anyway.
    if pg_trigger_depth() > 1 then return old; end if;
    update auth.users u set banned_until = 'infinity' where u.id = old.id;
    update auth.refresh_tokens t set revoked = true where t.user_id::text = old.id::text and not t.revoked;
    delete from auth.sessions s where s.user_id = old.id;
    return old;
  end if;
  if new.active is distinct from old.active then
    update auth.users u set banned_until = case when new.active then null else 'infinity'::timestamptz end where u.id = new.id;
  end if;
  return new;
end $$;
revoke all on function private.profiles_sync_ban() from public, anon, authenticated;
create trigger profiles_sync_ban_update after update of active on public.profiles
  for each row execute function private.profiles_sync_ban();
create trigger profiles_sync_ban_delete after delete on public.profiles
  for each row execute function private.profiles_sync_ban();

update auth.users u set banned_until = 'infinity'
 where exists (select 1 from public.profiles p where p.id = u.id and not p.active)
   and (u.banned_until is null or u.banned_until < 'infinity');

create or replace function private.is_banned(user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u where u.id = is_banned.user_id and u.banned_until > now())
$$;
revoke all on function private.is_banned(uuid) from public, anon;
grant execute on function private.is_banned(uuid) to authenticated, service_role;

-- A banned user gets no profile: create_profile (security invoker since 20251123091000) and the direct insert
-- (the app's fallback, "own insert" policy) both insert under the caller's role, so this trigger refuses both.
create or replace function private.profiles_refuse_banned() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('anon', 'authenticated') and private.is_banned(new.id) then
    raise exception 'Votre accès a été désactivé. Contactez un administrateur.'
      using errcode = '42501', hint = 'account_disabled';
  end if;
  return new;
end $$;
revoke all on function private.profiles_refuse_banned() from public, anon, authenticated;
create trigger profiles_refuse_banned before insert on public.profiles
  for each row execute function private.profiles_refuse_banned();

-- ---------------------------------------------------------------- tombstones: active members only
alter policy "authenticated read" on public.point_tombstones using ((select private.is_active_member()));
