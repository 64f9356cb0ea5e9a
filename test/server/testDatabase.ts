// Test helpers: a migrated throwaway Database on PGlite (memory) or on PostgreSQL (a fresh database on the
// server of TEST_DATABASE_URL, dropped by close()), plus shortcuts to create invited users and profiles. In a vitest
// run each one is a copy of the run's migrated template (migratedTemplate.ts); elsewhere it is migrated here.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable, RequestContext } from '../../server/db/types';
import { openDatabase } from '../../server/db/open';
import { migrate } from '../../server/db/migrate';
import { databaseUrl, onServer, openPgliteFromTemplate, pgTemplateName } from './migratedTemplate';

export { startTempPostgres, findPostgresBin } from '../../server/db/tempPostgres';

/** 'postgres' when TEST_DATABASE_URL is set, else 'pglite'. */
export const testKind = (): 'pglite' | 'postgres' => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');

/** A migrated throwaway database; `migrationsDir` replaces supabase/migrations (e.g. a test-only schema). */
export async function freshDatabase(kind: 'pglite' | 'postgres' = testKind(), migrationsDir?: string): Promise<Database> {
  const migrateOpts = migrationsDir ? { migrationsDir } : {};
  if (kind === 'pglite') {
    const copy = migrationsDir ? null : await openPgliteFromTemplate();
    if (copy) return copy;
    const db = await openDatabase({ memory: true });
    await migrate(db, migrateOpts);
    return db;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = migrationsDir ? null : pgTemplateName();
  await onServer(base, `create database ${name}${template ? ` template ${template}` : ''}`);
  const db = await openDatabase({ databaseUrl: databaseUrl(base, name) });
  const close = db.close.bind(db);
  const dropping: Database = Object.assign(db, {
    async close() {
      await close();
      await onServer(base, `drop database if exists ${name} with (force)`);
    },
  });
  if (template) return dropping;
  try { await migrate(dropping, migrateOpts); } catch (e) { await dropping.close(); throw e; }
  return dropping;
}

/** Empties every auth, app, storage and realtime table and restores the two default criticality levels and one line. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.admin.exec(`
    truncate auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.flow_state, public.profiles,
      public.invitations, public.points, public.zones, public.teams, public.kilometer_markers, public.app_settings,
      storage.objects, realtime.changes, public.audit_log, public.lines, private.point_states, private.point_day_counts cascade;
    insert into public.lines (code, name) values ('L1', 'Ligne principale');
    delete from public.criticality_levels where not is_default;
    insert into public.criticality_levels (id, name, color, icon, "order", is_default) values
      ('attention', 'Attention sur ce risque', '#f59e0b', 'AlertTriangle', 0, true),
      ('danger', 'Danger sécurité', '#ef4444', 'ShieldAlert', 1, true)
    on conflict (id) do nothing;`);
}

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Inserts a valid invitation as the owner and returns its raw token. */
export async function createInvitation(db: Database, email: string, opts: { expiresAt?: Date } = {}): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await db.admin.query('insert into public.invitations (email, token_hash, expires_at) values (lower($1), $2, $3)',
    [email, sha256Hex(token), opts.expiresAt ?? new Date(Date.now() + 7 * 86400_000)]);
  return token;
}

/** Creates an invited auth user (passing the signup trigger) and returns its id. No profile. */
export async function createUser(db: Database, email: string): Promise<string> {
  const token = await createInvitation(db, email);
  const id = randomUUID();
  await db.admin.query(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, lower($2), '', now(), '{"provider":"email","providers":["email"]}', jsonb_build_object('invitation_token', $3::text))`,
    [id, email, token]);
  return id;
}

/** Creates a user and its profile with the given role directly as the owner. */
export async function createUserWithProfile(db: Database, email: string, role: 'admin' | 'user', teamId: string | null = null): Promise<string> {
  const id = await createUser(db, email);
  await db.admin.query('insert into public.profiles (id, email, role, team_id) values ($1, lower($2), $3, $4)', [id, email, role, teamId]);
  return id;
}

/** The request context PostgREST would use for a signed-in user (or anon when userId is null). */
export function ctxFor(userId: string | null, opts: { email?: string; readOnly?: boolean; method?: string } = {}): RequestContext {
  const readOnly = opts.readOnly ?? false;
  if (!userId) return { role: 'anon', claims: { role: 'anon' }, method: opts.method ?? (readOnly ? 'GET' : 'POST'), path: '/rest/v1/test', readOnly };
  return {
    role: 'authenticated',
    claims: { sub: userId, role: 'authenticated', aud: 'authenticated', email: opts.email ?? null },
    method: opts.method ?? (readOnly ? 'GET' : 'POST'), path: '/rest/v1/test', readOnly,
  };
}

/** Runs one query as a request of `userId` (null = anon) and returns its rows. */
export async function asUser<T = Record<string, unknown>>(db: Database, userId: string | null, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.asRequest(ctxFor(userId), async (tx: Queryable) => (await tx.query<T>(sql, params)).rows);
}
