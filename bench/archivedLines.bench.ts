// The cost of hiding archived lines from members (the restrictive "archived lines admins only" policy over
// private.hidden_line_ids()) on a member's reads and writes of points, on PGlite (TEST_DATABASE_URL: PostgreSQL).
// One line of POINTS points plus an archived line; in the same run, each measure alternates between the policy as
// migrated and the same policy reduced to `true` (its absence), ROUNDS times:
//   index    point_index_bin(p_line_id) of the line: the rows a catch-up reads
//   bulk     a member's update of 2,500 points by id (the size the client sends per bulk request)
// Prints medians and their ratio; raw figures in bench/results/archivedLines.json.
import { createUserWithProfile, ctxFor, freshDatabase } from '../test/server/testDatabase';
import { printTable, round, summarize, writeResults } from './lib/stats';

const POINTS = Number(process.env.POINTS ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const POLICY = 'line_id <> all ((select private.hidden_line_ids())::uuid[])';

const db = await freshDatabase();
try {
  const member = await createUserWithProfile(db, 'agent@example.org', 'user');
  const line = (await db.admin.query<{ id: string }>('select id from public.lines limit 1')).rows[0].id;
  await db.admin.query("insert into public.lines (code, name, archived) values ('LX', 'Archivée', true)");
  await db.admin.query(`insert into public.points (name, "position", km_value, line_id)
    select 'P' || i, jsonb_build_object('x', i % 10000, 'y', 5), 10 + (i % 9000) / 100.0, $1 from generate_series(1, $2) i`, [line, POINTS]);
  await db.admin.query('analyze public.points');
  const ids = (await db.admin.query<{ id: string }>('select id from public.points order by id limit 2500')).rows.map((r) => r.id);

  const setPolicy = (expr: string) => db.admin.query(`alter policy "archived lines admins only" on public.points using (${expr}) with check (${expr})`);
  const timed = async (sql: string, params: unknown[]) => {
    const t0 = performance.now();
    await db.asRequest(ctxFor(member), async (tx) => { await tx.query(sql, params); });
    return performance.now() - t0;
  };
  const statuses = ['pris_en_charge', 'signale'];
  const samples: Record<string, number[]> = { index_with: [], index_without: [], bulk_with: [], bulk_without: [] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const [label, expr] of [['with', POLICY], ['without', 'true']] as const) {
      await setPolicy(expr);
      samples[`index_${label}`].push(await timed('select public.point_index_bin(p_line_id => $1) as r', [line]));
      samples[`bulk_${label}`].push(await timed('update public.points set status = $2, updated_at = updated_at where id = any ($1::uuid[])',
        [ids, statuses[(2 * r + (label === 'with' ? 0 : 1)) % 2]]));
    }
  }
  await setPolicy(POLICY);
  const s = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]));
  const rows = ['index', 'bulk'].map((m) => ({
    measure: m, 'with policy (median ms)': round(s[`${m}_with`].median), 'without (median ms)': round(s[`${m}_without`].median),
    ratio: round(s[`${m}_with`].median / s[`${m}_without`].median, 2),
  }));
  printTable(`archived lines policy, ${POINTS} points, ${ROUNDS} rounds (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, rows);
  console.log(writeResults('archivedLines', { points: POINTS, rounds: ROUNDS, samples, rows }));
} finally {
  await db.close();
}
