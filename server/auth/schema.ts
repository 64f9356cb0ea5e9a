// Auth bookkeeping tables the embedded GoTrue needs beyond auth.users (which server/db/bootstrap.sql
// creates, usually with these tables too): sessions (+ amr_method), refresh_tokens, flow_state. Idempotent.
import type { Database } from '../db/types';

const AUTH_SCHEMA_SQL = `
create schema if not exists auth;
alter table auth.users add column if not exists last_sign_in_at timestamptz;
alter table auth.users add column if not exists is_anonymous boolean not null default false;
create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  aal text not null default 'aal1',
  not_after timestamptz
);
alter table auth.sessions add column if not exists amr_method text not null default 'password';
create index if not exists sessions_user_id_idx on auth.sessions(user_id);
create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null,
  session_id uuid not null references auth.sessions(id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens(session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens(parent);
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users(id) on delete cascade,
  auth_code text not null unique,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);
`;

export async function ensureAuthSchema(db: Database): Promise<void> {
  await db.admin.exec(AUTH_SCHEMA_SQL);
}
