// A network of lines at scale: LINES lines of PER_LINE points (default 50 × 20,000 = 1M) on the
// embedded server (PGlite; DATABASE_URL: PostgreSQL), read through the app's own fetch (src/data/pointIndexSource: the
// point-index API of workers/pointIndexApi.ts, on this thread as the app runs it where no worker starts).
//   baseline   opening line 1 (fetch + decode of its index) while the table holds that line alone (+ the demo)
//   network    opening line 1 again once the table holds every line: ratio to the baseline ("as fast as 20k alone")
//   switch     opening each of 10 other lines twice; the second (warm) time is the line switch (target <= 300 ms)
//   search     search_points over every line: 20 queries, p95 against the same queries at the baseline size
// Prints medians and ratios measured in this run; raw figures in bench/results/lines.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer } from '../server/main';
import { setSupabaseConnection } from '../src/data/client';
import { loadLine } from '../test/fixtures/pointIndex/loadLine';
import { printTable, round, summarize, writeResults } from './lib/stats';

const LINES = Number(process.env.LINES ?? 50);
const PER_LINE = Number(process.env.PER_LINE ?? 20_000);
const SWITCH_TARGET_MS = 300;
const QUERIES = ['traverse', 'rail', 'ballast', 'signal', 'caténaire', 'aiguillage', 'végétation', 'fissure', 'clôture', 'drainage',
  'OT-1', 'DEP-2', 'poteau', 'défaut', 'câble', 'éclisse', 'zzzqqq', 'kangourou', 'passage', 'talus'];

const dataDir = mkdtempSync(join(tmpdir(), 'rail-lines-bench-'));
try {
  const s = await startServer({ dataDir, port: 0, seed: 'demo', seedLines: 1, databaseUrl: process.env.DATABASE_URL });
  const supabase = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { data: signIn, error } = await supabase.auth.signInWithPassword({ email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! });
  if (error) throw error;
  setSupabaseConnection(supabase, { supabaseUrl: s.url, supabaseAnonKey: s.anonKey, accessToken: async () => signIn.session!.access_token });

  /** Adds line number k with PER_LINE points (one statement; its own markers are not needed to read the index). */
  const addLine = async (k: number): Promise<string> => {
    const id = (await s.db.admin.query<{ id: string }>('insert into public.lines (code, name, sort) values ($1, $2, $3) returning id',
      [`B${k}`, `Ligne bench ${k}`, 100 + k])).rows[0].id;
    await s.db.admin.query(
      `insert into public.points (name, description, km_value, "position", status, criticality, ticket_number, line_id, created_at)
       select (array['Traverse fissurée','Rail usé','Ballast pollué','Signal masqué','Caténaire basse'])[1 + i % 5],
              'Défaut relevé en tournée ' || i, 10 + (i % 9000) / 100.0,
              jsonb_build_object('x', 600 + (i * 37) % 10800, 'y', case when i % 2 = 0 then 600 else 900 end),
              (array['signale','pris_en_charge','resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end,
              case when i % 3 = 0 then 'OT-' || (10000 + i) end, $1, now() - (i || ' minutes')::interval
         from generate_series(1, $2) i`, [id, PER_LINE]);
    return id;
  };
  const openLine = async (lineId: string): Promise<{ ms: number; n: number }> => {
    const t0 = performance.now();
    const { result } = await loadLine(lineId);
    return { ms: performance.now() - t0, n: result.count };
  };
  const searchOnce = async (q: string) => {
    const t0 = performance.now();
    const r = await supabase.rpc('search_points', { query: q, max_results: 20 });
    if (r.error) throw r.error;
    return performance.now() - t0;
  };
  const timesOf = async (runs: number, fn: () => Promise<number>) => { const out: number[] = []; for (let i = 0; i < runs; i++) out.push(await fn()); return out; };

  // Baseline: line 1 alone (plus the ~300 demo points of the first line).
  const first = await addLine(1);
  await s.db.admin.exec('analyze public.points');
  await openLine(first); // warm-up
  const base = summarize(await timesOf(5, async () => (await openLine(first)).ms));
  for (const q of QUERIES.slice(0, 3)) await searchOnce(q);
  const searchAll = async () => { const out: number[] = []; for (const q of QUERIES) out.push(await searchOnce(q)); return out; };
  const baseSearch = summarize(await searchAll());

  let t = performance.now();
  const lines = [first];
  for (let k = 2; k <= LINES; k++) lines.push(await addLine(k));
  await s.db.admin.exec('analyze public.points');
  const seedMs = performance.now() - t;
  const total = Number((await s.db.admin.query<{ n: string }>('select count(*) as n from public.points')).rows[0].n);
  console.log(`${LINES} lines × ${PER_LINE} points (${total} points in all) loaded in ${round(seedMs / 1000, 1)} s (${s.db.kind})`);

  await openLine(first);
  const network = summarize(await timesOf(5, async () => (await openLine(first)).ms));
  const others = lines.slice(1, 11);
  const cold: number[] = [];
  const warm: number[] = [];
  for (const id of others) cold.push((await openLine(id)).ms);
  for (const id of others) {
    t = performance.now();
    const r = await openLine(id);
    warm.push(performance.now() - t);
    if (r.n !== PER_LINE) throw new Error(`line ${id}: ${r.n} points, expected ${PER_LINE}`);
  }
  const coldS = summarize(cold);
  const warmS = summarize(warm);
  for (const q of QUERIES.slice(0, 3)) await searchOnce(q);
  const netSearch = summarize(await searchAll());

  printTable(`a network of ${LINES} lines × ${PER_LINE} points (${s.db.kind}), ms`, [
    { variant: `open line 1, alone (${PER_LINE} + demo)`, ...base },
    { variant: `open line 1, ${total} points in the table`, ...network },
    { variant: 'open another line (first time)', ...coldS },
    { variant: 'switch line (warm)', ...warmS },
    { variant: `search_points, ${PER_LINE} + demo points`, ...baseSearch },
    { variant: `search_points, ${total} points`, ...netSearch },
  ]);
  const openRatio = network.median / base.median;
  console.log(`open a line in the network / alone (median): ${round(openRatio, 2)}×; switch line p95 ${round(warmS.p95)} ms (target <= ${SWITCH_TARGET_MS} ms: ${warmS.p95 <= SWITCH_TARGET_MS ? 'met' : 'MISSED'}); search p95 network / alone: ${round(netSearch.p95 / baseSearch.p95, 2)}×`);
  const path = writeResults(s.db.kind === 'pglite' ? 'lines' : 'lines-postgres', {
    lines: LINES, perLine: PER_LINE, total, database: s.db.kind, seedMs: round(seedMs, 0),
    openAlone: base, openInNetwork: network, openRatioMedian: round(openRatio, 2), openOtherCold: coldS, switchWarm: warmS,
    switchTargetMs: SWITCH_TARGET_MS, searchAlone: baseSearch, searchNetwork: netSearch,
  });
  console.log(`raw figures: ${path}`);
  await s.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
