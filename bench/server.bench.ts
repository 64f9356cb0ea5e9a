// Embedded server benchmark (`node --import tsx bench/server.bench.ts`): cold first start (migrate + demo
// seed) and warm restart on a fresh DATA_DIR, and reading 1000 points through the server with supabase-js
// vs the same SQL straight on the database under the same claims. Medians; JSON in bench/results/server.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { decodeJwt } from 'jose';
import { startServer } from '../server/main';
import { addExtraPoints } from '../supabase/seed/demo';
import { printTable, round, summarize, writeResults } from './lib/stats';

const RUNS = 15; // timed reads per variant
const WARMUP = 3;
const EXTRA_POINTS = 1000; // on top of the ~300 demo points, so a page of 1000 is full
const RESTARTS = 3; // warm restarts measured

/** The query PostgREST-style: points with the team name embedded, newest first, one page of 1000. */
const DIRECT_SQL = `select count(*)::int as n, coalesce(json_agg(_t), '[]')::text as body from (
  select t0.*, (select row_to_json(e) from (select t1.name from public.teams t1 where t1.id = t0.team_id) e) as teams
  from public.points t0 order by t0.created_at desc limit 1000 offset 0) _t`;

async function timeAsync(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

const dataDir = mkdtempSync(join(tmpdir(), 'rail-bench-'));
try {
  let t = performance.now();
  let s = await startServer({ dataDir, port: 0, seed: 'demo' });
  const coldMs = performance.now() - t;
  const creds = { email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! };
  t = performance.now();
  await addExtraPoints(s.db, EXTRA_POINTS);
  const extraMs = performance.now() - t;
  await s.close();

  const warm: number[] = [];
  for (let i = 0; i < RESTARTS; i++) {
    t = performance.now();
    s = await startServer({ dataDir, port: 0, seed: 'demo' });
    warm.push(performance.now() - t);
    if (i < RESTARTS - 1) await s.close();
  }

  const supabase = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { data: signIn, error } = await supabase.auth.signInWithPassword(creds);
  if (error) throw error;
  const claims = decodeJwt(signIn.session!.access_token) as Record<string, unknown>;

  let viaServerRows = 0;
  const viaServer = await timeAsync(async () => {
    const r = await supabase.from('points').select('*, teams(name)').order('created_at', { ascending: false }).range(0, 999);
    if (r.error) throw r.error;
    viaServerRows = r.data.length;
  }, RUNS, WARMUP);

  let directRows = 0;
  const direct = await timeAsync(async () => {
    const r = await s.db.asRequest({ role: 'authenticated', claims, method: 'GET', path: '/rest/v1/points', readOnly: true }, (tx) => tx.query<{ body: string }>(DIRECT_SQL));
    directRows = (JSON.parse(r.rows[0].body) as unknown[]).length;
  }, RUNS, WARMUP);
  await s.close();

  const server = summarize(viaServer);
  const db = summarize(direct);
  const results = {
    coldStartMs: round(coldMs, 0),
    extraPointsInsertMs: round(extraMs, 0),
    loadAverage: (await import('node:os')).loadavg().map((x) => round(x, 2)),
    warmRestartMs: summarize(warm),
    read1000: { viaServer: server, direct: db, rows: { viaServer: viaServerRows, direct: directRows }, overheadRatio: round(server.median / db.median, 2) },
    setup: { db: s.db.kind, extraPoints: EXTRA_POINTS, runs: RUNS, warmup: WARMUP },
  };
  printTable('Embedded server start (ms)', [
    { case: 'cold first start (migrate + demo seed, empty DATA_DIR)', median: coldMs },
    { case: `then ${EXTRA_POINTS} extra points (addExtraPoints)`, median: extraMs },
    { case: `warm restart (median of ${RESTARTS})`, median: results.warmRestartMs.median },
  ]);
  printTable(`Read ${viaServerRows} points with teams(name) (ms, ${RUNS} runs)`, [
    { path: 'supabase-js → server → PGlite', min: server.min, median: server.median, p95: server.p95 },
    { path: 'same SQL on the database (asRequest)', min: db.min, median: db.median, p95: db.p95 },
  ]);
  console.log(`\nOverhead ratio (server / direct, medians): ${results.read1000.overheadRatio}`);
  console.log(`Load average during the run: ${results.loadAverage.join(' ')} (2 shared cores: timings are noisy)`);
  console.log(`Results: ${writeResults('server', results)}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
