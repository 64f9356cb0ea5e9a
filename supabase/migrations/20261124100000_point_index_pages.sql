-- Precomputed point-index pages per line (issue 19 part 3): a cold open reads stored pages instead of encoding
-- every point again, so at 1M points it costs the server little CPU and is bounded by the wire.
--
--   private.point_index_pages(line_id, page_no, payload, n, max_updated, dirty)
--     page_no: the first byte of the point's uuid (0-255), so a page is a fixed bucket of about 1/256 of a line
--     (ids are random: ~3,900 points a page at 1M). payload: the same compact columns as public.point_index()
--     (ids, x, y, km, created, updated, status, crit, team, crit_keys, team_keys, max_updated, n) as json text,
--     stored as is and sent as is (json, not jsonb: no re-serialisation on the way out).
--   Statement-level triggers on points mark the pages a statement touched dirty (old and new line and page of
--   every inserted, updated or deleted row: one small upsert per statement, not a rebuild); a dirty page is
--   rebuilt by the next reader (lazily) or by private.refresh_point_index_pages() (the server warms them).
--   public.point_index_pages(p_line_id, p_page_from, p_page_to): the line's pages [from, to) as
--     {as_of, total, pages: [payload...]}; rebuilds the dirty ones of the range first.
--
-- Exactness under concurrency: the reader locks a dirty page row (FOR UPDATE) before rebuilding it, and a
-- writer's trigger upserts the same row (which locks it) inside the writer's transaction, so either the reader
-- waits for the writer's commit and its rebuild (a later statement, READ COMMITTED) sees the writer's rows, or
-- the writer waits for the reader's commit and marks the page dirty again. as_of is the reading transaction's
-- start, with the meaning it has for point_index(): every change committed before it is in the answer; the
-- client's later p_since catch-up (from as_of minus a margin) brings what committed during the read.
--
-- Row-level security: the pages hold every point of a line, so they may only go to a caller who may read every
-- point of it. Today points are readable by every active member (policy "authenticated read":
-- private.is_active_member(), 20251123091000_accountability.sql) and by nobody else; the function is SECURITY
-- DEFINER (it writes the private table while rebuilding) and answers only an active member (42501 otherwise);
-- anon has no execute grant; the table is in schema private, never exposed. supabase/tests/pointIndexPages.test.ts
-- fails if the read policy of points changes, so whoever narrows it must narrow this function too.

create table private.point_index_pages (
  line_id uuid not null references public.lines (id) on delete cascade,
  page_no smallint not null check (page_no between 0 and 255),
  payload json,
  n integer not null default 0,
  max_updated timestamptz,
  dirty boolean not null default true,
  primary key (line_id, page_no)
);
comment on table private.point_index_pages is
  'Precomputed point_index pages per line (page = first byte of the point id); dirty pages are rebuilt by the next reader.';
revoke all on private.point_index_pages from public, anon, authenticated;
grant all on private.point_index_pages to service_role;

-- Finds a page's points by index (a single dirty page is rebuilt without scanning the table).
create index points_line_index_page_idx on public.points (line_id, (pg_catalog.get_byte(pg_catalog.uuid_send(id), 0)));

