// auth.users rows: lookup, creation and the user object exactly as GoTrue returns it.
import type { Queryable, Row } from '../db/types';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | Date;
  updated_at: string | Date | null;
  last_sign_in_at: string | Date | null;
  /** banned_until is in the future (computed in SQL: 'infinity' has no JavaScript Date). */
  banned: boolean;
}

export interface GoTrueUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: string | null;
  phone: string;
  confirmed_at: string | null;
  last_sign_in_at: string | null;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

const USER_COLUMNS = 'id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at, coalesce(banned_until > now(), false) as banned';

/** GoTrue refuses a banned user any new session or refresh (the database bans deactivated and deleted members). */
export function isBanned(user: Pick<UserRow, 'banned'>): boolean {
  return user.banned === true;
}

const iso = (v: string | Date | null | undefined): string | null => (v == null ? null : new Date(v).toISOString());

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function defaultAppMetadata(provider = 'email'): Record<string, unknown> {
  return { provider, providers: [provider] };
}

export function toGoTrueUser(row: UserRow): GoTrueUser {
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? defaultAppMetadata(),
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(row.created_at) ?? new Date().toISOString(),
    updated_at: iso(row.updated_at) ?? iso(row.created_at) ?? new Date().toISOString(),
    is_anonymous: false,
  };
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1 limit 1`, [normalizeEmail(email)]);
  return r.rows[0] ?? null;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function insertUser(
  q: Queryable,
  u: { id: string; email: string; passwordHash: string | null; userMetadata: Record<string, unknown>; appMetadata: Record<string, unknown> },
): Promise<UserRow> {
  const r = await q.query<UserRow>(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, 'authenticated', 'authenticated', $2, $3, now(), $4::jsonb, $5::jsonb, now(), now())
     returning ${USER_COLUMNS}`,
    [u.id, normalizeEmail(u.email), u.passwordHash, JSON.stringify(u.appMetadata), JSON.stringify(u.userMetadata)],
  );
  return r.rows[0] as UserRow;
}

export function isRow(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
