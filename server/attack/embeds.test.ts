// Embed limits through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): embeds nested back and
// forth are refused up front with a PostgREST-shaped 400 naming the limit, the app's own embeds still work, and
// the server's own failures (out of resources) are never answered 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';
import { MAX_EMBED_DEPTH, MAX_EMBED_ROWS, MAX_EMBED_TOTAL_ROWS } from '../rest/embedLimits';

let s: RunningServer;
let m: Member;
beforeAll(async () => {
  s = await startTestServer();
  await signUpMember(s, 'chef@example.com');
  m = await signUpMember(s, 'agent@example.com');
  const teams = await s.db.admin.query<{ id: string }>(`insert into public.teams (name) select 'Équipe ' || g from generate_series(1, 3) g returning id`);
  await s.db.admin.query(`insert into public.points (name, "position", team_id) select 'P' || g, '{"x":1,"y":1}', $1 from generate_series(1, 40) g`, [teams.rows[0].id]);
}, 120_000);
afterAll(async () => { await s?.close(); });

const get = (path: string) => fetch(`${s.url}/rest/v1/${path}`, { headers: { apikey: s.anonKey, Authorization: `Bearer ${m.token}` } });

describe('embed limits', () => {
  it("refuses the issue's back-and-forth embed before running it, naming the depth limit", async () => {
    const r = await get('points?select=id,teams(id,points(id,teams(id,points(id,teams(id,points(id,teams(id,points(id))))))))&team_id=not.is.null&limit=1');
    expect(r.status).toBe(400);
    const b = await r.json();
    expect(Object.keys(b).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(b.code).toBe('PGRST100');
    expect(b.details).toContain(`MAX_EMBED_DEPTH = ${MAX_EMBED_DEPTH}`);
  });

  it('refuses a depth-3 embed whose worst case passes the row budget, and a per-parent limit above the cap', async () => {
    const r = await get('points?select=id,teams(id,points(id,teams(id)))');
    expect(r.status).toBe(400);
    expect((await r.json()).details).toContain(`MAX_EMBED_TOTAL_ROWS = ${MAX_EMBED_TOTAL_ROWS}`);
    const over = await get(`teams?select=id,points(id)&limit=1&points.limit=${MAX_EMBED_ROWS + 1}`);
    expect(over.status).toBe(400);
    expect((await over.json()).details).toContain(`MAX_EMBED_ROWS = ${MAX_EMBED_ROWS}`);
  });

  it("keeps the app's embeds and bounded one-to-many embeds working", async () => {
    const { data, error } = await m.c.from('points').select('*, teams(name)');
    expect(error).toBeNull();
    expect(data).toHaveLength(40);
    expect(data![0].teams).toMatchObject({ name: expect.stringMatching(/^Équipe/) });
    const nested = await m.c.from('teams').select('id, points(id, teams(name))').limit(3).limit(5, { foreignTable: 'points' });
    expect(nested.error).toBeNull();
    expect(nested.data!.map((t) => t.points.length).sort()).toEqual([0, 0, 5]);
  });

  it('caps a one-to-many embed without a limit at MAX_EMBED_ROWS rows per parent', async () => {
    const r = await get('teams?select=id,points(id)&limit=3');
    expect(r.status).toBe(200);
    const rows = (await r.json()) as { points: unknown[] }[];
    expect(Math.max(...rows.map((t) => t.points.length))).toBe(Math.min(40, MAX_EMBED_ROWS));
  });
});

describe("the server's own failures are not 400", () => {
  it('answers out of resources (class 53) with 503 and a statement timeout (57014) with 500, as PostgREST', async () => {
    await s.db.admin.exec(`
      create or replace function public.test_raise(p_code text) returns void language plpgsql as $$ begin raise exception 'simulated' using errcode = p_code; end $$;
      grant execute on function public.test_raise(text) to authenticated;`);
    await new Promise((r) => setTimeout(r, 1100)); // the REST schema cache reloads on an unknown name at most once a second
    // 57014 last: after a statement timeout the same member's next call of this path is refused 429 for a while
    // (server/rest/timeoutPenalty.ts, tested in server/attack/bulkHold.test.ts).
    for (const [code, status] of [['53200', 503], ['53100', 503], ['53300', 503], ['53400', 500], ['P0001', 400], ['57014', 500]] as const) {
      const { error, status: st } = await m.c.rpc('test_raise', { p_code: code });
      expect([code, st]).toEqual([code, status]);
      expect(error?.code).toBe(code);
    }
  });
});
