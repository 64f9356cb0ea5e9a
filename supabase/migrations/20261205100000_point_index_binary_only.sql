-- One wire format for a line's precomputed point-index pages: the bytes of public.point_index_pages_bin (read by the
-- app's point-index API, workers/pointIndexApi.ts, in its worker or on the main thread). The JSON form of the same
-- pages goes: public.point_index_pages and its security-definer body private.point_index_pages, and the stored
-- payload column that only they read. A page row keeps n, max_updated, dirty, bin and meta, which the rebuild below
-- writes; the statement triggers that mark pages dirty, private.refresh_point_index_pages (the server's warm-up) and
-- private.invalidate_point_index_pages (the seed) stay as they are.

drop function public.point_index_pages(uuid, integer, integer);
drop function private.point_index_pages(uuid, integer, integer);

create or replace function private.rebuild_point_index_page(p_line_id uuid, p_page_no integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  c private.point_index_encoded;
begin
  c := private.point_index_columns(p_line_id, p_page_no, null, null, null, null);
  update private.point_index_pages g set
    n = c.n,
    max_updated = c.max_updated,
    dirty = false,
    bin = pg_catalog.decode(c.ids, 'base64') || pg_catalog.decode(c.x, 'base64') || pg_catalog.decode(c.y, 'base64')
       || pg_catalog.decode(c.km, 'base64') || pg_catalog.decode(c.created, 'base64') || pg_catalog.decode(c.updated, 'base64'),
    meta = pg_catalog.json_build_object(
      'n', c.n::integer,
      'max_updated', pg_catalog.to_char(c.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'status', c.status, 'crit', c.crit, 'team', c.team)
  where g.line_id = p_line_id and g.page_no = p_page_no;
end $$;
comment on function private.rebuild_point_index_page(uuid, integer) is
  'Re-encodes one point_index page of a line (private.point_index_columns) as bytes and its header entry, and marks it clean (the caller holds the page row lock).';
revoke all on function private.rebuild_point_index_page(uuid, integer) from public, anon, authenticated;

alter table private.point_index_pages drop column payload;

comment on table private.point_index_pages is
  'Precomputed point_index pages per line (page = first byte of the point id) as bytes (bin) and header entry (meta); dirty pages are rebuilt by the next reader of public.point_index_pages_bin or the warm-up.';
