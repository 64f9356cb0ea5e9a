// The dashboard's supervisor view at scale: public.supervisor_stats read as an active member (security invoker:
// the points' row-level security applies) over SUPERVISOR_POINTS points (default 100,000) on 5 lines (one archived,
// hidden from the member), 8 teams of 5 members, 80 % assigned, 30 % resolved (the dashboard history fed by the
// audit log), one intervention on every tenth point. For every line and for one line, over 30 and 365 days: median
// of RUNS runs, against a baseline measured in the same run (the member's count of the open points: one pass over
// the points under the same row-level security). Target: ≤ 300 ms. PGlite in memory, or PostgreSQL with
// DATABASE_URL=<superuser URL of an empty database>. JSON in bench/results/supervisor.json.
import { openDatabase } from '../server/db/open';
import { migrate } from '../server/db/migrate';
import { createUserWithProfile, ctxFor } from '../test/server/testDatabase';
import { machineLoad, printTable, round, summarize, writeResults } from './lib/stats';

const N = Number(process.env.SUPERVISOR_POINTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 300;
const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const db = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true });
try {
  const t = performance.now();
  await migrate(db);
  await db.admin.exec(`
    insert into public.lines (code, name, sort) select 'S' || g, 'Ligne ' || g, 10 + g from generate_series(1, 4) g;
    insert into public.teams (name) select 'Équipe ' || g from generate_series(1, 8) g;`);
  const teams = (await db.admin.query<{ id: string }>('select id from public.teams order by name')).rows.map((r) => r.id);
  const members: string[] = [];
  for (const [i, team] of teams.entries()) {
    for (let k = 0; k < 5; k++) members.push(await createUserWithProfile(db, `agent${i}.${k}@example.org`, 'user', team));
  }
  const member = members[0];
  await db.admin.query(`
    insert into public.points (name, "position", line_id, team_id, assignee_id, criticality, created_at, observed_at)
    select 'Défaut ' || g, '{"x":1,"y":1}', l.ids[1 + g % 5], t.ids[1 + g % 8],
           case when g % 5 <> 0 then m.ids[1 + (g % 8) * 5 + (g / 8) % 5] end,
           case when g % 3 = 0 then 'danger' else 'attention' end,
           now() - (g % 400) * interval '1 day', now() - (g % 400) * interval '1 day'
      from generate_series(1, $1) g,
           (select array_agg(id order by sort) as ids from public.lines) l,
           (select $2::uuid[] as ids) t, (select $3::uuid[] as ids) m`, [N, teams, members]);
  await db.admin.query("update public.points set status = 'resolu' where (hashtext(id::text) & 1023) < 307");
  await db.admin.query(`insert into public.point_events (point_id, kind, body, done_at)
    select id, 'intervention', 'Rail meulé', least(now(), created_at + ((hashtext(id::text) & 255) + 1) * interval '1 hour')
      from public.points where (hashtext(id::text) & 1023) < 102`);
  await db.admin.query("update public.lines set archived = true where code = 'S4'");
  await db.admin.exec('analyze');
  const line = (await db.admin.query<{ id: string }>('select id from public.lines order by sort limit 1')).rows[0].id;
  console.log(`seeded ${N} points in ${round((performance.now() - t) / 1000, 1)} s (${backend})`);

  const asMember = async (sql: string, params: unknown[]) => {
    const t0 = performance.now();
    const r = await db.asRequest(ctxFor(member, { readOnly: true }), (tx) => tx.query(sql, params));
    return { ms: performance.now() - t0, rows: r.rows.length };
  };
  const table: Record<string, unknown>[] = [];
  const results: Record<string, number[]> = {};
  const cases: [string, string | null, number][] = [['every line, 30 days', null, 30], ['every line, 365 days', null, 365], ['one line, 30 days', line, 30], ['one line, 365 days', line, 365]];
  for (const [name, lineId, days] of cases) {
    const base: number[] = [];
    const ms: number[] = [];
    let rows = 0;
    await asMember('select * from public.supervisor_stats($1, $2, null)', [lineId, days]); // warm-up
    for (let i = 0; i < RUNS; i++) {
      base.push((await asMember("select count(*) from public.points where status <> 'resolu' and ($1::uuid is null or line_id = $1)", [lineId])).ms);
      const r = await asMember('select * from public.supervisor_stats($1, $2, null)', [lineId, days]);
      ms.push(r.ms);
      rows = r.rows;
    }
    const s = summarize(ms); const b = summarize(base);
    results[name] = ms;
    results[`${name} baseline`] = base;
    table.push({ case: name, rows, median_ms: round(s.median, 1), max_ms: round(s.max, 1), baseline_ms: round(b.median, 1), target_ms: TARGET_MS });
  }
  printTable(`supervisor_stats (${backend}, ${N} points, ${RUNS} runs, load ${machineLoad().load1})`, table);
  writeResults('supervisor', { backend, points: N, runs: RUNS, load: machineLoad(), table, results });
} finally {
  await db.close();
}
