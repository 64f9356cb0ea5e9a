-- The assignees' names of the route report and its Word file (docs/product.md#report-view): the e-mail of each
-- given member who is the assignee of at least one point the caller reads.
--
--   * public.assignee_names(p_ids): security invoker, so the points are read under the caller's row-level security;
--     the e-mail comes from private.auth_email (security definer). A member learns no more than the supervisor
--     view already shows (the e-mail of the assignees of the points they read); an id that assigns none of the
--     caller's readable points, or a caller who is not an active member, gets no row. At most 1,000 ids per call.

create or replace function public.assignee_names(p_ids uuid[])
returns table (id uuid, email text)
language sql stable security invoker set search_path = '' as $$
  select a.id, private.auth_email(a.id)
    from (select distinct u.id from unnest(p_ids[1:1000]) u(id) where u.id is not null) a
   where (select private.is_active_member())
     and exists (select 1 from public.points p where p.assignee_id = a.id)
$$;
comment on function public.assignee_names(uuid[]) is
  'The e-mail of each given member who is the assignee of a point the caller reads (at most 1,000 ids); active members only.';
revoke all on function public.assignee_names(uuid[]) from public, anon;
grant execute on function public.assignee_names(uuid[]) to authenticated, service_role;
