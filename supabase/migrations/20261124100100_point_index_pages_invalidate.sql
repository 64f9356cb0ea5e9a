-- Writes that bypass the triggers (a bulk load under session_replication_role = replica, as the demo seed does for
-- large counts; a restore) must say so: private.invalidate_point_index_pages() marks every page of every line
-- that has points dirty (the rows of pages never seen are created), so the next readers rebuild them from the
-- table. Without it a page whose row was never made would read as empty.
create or replace function private.invalidate_point_index_pages() returns void
language sql volatile security definer set search_path = '' as $$
  insert into private.point_index_pages as g (line_id, page_no, dirty)
  select l.line_id, s::smallint, true
  from (select distinct p.line_id from public.points p) l cross join pg_catalog.generate_series(0, 255) s
  order by 1, 2
  on conflict (line_id, page_no) do update set dirty = true where not g.dirty;
$$;
comment on function private.invalidate_point_index_pages() is
  'Marks every point_index page of every line with points dirty: call after writing points with triggers off.';
revoke all on function private.invalidate_point_index_pages() from public, anon, authenticated;
grant execute on function private.invalidate_point_index_pages() to service_role;

-- Databases seeded in bulk before this migration (triggers off) lack page rows.
select private.invalidate_point_index_pages();
