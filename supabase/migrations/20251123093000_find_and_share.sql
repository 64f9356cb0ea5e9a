-- Find and share (issue 13): point search in the database (accent- and case-insensitive, trigram index) and the
-- unresolved points reported near a PK on the same track (duplicate hint while reporting).
-- Both functions are security invoker: the caller's RLS decides which rows exist; anon may not call them.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- unaccent() is only stable (its dictionary could change); this wrapper names the dictionary explicitly and is
-- declared immutable so that an index may use it. Lower case after folding: 'É' -> 'e', 'œ' -> 'oe'.
create or replace function private.search_fold(t text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select pg_catalog.lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(t, '')))
$$;
comment on function private.search_fold(text) is 'Lower case without accents (the search normal form); immutable wrapper of unaccent.';

-- The searched text of a point: label, description and ticket number, folded.
create or replace function private.points_search_text(name text, description text, ticket_number text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select private.search_fold(coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(ticket_number, ''))
$$;

-- The folded text lives in a narrow side table (not in public.points, so every `select *` of the app stays as it
-- was): matching it costs a plain LIKE per row instead of an unaccent() call, and its own (created_at, id) order
-- lets a search read the newest rows first. Kept in step by a trigger that fires also during bulk loads
-- (session_replication_role = replica); rows go with their point (on delete cascade). Not exposed by the API.
create table private.point_search (
  id uuid primary key references public.points (id) on delete cascade,
  created_at timestamptz not null,
  search_text text not null
);
comment on table private.point_search is 'Folded label + description + ticket number of each point (search_points); maintained by trigger.';
create index point_search_trgm_idx on private.point_search using gin (search_text extensions.gin_trgm_ops);
create index point_search_created_idx on private.point_search (created_at desc, id desc);

insert into private.point_search (id, created_at, search_text)
  select p.id, p.created_at, private.points_search_text(p.name, p.description, p.ticket_number) from public.points p;

create or replace function private.points_search_sync() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.point_search (id, created_at, search_text)
  values (new.id, new.created_at, private.points_search_text(new.name, new.description, new.ticket_number))
  on conflict (id) do update set created_at = excluded.created_at, search_text = excluded.search_text;
  return null;
end $$;
revoke all on function private.points_search_sync() from public;
create trigger points_search_sync after insert or update of name, description, ticket_number, created_at on public.points
  for each row execute function private.points_search_sync();
alter table public.points enable always trigger points_search_sync;

-- The LIKE pattern for a query: folded, LIKE wildcards escaped, words in order separated by anything. Null when
-- the query has fewer than 3 characters (a trigram index cannot narrow shorter ones).
create or replace function private.search_pattern(query text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select case when pg_catalog.length(f) < 3 then null
    else '%' || pg_catalog.regexp_replace(
      pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(f, '\', '\\'), '%', '\%'), '_', '\_'),
      '\s+', '%', 'g') || '%' end
  from (select pg_catalog.btrim(pg_catalog.regexp_replace(private.search_fold(query), '\s+', ' ', 'g')) as f) s
$$;

-- Newest first in two steps, each bounded: (1) the newest SEARCH_WINDOW rows in date order — a frequent word fills
-- the page there; (2) otherwise the word is rare (fewer than max_results per SEARCH_WINDOW rows), so the trigram
-- index finds its few rows. Rows come through public.points, so the caller's RLS decides (security invoker).
create or replace function public.search_points(query text, max_results integer default 20)
returns table (
  id uuid, name text, description text, kilometer text, km_value numeric, "position" jsonb, status text,
  criticality text, ticket_number text, team_id uuid, created_at timestamptz
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  pat text := private.search_pattern(query);
  lim integer := least(greatest(coalesce(max_results, 20), 1), 100);
  ids uuid[];
begin
  if pat is null then return; end if;
  ids := array(
    select w.id
      from (select s.id, s.created_at, s.search_text from private.point_search s
             order by s.created_at desc, s.id desc limit 5000) w
      join public.points p on p.id = w.id
     where w.search_text like pat
     order by w.created_at desc, w.id desc
     limit lim);
  if pg_catalog.cardinality(ids) >= lim then
    return query
      select p.id, p.name, p.description, p.kilometer, p.km_value, p."position", p.status, p.criticality,
             p.ticket_number, p.team_id, p.created_at
        from pg_catalog.unnest(ids) with ordinality u(id, ord) join public.points p on p.id = u.id
       order by u.ord;
    return;
  end if;
  -- Rare in the newest rows: all matches through the trigram index (a materialized step forces that plan).
  return query
    with m as materialized (
      select s.id, s.created_at from private.point_search s where s.search_text like pat
    )
    select p.id, p.name, p.description, p.kilometer, p.km_value, p."position", p.status, p.criticality,
           p.ticket_number, p.team_id, p.created_at
      from m join public.points p on p.id = m.id
     order by m.created_at desc, m.id desc
     limit lim;
end $$;
comment on function public.search_points(text, integer) is
  'Points whose label, description or ticket number contain the query (accents and case ignored; words in order), newest first; at most 100.';

-- ---------------------------------------------------------------- nearby reports
-- Even-odd ray casting over a zone's jsonb vertices [{x, y}, ...], the same rule as src/core/geometry.ts.
create or replace function private.polygon_contains(poly jsonb, px double precision, py double precision) returns boolean
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  n integer := pg_catalog.jsonb_array_length(poly);
  inside boolean := false;
  i integer; j integer;
  xi double precision; yi double precision; xj double precision; yj double precision;
begin
  if n < 3 or px is null or py is null then return false; end if;
  j := n - 1;
  for i in 0 .. n - 1 loop
    xi := (poly -> i ->> 'x')::double precision; yi := (poly -> i ->> 'y')::double precision;
    xj := (poly -> j ->> 'x')::double precision; yj := (poly -> j ->> 'y')::double precision;
    if (yi > py) <> (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi then
      inside := not inside;
    end if;
    j := i;
  end loop;
  return inside;
end $$;

-- The track the zones give a position: the one track of every tracked zone containing it, else null (no tracked
-- zone, or zones of both tracks). Read under the caller's RLS.
create or replace function private.track_at(px double precision, py double precision) returns text
language sql stable security invoker set search_path = '' as $$
  select case when pg_catalog.count(distinct z.track) = 1 then pg_catalog.min(z.track) end
    from public.zones z
   where z.track is not null and private.polygon_contains(z.points, px, py)
$$;

create index points_km_value_idx on public.points (km_value);

create or replace function public.nearby_points(
  km numeric, x double precision, y double precision,
  exclude_id uuid default null, radius_km numeric default 0.05, max_results integer default 10
)
returns table (
  id uuid, name text, kilometer text, km_value numeric, "position" jsonb, status text, criticality text,
  ticket_number text, team_id uuid, created_at timestamptz
)
language sql stable security invoker set search_path = '' as $$
  with here as (select private.track_at(x, y) as track),
  near as (
    select p.* from public.points p
     where km is not null
       and p.km_value between km - least(greatest(coalesce(radius_km, 0.05), 0), 1)
                          and km + least(greatest(coalesce(radius_km, 0.05), 0), 1)
       and p.status <> 'resolu'
       and (exclude_id is null or p.id <> exclude_id)
  )
  select n.id, n.name, n.kilometer, n.km_value, n."position", n.status, n.criticality, n.ticket_number, n.team_id, n.created_at
    from near n, here h
   where h.track is null
      or private.track_at((n."position" ->> 'x')::double precision, (n."position" ->> 'y')::double precision) is distinct from
         (case h.track when 'voie_1' then 'voie_2' else 'voie_1' end)
   order by n.created_at desc, n.id desc
   limit least(greatest(coalesce(max_results, 10), 1), 50)
$$;
comment on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer) is
  'Unresolved points within radius_km (default 0,05 km) of km, not on the other track when the zones tell both tracks, newest first.';

revoke all on function public.search_points(text, integer) from public, anon;
revoke all on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer) from public, anon;
grant execute on function public.search_points(text, integer) to authenticated, service_role;
grant execute on function public.nearby_points(numeric, double precision, double precision, uuid, numeric, integer) to authenticated, service_role;
grant select on private.point_search to authenticated, service_role;
grant execute on function private.search_fold(text), private.points_search_text(text, text, text), private.search_pattern(text),
  private.polygon_contains(jsonb, double precision, double precision), private.track_at(double precision, double precision)
  to authenticated, service_role;
