-- One wire format for the point index: bytes. public.point_index (the same rows as JSON with base64 columns) goes;
-- the app reads a line's precomputed pages (public.point_index_pages_bin) and rows from the table (changes since a
-- time, or every line: public.point_index_bin). With no JSON answer left, the one encoder,
-- private.point_index_columns, returns the columns as bytes directly (ids ‖ x ‖ y ‖ km ‖ created ‖ updated, big-endian,
-- as both functions send them) instead of base64 text decoded by each caller. Each page's newest change (max_updated)
-- goes too, from the encoder, the header entries and the page rows: the client's sync cursor is the reading time
-- (as_of). Rules unchanged: point_index_columns and point_index_bin are security invoker (the caller's row-level
-- security decides what is read), the page rebuild is security definer, every search_path pinned, no anon grant.

drop function public.point_index(integer, integer, timestamptz, integer, uuid);
drop function public.point_index_bin(integer, integer, timestamptz, integer, uuid);
drop function private.rebuild_point_index_page(uuid, integer);
drop function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer);
drop type private.point_index_encoded;

alter table private.point_index_pages drop column max_updated;
update private.point_index_pages set meta = (meta::jsonb - 'max_updated')::json where meta is not null;

create type private.point_index_encoded as (
  n bigint,
  blocks integer,
  crit_keys text[],
  team_keys uuid[],
  body bytea,
  status text,
  crit text,
  team text
);

create function private.point_index_columns(
  p_line_id uuid, p_page_no integer, p_block_from integer, p_block_to integer, p_since timestamptz, p_limit integer
) returns private.point_index_encoded
language plpgsql stable security invoker set search_path = '' as $fn$
declare
  result private.point_index_encoded;
begin
  execute pg_catalog.format($q$
  with params as (
    select least(greatest(coalesce($6, 50000), 1), 100000) as lim,
           (pg_catalog.pg_relation_size('public.points'::regclass) / pg_catalog.current_setting('block_size')::bigint)::integer as blocks
  ),
  page as materialized (
    select p.id, p.criticality, p.status, p.team_id,
           pg_catalog.float4send((p."position" ->> 'x')::float4) as x,
           pg_catalog.float4send((p."position" ->> 'y')::float4) as y,
           pg_catalog.float8send(coalesce(p.km_value::float8, 'NaN'::float8)) as km,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.created_at) * 1000)::float8) as created,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.updated_at) * 1000)::float8) as updated
    from public.points p
    where %s
  ),
  crit as (select coalesce(array_agg(distinct criticality), '{}'::text[]) as k from page),
  team as (select coalesce(array_agg(distinct team_id), '{}'::uuid[]) as k from page where team_id is not null),
  agg as (
    select count(*) as n,
      pg_catalog.string_agg(pg_catalog.uuid_send(page.id), ''::bytea) as ids,
      pg_catalog.string_agg(page.x, ''::bytea) as x,
      pg_catalog.string_agg(page.y, ''::bytea) as y,
      pg_catalog.string_agg(page.km, ''::bytea) as km,
      pg_catalog.string_agg(page.created, ''::bytea) as created,
      pg_catalog.string_agg(page.updated, ''::bytea) as updated,
      pg_catalog.string_agg(case page.status when 'signale' then '0' when 'pris_en_charge' then '1' else '2' end, '') as status,
      pg_catalog.string_agg(pg_catalog.chr(47 + pg_catalog.array_position(crit.k, page.criticality)), '') as crit,
      pg_catalog.string_agg(pg_catalog.chr(48 + coalesce(pg_catalog.array_position(team.k, page.team_id), 0)), '') as team
    from page cross join crit cross join team
  )
  select agg.n, params.blocks, (select k from crit), (select k from team),
    coalesce(agg.ids || agg.x || agg.y || agg.km || agg.created || agg.updated, ''::bytea),
    coalesce(agg.status, ''), coalesce(agg.crit, ''), coalesce(agg.team, '')
  from agg cross join params
  $q$,
  case when p_page_no is not null then
    'p.line_id = $1 and pg_catalog.get_byte(pg_catalog.uuid_send(p.id), 0) = $2'
  else
    'p.ctid >= pg_catalog.format(''(%s,0)'', coalesce($3, 0))::tid
      and p.ctid < pg_catalog.format(''(%s,0)'', coalesce($4, 2147483647))::tid
      and p.updated_at > coalesce($5, ''-infinity''::timestamptz)
      ' || case when p_line_id is null then '' else 'and p.line_id = $1' end
      || ' limit (select lim + 1 from params)'
  end)
  into result
  using p_line_id, p_page_no, p_block_from, p_block_to, p_since, p_limit;
  return result;
end $fn$;
comment on function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer) is
  'The one encoder of the compact point index: a page of a line (p_page_no) or a block range (point_index_bin), its columns as bytes and its code columns as text; security invoker.';
revoke all on function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer) from public, anon;
grant execute on function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer) to authenticated, service_role;

create function private.rebuild_point_index_page(p_line_id uuid, p_page_no integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  c private.point_index_encoded;
begin
  c := private.point_index_columns(p_line_id, p_page_no, null, null, null, null);
  update private.point_index_pages g set
    n = c.n,
    dirty = false,
    bin = c.body,
    meta = pg_catalog.json_build_object(
      'n', c.n::integer,
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'status', c.status, 'crit', c.crit, 'team', c.team)
  where g.line_id = p_line_id and g.page_no = p_page_no;
end $$;
comment on function private.rebuild_point_index_page(uuid, integer) is
  'Re-encodes one point_index page of a line (private.point_index_columns) as bytes and its header entry, and marks it clean (the caller holds the page row lock).';
revoke all on function private.rebuild_point_index_page(uuid, integer) from public, anon, authenticated;

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
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'status', c.status, 'crit', c.crit, 'team', c.team)))::text, 'UTF8');
  return (pg_catalog.int4send(pg_catalog.length(header)) || header || c.body)::public."application/octet-stream";
end $$;
comment on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) is
  'The compact point index of table blocks [p_block_from, p_block_to), updated after p_since, on line p_line_id (null: every line), as bytes in the layout of point_index_pages_bin (Accept: application/octet-stream); {split: true} header alone past p_limit; security invoker (encoded by private.point_index_columns).';
revoke all on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) from public, anon;
grant execute on function public.point_index_bin(integer, integer, timestamptz, integer, uuid) to authenticated, service_role;
