-- One encoder for the compact point index (issue 19 part 3): public.point_index() (20261124090000_lines.sql) and
-- the precomputed pages (private.rebuild_point_index_page, 20261124100000_point_index_pages.sql) encoded the same
-- columns with two copies of the same SQL. private.point_index_columns() is now the only place that selects and
-- encodes them; both callers keep their answers byte for byte (supabase/tests/pointIndexEncoder.test.ts compares
-- them with the previous definitions on the same rows).
--
--   private.point_index_columns(p_line_id, p_page_no, p_block_from, p_block_to, p_since, p_limit)
--     page mode (p_page_no not null): the points of line p_line_id whose id starts with byte p_page_no (found
--       through points_line_index_page_idx), every one of them;
--     range mode (p_page_no null): the points in table blocks [p_block_from, p_block_to) updated after p_since,
--       of line p_line_id (null: every line), at most p_limit + 1 of them (the caller answers {split} past p_limit).
--     Returns one row: n and the encoded columns (base64 of big-endian float4/float8/uuid bytes, one-character
--     codes), the criticality and team keys, max(updated_at) and the table's size in blocks.
--   SECURITY INVOKER: called by point_index() (invoker) it reads points under the caller's row-level security; called
--   by the rebuild (definer) it reads as the owner. PL/pgSQL EXECUTE plans each call with its values, as before.
create type private.point_index_encoded as (
  n bigint, blocks integer, max_updated timestamptz, crit_keys text[], team_keys uuid[],
  ids text, x text, y text, km text, created text, updated text, status text, crit text, team text
);

create or replace function private.point_index_columns(
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
    select p.id, p.criticality, p.status, p.team_id, p.updated_at,
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
      pg_catalog.string_agg(pg_catalog.chr(48 + coalesce(pg_catalog.array_position(team.k, page.team_id), 0)), '') as team,
      max(page.updated_at) as max_updated
    from page cross join crit cross join team
  )
  select agg.n, params.blocks, agg.max_updated, (select k from crit), (select k from team),
    coalesce(pg_catalog.encode(agg.ids, 'base64'), ''),
    coalesce(pg_catalog.encode(agg.x, 'base64'), ''),
    coalesce(pg_catalog.encode(agg.y, 'base64'), ''),
    coalesce(pg_catalog.encode(agg.km, 'base64'), ''),
    coalesce(pg_catalog.encode(agg.created, 'base64'), ''),
    coalesce(pg_catalog.encode(agg.updated, 'base64'), ''),
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
  'The one encoder of the compact point index: a page of a line (p_page_no) or a block range (point_index); security invoker.';
revoke all on function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer) from public, anon;
grant execute on function private.point_index_columns(uuid, integer, integer, integer, timestamptz, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- public.point_index through the encoder
create or replace function public.point_index(
  p_block_from integer default null,
  p_block_to integer default null,
  p_since timestamptz default null,
  p_limit integer default 50000,
  p_line_id uuid default null
) returns jsonb
language plpgsql stable security invoker set search_path = '' as $fn$
declare
  c private.point_index_encoded;
begin
  c := private.point_index_columns(p_line_id, null, p_block_from, p_block_to, p_since, p_limit);
  if c.n > least(greatest(coalesce(p_limit, 50000), 1), 100000) then
    return pg_catalog.jsonb_build_object('n', c.n, 'split', true, 'blocks', c.blocks);
  end if;
  return pg_catalog.jsonb_build_object(
    'n', c.n,
    'blocks', c.blocks,
    'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'max_updated', pg_catalog.to_char(c.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'crit_keys', pg_catalog.to_jsonb(c.crit_keys),
    'team_keys', pg_catalog.to_jsonb(c.team_keys),
    'ids', c.ids, 'x', c.x, 'y', c.y, 'km', c.km, 'created', c.created, 'updated', c.updated,
    'status', c.status, 'crit', c.crit, 'team', c.team);
end $fn$;
comment on function public.point_index(integer, integer, timestamptz, integer, uuid) is
  'Compact columnar page of the point index (ids, x, y, km, times, status, criticality, team) for table blocks [p_block_from, p_block_to), '
  'updated after p_since, on line p_line_id (null: every line); {split: true} when more than p_limit; security invoker '
  '(encoded by private.point_index_columns).';

-- ---------------------------------------------------------------- the pages through the encoder
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
    payload = pg_catalog.json_build_object(
      'n', c.n::integer,
      'blocks', 0,
      'max_updated', pg_catalog.to_char(c.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'crit_keys', pg_catalog.to_json(c.crit_keys),
      'team_keys', pg_catalog.to_json(c.team_keys),
      'ids', c.ids, 'x', c.x, 'y', c.y, 'km', c.km, 'created', c.created, 'updated', c.updated,
      'status', c.status, 'crit', c.crit, 'team', c.team)
  where g.line_id = p_line_id and g.page_no = p_page_no;
end $$;
comment on function private.rebuild_point_index_page(uuid, integer) is
  'Re-encodes one point_index page of a line (private.point_index_columns) and marks it clean (the caller holds the page row lock).';
revoke all on function private.rebuild_point_index_page(uuid, integer) from public, anon, authenticated;
