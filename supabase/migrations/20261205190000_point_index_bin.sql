-- public.point_index_bin(): the rows of public.point_index() (table blocks [p_block_from, p_block_to), updated after
-- p_since, on line p_line_id, null: every line) in the bytes layout of public.point_index_pages_bin, so the app reads
-- one wire format (src/core/pointIndex/decodeBinary.ts): int4 (big-endian) length L of a UTF-8 JSON header, the
-- header, then the columns. The header is {as_of, total, blocks, pages: [meta]} with one page entry
-- {n, max_updated, crit_keys, team_keys, status, crit, team} (also when n = 0: it carries the reading time), followed
-- by its columns ids (16 bytes a point) ‖ x (float4) ‖ y (float4) ‖ km (float8) ‖ created (float8) ‖ updated (float8),
-- big-endian. Past p_limit rows it answers the header {split: true, total (p_limit + 1), blocks, pages: []} alone
-- (the caller halves its block range). Served through PostgREST as bytes to `Accept: application/octet-stream` (the function
-- returns the domain of that name).
--
-- Same rules as public.point_index(): security invoker with a pinned search_path, reading public.points under the
-- caller's row-level security (members read every point of the lines they see, archived lines hidden from
-- non-admins by the restrictive policy), through the same encoder (private.point_index_columns); no anon grant.

create function public.point_index_bin(
  p_block_from integer default null,
  p_block_to integer default null,
  p_since timestamptz default null,
  p_limit integer default 50000,
  p_line_id uuid default null
) returns public."application/octet-stream"
language plpgsql stable security invoker set search_path = '' as $$
declare
  c private.point_index_encoded;
  header bytea;
begin
  c := private.point_index_columns(p_line_id, null, p_block_from, p_block_to, p_since, p_limit);
  if c.n > least(greatest(coalesce(p_limit, 50000), 1), 100000) then
    header := pg_catalog.convert_to(pg_catalog.json_build_object(
      'split', true, 'total', c.n, 'blocks', c.blocks, 'pages', '[]'::json)::text, 'UTF8');
    return (pg_catalog.int4send(pg_catalog.length(header)) || header)::public."application/octet-stream";
  end if;
  header := pg_catalog.convert_to(pg_catalog.json_build_object(
    'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'total', c.n,
    'blocks', c.blocks,
    'pages', pg_catalog.json_build_array(pg_catalog.json_build_object(
      'n', c.n,
      'max_updated', pg_catalog.to_char(c.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'status', c.status, 'crit', c.crit, 'team', c.team)))::text, 'UTF8');
  return (pg_catalog.int4send(pg_catalog.length(header)) || header
    || pg_catalog.decode(c.ids, 'base64') || pg_catalog.decode(c.x, 'base64') || pg_catalog.decode(c.y, 'base64')
    || pg_catalog.decode(c.km, 'base64') || pg_catalog.decode(c.created, 'base64') || pg_catalog.decode(c.updated, 'base64')
  )::public."application/octet-stream";
end $$;
comment on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) is
  'The rows of point_index() (table blocks [p_block_from, p_block_to), updated after p_since, on line p_line_id) as bytes in the layout of point_index_pages_bin (Accept: application/octet-stream); {split: true} header alone past p_limit; security invoker (encoded by private.point_index_columns).';
revoke all on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) from public, anon;
grant execute on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) to authenticated, service_role;
