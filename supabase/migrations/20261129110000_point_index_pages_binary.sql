-- The precomputed point-index pages as bytes (issue 19): a cold open read ~7 MB of base64 text in JSON at 100k
-- points (made by the database, parsed and decoded in the browser's worker). public.point_index_pages_bin() answers
-- the same pages as one binary body: through PostgREST (12+) with `Accept: application/octet-stream`, a function
-- returning the domain "application/octet-stream" is that media type's handler and its bytes are sent as they are
-- (docs: references/api/media_type_handlers); the embedded server does the same (server/rest/index.ts).
--
--   Each page row keeps, beside its JSON payload (public.point_index_pages, unchanged), the same page as
--     bin:  ids (16 bytes a point) ‖ x (float4) ‖ y (float4) ‖ km (float8) ‖ created (float8) ‖ updated (float8),
--           big-endian, exactly the bytes whose base64 the JSON payload holds;
--     meta: {n, max_updated, crit_keys, team_keys, status, crit, team} (the JSON payload without the binary columns).
--   The answer: int4 (big-endian) length L of a UTF-8 JSON header {as_of, total, pages: [meta...]}, the header, then
--   the pages' bin one after the other in the header's order (src/core/pointIndex/decodeBinary.ts reads it).
--   Rebuilt with the JSON payload by private.rebuild_point_index_page (one encoder: private.point_index_columns);
--   rows already built are converted here from their payload, byte for byte.
-- Same rules as the JSON pages (20261124100000): active members only (42501 otherwise), dirty pages of the range
-- rebuilt first under the page row lock, the definer function in schema private, a security-invoker wrapper exposed.

create domain public."application/octet-stream" as bytea;
comment on domain public."application/octet-stream" is
  'PostgREST media type handler: a function returning it answers raw bytes to Accept: application/octet-stream.';

alter table private.point_index_pages add column bin bytea, add column meta json;

update private.point_index_pages g set
  bin = pg_catalog.decode(g.payload ->> 'ids', 'base64') || pg_catalog.decode(g.payload ->> 'x', 'base64')
     || pg_catalog.decode(g.payload ->> 'y', 'base64') || pg_catalog.decode(g.payload ->> 'km', 'base64')
     || pg_catalog.decode(g.payload ->> 'created', 'base64') || pg_catalog.decode(g.payload ->> 'updated', 'base64'),
  meta = pg_catalog.json_build_object('n', g.payload -> 'n', 'max_updated', g.payload -> 'max_updated',
    'crit_keys', g.payload -> 'crit_keys', 'team_keys', g.payload -> 'team_keys',
    'status', g.payload -> 'status', 'crit', g.payload -> 'crit', 'team', g.payload -> 'team')
where g.payload is not null;

-- ---------------------------------------------------------------- rebuilding one page (JSON and bytes)
create or replace function private.rebuild_point_index_page(p_line_id uuid, p_page_no integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  c private.point_index_encoded;
  max_updated_text text;
begin
  c := private.point_index_columns(p_line_id, p_page_no, null, null, null, null);
  max_updated_text := pg_catalog.to_char(c.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"');
  update private.point_index_pages g set
    n = c.n,
    max_updated = c.max_updated,
    dirty = false,
    payload = pg_catalog.json_build_object(
      'n', c.n::integer,
      'blocks', 0,
      'max_updated', max_updated_text,
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'ids', c.ids, 'x', c.x, 'y', c.y, 'km', c.km, 'created', c.created, 'updated', c.updated,
      'status', c.status, 'crit', c.crit, 'team', c.team),
    bin = pg_catalog.decode(c.ids, 'base64') || pg_catalog.decode(c.x, 'base64') || pg_catalog.decode(c.y, 'base64')
       || pg_catalog.decode(c.km, 'base64') || pg_catalog.decode(c.created, 'base64') || pg_catalog.decode(c.updated, 'base64'),
    meta = pg_catalog.json_build_object(
      'n', c.n::integer,
      'max_updated', max_updated_text,
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'status', c.status, 'crit', c.crit, 'team', c.team)
  where g.line_id = p_line_id and g.page_no = p_page_no;
end $$;
comment on function private.rebuild_point_index_page(uuid, integer) is
  'Re-encodes one point_index page of a line (private.point_index_columns) as JSON and as bytes, and marks it clean (the caller holds the page row lock).';
revoke all on function private.rebuild_point_index_page(uuid, integer) from public, anon, authenticated;

-- ---------------------------------------------------------------- reading the bytes
create function private.point_index_pages_bin(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns bytea
language plpgsql volatile security definer set search_path = '' as $$
declare
  pg record;
  header bytea;
  body bytea;
begin
  if not private.is_active_member() then
    raise exception 'Accès refusé : réservé aux membres actifs.' using errcode = '42501';
  end if;
  if p_line_id is null then
    raise exception 'p_line_id est obligatoire.' using errcode = '22004';
  end if;
  for pg in select g.page_no from private.point_index_pages g
            where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to and g.dirty
            order by g.page_no for update loop
    perform private.rebuild_point_index_page(p_line_id, pg.page_no);
  end loop;
  select pg_catalog.convert_to(pg_catalog.json_build_object(
           'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
           'total', (select coalesce(sum(t.n), 0) from private.point_index_pages t where t.line_id = p_line_id),
           'pages', coalesce(pg_catalog.json_agg(g.meta order by g.page_no) filter (where g.n > 0), '[]'::json))::text, 'UTF8'),
         coalesce(pg_catalog.string_agg(g.bin, ''::bytea order by g.page_no) filter (where g.n > 0), ''::bytea)
  into header, body
  from private.point_index_pages g
  where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to;
  return pg_catalog.int4send(pg_catalog.length(header)) || header || body;
end $$;
comment on function private.point_index_pages_bin(uuid, integer, integer) is
  'The precomputed point_index pages [p_page_from, p_page_to) of a line as bytes (header length, JSON header, columns); active members only.';
revoke all on function private.point_index_pages_bin(uuid, integer, integer) from public, anon;
grant execute on function private.point_index_pages_bin(uuid, integer, integer) to authenticated, service_role;

create function public.point_index_pages_bin(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns public."application/octet-stream"
language sql volatile security invoker set search_path = '' as $$
  select private.point_index_pages_bin(p_line_id, p_page_from, p_page_to)::public."application/octet-stream"
$$;
comment on function public.point_index_pages_bin(uuid, integer, integer) is
  'The precomputed point_index pages [p_page_from, p_page_to) of a line as bytes (Accept: application/octet-stream); active members only (private.point_index_pages_bin decides).';
revoke all on function public.point_index_pages_bin(uuid, integer, integer) from public, anon;
grant execute on function public.point_index_pages_bin(uuid, integer, integer) to authenticated, service_role;
