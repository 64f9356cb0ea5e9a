// The supervisor view's first interventions (public.supervisor_stats, docs/product.md#supervisor-view) on the
// migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a point counts once, by its first intervention,
// and only when that first one falls in the period (a later intervention in the period does not bring it in).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, createUserWithProfile, makeWorld, testKind, type World } from './fixtures';

let w: World;
let agent: string;

const q1 = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await w.db.admin.query<T>(sql, params)).rows[0];
/** A point of the team reported `daysAgo` days ago, with interventions done `hours` after the report. */
async function pointWith(daysAgo: number, hours: number[]): Promise<void> {
  const { id } = await q1<{ id: string }>(
    `insert into public.points (name, "position", team_id, assignee_id, criticality, created_at, observed_at)
     values ('Éclisse fendue', '{"x":1,"y":1}', $1, $2, 'attention', now() - $3 * interval '1 day', now() - $3 * interval '1 day') returning id`,
    [w.freeTeam, agent, daysAgo]);
  for (const h of hours) {
    await w.db.admin.query(`insert into public.point_events (point_id, kind, body, done_at)
      select id, 'intervention', 'Éclisse remplacée', created_at + $2 * interval '1 hour' from public.points where id = $1`, [id, h]);
  }
}
const mine = async (days: number) => (await asUser<{ group_kind: string; group_id: string; interventions: number; first_intervention_hours: string | null }>(
  w.db, w.userA, 'select * from public.supervisor_stats(null, $1, null)', [days])).find((r) => r.group_kind === 'assignee' && r.group_id === agent);

beforeAll(async () => {
  w = await makeWorld();
  agent = await createUserWithProfile(w.db, 'agathe@example.org', 'user', w.freeTeam);
  // First intervention 59 days ago (before a 30-day period), another 10 days ago (inside it).
  await pointWith(60, [24, 50 * 24]);
  // Two interventions inside the period: the first one (2 h) counts, once.
  await pointWith(5, [6, 2]);
}, 180_000);
afterAll(async () => { await w?.db.close(); });

describe(`supervisor view, first interventions (${testKind()})`, () => {
  it('counts a point once, by its first intervention, when that one is in the period', async () => {
    expect(await mine(30)).toMatchObject({ interventions: 1 });
    expect(Number((await mine(30))!.first_intervention_hours)).toBe(2);
    expect(await mine(90)).toMatchObject({ interventions: 2 });
    expect(Number((await mine(90))!.first_intervention_hours)).toBe(13); // median of 2 h and 24 h
  });
});