-- ---------------------------------------------------------------- rebuilding one page
create or replace function private.rebuild_point_index_page(p_line_id uuid, p_page_no integer) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  with page as materialized (
    select p.id, p.criticality, p.status, p.team_id, p.updated_at,
           pg_catalog.float4send((p."position" ->> 'x')::float4) as x,
           pg_catalog.float4send((p."position" ->> 'y')::float4) as y,
           pg_catalog.float8send(coalesce(p.km_value::float8, 'NaN'::float8)) as km,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.created_at) * 1000)::float8) as created,
           pg_catalog.float8send(pg_catalog.floor(extract(epoch from p.updated_at) * 1000)::float8) as updated
    from public.points p
    where p.line_id = p_line_id and pg_catalog.get_byte(pg_catalog.uuid_send(p.id), 0) = p_page_no
  ),
  crit as (select coalesce(array_agg(distinct criticality), '{}'::text[]) as k from page),
  team as (select coalesce(array_agg(distinct team_id), '{}'::uuid[]) as k from page where team_id is not null),
  agg as (
    select count(*)::integer as n,
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
  update private.point_index_pages g set
    n = agg.n,
    max_updated = agg.max_updated,
    dirty = false,
    payload = pg_catalog.json_build_object(
      'n', agg.n,
      'blocks', 0,
      'max_updated', pg_catalog.to_char(agg.max_updated at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'crit_keys', (select pg_catalog.to_json(k) from crit),
      'team_keys', (select pg_catalog.to_json(k) from team),
      'ids', coalesce(pg_catalog.encode(agg.ids, 'base64'), ''),
      'x', coalesce(pg_catalog.encode(agg.x, 'base64'), ''),
      'y', coalesce(pg_catalog.encode(agg.y, 'base64'), ''),
      'km', coalesce(pg_catalog.encode(agg.km, 'base64'), ''),
      'created', coalesce(pg_catalog.encode(agg.created, 'base64'), ''),
      'updated', coalesce(pg_catalog.encode(agg.updated, 'base64'), ''),
      'status', coalesce(agg.status, ''),
      'crit', coalesce(agg.crit, ''),
      'team', coalesce(agg.team, ''))
  from agg
  where g.line_id = p_line_id and g.page_no = p_page_no;
end $$;
comment on function private.rebuild_point_index_page(uuid, integer) is
  'Re-encodes one point_index page of a line from public.points and marks it clean (the caller holds the page row lock).';
revoke all on function private.rebuild_point_index_page(uuid, integer) from public, anon, authenticated;

-- ---------------------------------------------------------------- marking pages dirty
-- One upsert per statement of the distinct (line, page) pairs, in one order for every writer (no deadlock
-- between two writers); a page already dirty is not written again.
create or replace function private.point_index_pages_touched() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.point_index_pages as g (line_id, page_no)
    select distinct o.line_id, pg_catalog.get_byte(pg_catalog.uuid_send(o.id), 0)::smallint from old_rows o order by 1, 2
    on conflict (line_id, page_no) do update set dirty = true where not g.dirty;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.point_index_pages as g (line_id, page_no)
    select distinct n.line_id, pg_catalog.get_byte(pg_catalog.uuid_send(n.id), 0)::smallint from new_rows n order by 1, 2
    on conflict (line_id, page_no) do update set dirty = true where not g.dirty;
  end if;
  return null;
end $$;
comment on function private.point_index_pages_touched() is
  'After a statement on points: marks the point_index pages (line, first id byte) of its old and new rows dirty.';
revoke all on function private.point_index_pages_touched() from public, anon, authenticated;

create trigger point_index_pages_insert after insert on public.points referencing new table as new_rows
  for each statement execute function private.point_index_pages_touched();
create trigger point_index_pages_update after update on public.points referencing old table as old_rows new table as new_rows
  for each statement execute function private.point_index_pages_touched();
create trigger point_index_pages_delete after delete on public.points referencing old table as old_rows
  for each statement execute function private.point_index_pages_touched();

-- ---------------------------------------------------------------- reading
create or replace function public.point_index_pages(p_line_id uuid, p_page_from integer default 0, p_page_to integer default 256)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  pg record;
  result json;
begin
  if not private.is_active_member() then
    raise exception 'Accès refusé : réservé aux membres actifs.' using errcode = '42501';
  end if;
  if p_line_id is null then
    raise exception 'p_line_id est obligatoire.' using errcode = '22004';
  end if;
  -- A page with no row has never held a point (the migration made every page of every line with points, the
  -- triggers make the row of any page a write touches): it is empty.
  for pg in select g.page_no from private.point_index_pages g
            where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to and g.dirty
            order by g.page_no for update loop
    perform private.rebuild_point_index_page(p_line_id, pg.page_no);
  end loop;
  select pg_catalog.json_build_object(
    'as_of', pg_catalog.to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'total', (select coalesce(sum(t.n), 0) from private.point_index_pages t where t.line_id = p_line_id),
    'pages', coalesce(pg_catalog.json_agg(g.payload order by g.page_no) filter (where g.n > 0), '[]'::json))
  into result
  from private.point_index_pages g
  where g.line_id = p_line_id and g.page_no >= p_page_from and g.page_no < p_page_to;
  return result;
end $$;
comment on function public.point_index_pages(uuid, integer, integer) is
  'The precomputed point_index pages [p_page_from, p_page_to) of a line (dirty ones rebuilt first) as {as_of, total, pages}; active members only.';
revoke all on function public.point_index_pages(uuid, integer, integer) from public, anon;
grant execute on function public.point_index_pages(uuid, integer, integer) to authenticated, service_role;

-- ---------------------------------------------------------------- warming
-- Rebuilds at most p_max dirty pages (any line) and returns how many it rebuilt: the server calls it in small
-- steps after start and after bulk writes so that a cold open finds the pages ready. Skips pages a reader holds.
create or replace function private.refresh_point_index_pages(p_max integer default 8) returns integer
language plpgsql volatile security definer set search_path = '' as $$
declare
  pg record;
  done integer := 0;
begin
  for pg in select g.line_id, g.page_no from private.point_index_pages g where g.dirty
            order by g.line_id, g.page_no limit greatest(p_max, 1) for update skip locked loop
    perform private.rebuild_point_index_page(pg.line_id, pg.page_no);
    done := done + 1;
  end loop;
  return done;
end $$;
revoke all on function private.refresh_point_index_pages(integer) from public, anon, authenticated;
grant execute on function private.refresh_point_index_pages(integer) to service_role;

-- Every line that has points starts with all its pages dirty (built by the warm-up or the first reader).
insert into private.point_index_pages (line_id, page_no, dirty)
select l.line_id, s::smallint, true
from (select distinct p.line_id from public.points p) l cross join pg_catalog.generate_series(0, 255) s
on conflict do nothing;
