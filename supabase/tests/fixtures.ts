// Shared fixtures of the database tests: a migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is
// set) with an admin, two users, a user without profile, a deactivated user, and one row of every app table.
import type { Database, Queryable } from '../../server/db/types';
import { asUser, createInvitation, createUser, createUserWithProfile, ctxFor, freshDatabase, resetDatabase, testKind } from '../../test/server/testDatabase';

export { asUser, createInvitation, createUser, createUserWithProfile, ctxFor, freshDatabase, resetDatabase, testKind };

export interface World {
  db: Database;
  admin: string; userA: string; userB: string; noProfile: string; inactive: string;
  team: string; freeTeam: string; zone: string; point: string; marker: string; level: string; invitation: string; object: string;
}

const one = async (db: Database, sql: string, params: unknown[] = []) => (await db.admin.query<{ id: string }>(sql, params)).rows[0].id;

export async function makeWorld(): Promise<World> {
  const db = await freshDatabase();
  const admin = await createUserWithProfile(db, 'admin@example.org', 'admin');
  const userA = await createUserWithProfile(db, 'alice@example.org', 'user');
  const userB = await createUserWithProfile(db, 'bob@example.org', 'user');
  const noProfile = await createUser(db, 'nina@example.org');
  const inactive = await createUserWithProfile(db, 'ines@example.org', 'user');
  await db.admin.query('update public.profiles set active = false where id = $1', [inactive]);
  const team = await one(db, "insert into public.teams (name) values ('Équipe A') returning id");
  const freeTeam = await one(db, "insert into public.teams (name) values ('Équipe libre') returning id");
  const zone = await one(db, `insert into public.zones (name, track, points) values ('Zone 1', 'voie_1', '[{"x":0,"y":0},{"x":10,"y":0},{"x":10,"y":10}]') returning id`);
  const point = await one(db, `insert into public.points (name, description, "position", team_id, created_by) values ('Traverse fissurée', 'd', '{"x":5,"y":5}', $1, $2) returning id`, [team, userA]);
  const marker = await one(db, 'insert into public.kilometer_markers ("position", value) values (600, 12) returning id');
  const level = await one(db, "insert into public.criticality_levels (id, name, color) values ('faible', 'Faible', '#22c55e') returning id");
  await db.admin.query("insert into public.app_settings (key, value) values ('feedback_link', 'https://example.org/avis')");
  await createInvitation(db, 'pending@example.org');
  const invitation = await one(db, "select id from public.invitations where email = 'pending@example.org'");
  const object = await one(db, "insert into storage.objects (bucket_id, name, owner, metadata) values ('poi_images', 'points/fixture.png', $1, '{}') returning id", [userA]);
  return { db, admin, userA, userB, noProfile, inactive, team, freeTeam, zone, point, marker, level, invitation, object };
}

const ROLLBACK = Symbol('rollback');

/** Runs fn as a request of userId (null = anon) and always rolls back; returns fn's value or the error. */
export async function tryAs<T>(db: Database, userId: string | null, fn: (tx: Queryable) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: { code?: string; message?: string } }> {
  let value: T;
  try {
    await db.asRequest(ctxFor(userId), async (tx) => { value = await fn(tx); throw ROLLBACK; });
  } catch (e) {
    if (e === ROLLBACK) return { ok: true, value: value! };
    return { ok: false, error: e as { code?: string; message?: string } }; // a database error (pg or PGlite)
  }
  throw new Error('unreachable');
}
