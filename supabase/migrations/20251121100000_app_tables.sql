-- App tables of SPEC §3 with their constraints (columns in snake_case, the public API of issue 2 §4).
-- Security (RLS, triggers, grants) lives in the next migrations.

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  description text,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.teams is 'Maintenance teams to which points (anomalies) and users can be assigned.';

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  role text not null default 'user' check (role in ('admin', 'user')),
  team_id uuid references public.teams (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per user: email, role (admin or user) and team. Role changes only through change_user_role().';
create index profiles_role_idx on public.profiles (role);

create table public.invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email = lower(btrim(email)) and email like '_%@_%'),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  expires_at timestamptz not null default (now() + interval '7 days'),
  redeemed_at timestamptz,
  redeemed_by uuid references auth.users (id) on delete set null deferrable initially deferred,
  created_at timestamptz not null default now()
);
comment on table public.invitations is 'Sign-up invitations (admin only). Only the SHA-256 of the token is stored; valid 7 days, single use.';
create index invitations_email_idx on public.invitations (email);

create table public.criticality_levels (
  id text primary key default gen_random_uuid()::text check (btrim(id) <> ''),
  name text not null check (btrim(name) <> ''),
  color text not null default '#ef4444' check (color ~ '^#[0-9a-fA-F]{6}$'),
  icon text not null default 'AlertTriangle' check (icon in (
    'AlertTriangle', 'ShieldAlert', 'AlertCircle', 'Zap', 'Flame', 'Skull',
    'Info', 'Warning', 'Ban', 'XCircle', 'AlertOctagon', 'Eye')),
  "order" integer not null default 0,
  is_default boolean not null default false,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.criticality_levels is 'Criticality levels of points; the defaults attention and danger cannot be deleted.';

insert into public.criticality_levels (id, name, color, icon, "order", is_default, created_by) values
  ('attention', 'Attention sur ce risque', '#f59e0b', 'AlertTriangle', 0, true, null),
  ('danger', 'Danger sécurité', '#ef4444', 'ShieldAlert', 1, true, null);

create table public.zones (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  color text not null default '#3B82F6' check (color ~ '^#[0-9a-fA-F]{6}$'),
  track text check (track in ('voie_1', 'voie_2')),
  points jsonb not null check (
    jsonb_typeof(points) = 'array' and jsonb_array_length(points) >= 3
    and not jsonb_path_exists(points, '$[*] ? (@.x.type() != "number" || @.y.type() != "number")')),
  km_start numeric check (km_start between 0 and 999.99),
  km_end numeric check (km_end between 0 and 999.99),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.zones is 'Polygons drawn on the line image (vertices in image pixels), on voie_1, voie_2 or no track (null); km range interpolated from the markers.';

create table public.points (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  description text not null default '',
  kilometer text not null default '',
  km_value numeric check (km_value between 0 and 999.99),
  "position" jsonb not null check (jsonb_typeof("position" -> 'x') = 'number' and jsonb_typeof("position" -> 'y') = 'number'),
  image_url text,
  status text not null default 'signale' check (status in ('signale', 'pris_en_charge', 'resolu')),
  criticality text not null default 'attention' references public.criticality_levels (id) on update cascade on delete restrict,
  ticket_number text,
  team_id uuid references public.teams (id) on delete restrict,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.points is 'Anomalies (signalements) placed on the line image: position in image pixels, PK, status, criticality, team.';
create index points_created_at_idx on public.points (created_at desc, id);
create index points_team_id_idx on public.points (team_id);
create index points_criticality_idx on public.points (criticality);
create index points_status_idx on public.points (status);

create table public.kilometer_markers (
  id uuid primary key default gen_random_uuid(),
  "position" numeric not null check ("position" >= 0),
  value numeric not null check (value between 0 and 999.99),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.kilometer_markers is 'PK ruler: x position on the line image (pixels) and its kilometre value.';
create index kilometer_markers_position_idx on public.kilometer_markers ("position");

create table public.app_settings (
  key text primary key check (btrim(key) <> ''),
  value text not null default '',
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.app_settings is 'Key/value application settings (feedback_link, site_url, line_image).';
