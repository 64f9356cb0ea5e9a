-- The exposed schema holds no security-definer function beyond the documented exceptions (supabase/README.md,
-- supabase/tests/rls.test.ts): public.point_index_pages (20261124100000) moves to the non-exposed schema unchanged
-- (security definer, active members only, its grants kept), and public.point_index_pages becomes a
-- security-invoker wrapper with the same signature, so PostgREST's /rpc/point_index_pages answers as before.
alter function public.point_index_pages(uuid, integer, integer) set schema private;

create function public.point_index_pages(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns json
language sql volatile security invoker set search_path = '' as $$
  select private.point_index_pages(p_line_id, p_page_from, p_page_to)
$$;
comment on function public.point_index_pages(uuid, integer, integer) is
  'The precomputed point_index pages [p_page_from, p_page_to) of a line (dirty ones rebuilt first) as {as_of, total, pages}; active members only (private.point_index_pages decides).';
revoke all on function public.point_index_pages(uuid, integer, integer) from public, anon;
grant execute on function public.point_index_pages(uuid, integer, integer) to authenticated, service_role;
