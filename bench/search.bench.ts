// Point search at scale: 50 queries through supabase-js and the embedded server on PGlite seeded with
// SEED_POINTS extra points (default 1,000,000): rpc('search_points') (side table of folded text, trigram index) against, in
// the same run, the naive search a client could send (name/description/ticket ILIKE '%q%', no index: sequential
// scan). p95 must stay under 200 ms. `DATABASE_URL` runs it on PostgreSQL instead. JSON in bench/results/search.json.
// SEARCH_BENCH_DATA_DIR=<a seeded PGlite dir> searches it as it is (e.g. the 50-line network of bench/linesNetwork.ts:
// search across all lines within its present budget): nothing seeded, the dir kept (it is written to:
// give a copy or a dir of your own); the results then go to search-<dir name>.json.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer } from '../server/main';
import { addExtraPoints } from '../supabase/seed/demo';
import { printTable, round, summarize, writeResults } from './lib/stats';

const N = Number(process.env.SEED_POINTS ?? 1_000_000);
const BASELINE_QUERIES = Number(process.env.BASELINE_QUERIES ?? 10); // the sequential scan is slow: a subset
const TARGET_P95_MS = 200;
const INDEX_SQL = 'create index point_search_trgm_idx on private.point_search using gin (search_text extensions.gin_trgm_ops)'; // as in the migration

const GIVEN_DIR = process.env.SEARCH_BENCH_DATA_DIR;
const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@rail.local', password: process.env.ADMIN_PASSWORD ?? 'rail-admin-2026' };
const dataDir = GIVEN_DIR ?? mkdtempSync(join(tmpdir(), 'rail-search-bench-'));
try {
  let t = performance.now();
  const s = await startServer({ dataDir, port: 0, seed: GIVEN_DIR ? 'none' : 'demo', databaseUrl: GIVEN_DIR ? undefined : process.env.DATABASE_URL });
  let seedMs = 0, indexMs = 0;
  if (!GIVEN_DIR) {
    // Bulk load as a restore would: without the trigram index, then one index build (what a migration on an
    // existing 1M-point table does too), timed separately.
    await s.db.admin.exec('drop index private.point_search_trgm_idx; alter table public.points disable trigger points_search_sync');
    await addExtraPoints(s.db, N);
    seedMs = performance.now() - t;
    t = performance.now();
    await s.db.admin.exec(`insert into private.point_search (id, created_at, search_text)
        select p.id, p.created_at, private.points_search_text(p.name, p.description, p.ticket_number) from public.points p
        on conflict (id) do nothing;
      ${INDEX_SQL};
      alter table public.points enable always trigger points_search_sync;
      analyze private.point_search`);
    indexMs = performance.now() - t;
  }
  const lineCount = Number((await s.db.admin.query<{ n: string }>('select count(*) as n from public.lines')).rows[0].n);
  const count = Number((await s.db.admin.query<{ n: string }>('select count(*) as n from public.points')).rows[0].n);
  await s.db.admin.exec('analyze public.points');
  if (GIVEN_DIR) console.log(`${count} points on ${lineCount} lines in ${GIVEN_DIR} (as it is)`);
  else console.log(`${count} points seeded in ${round(seedMs / 1000, 1)} s, search table filled and trigram index built in ${round(indexMs / 1000, 1)} s`);

  // 50 queries: 20 existing ticket numbers (selective), 15 words of labels and descriptions as typed (often many
  // hits: newest first), 10 with accents stripped or upper case, 5 that match nothing.
  const tickets = (await s.db.admin.query<{ t: string }>(
    'select ticket_number as t from public.points where ticket_number is not null order by md5(id::text) limit 20')).rows.map((r) => r.t);
  const words = ['caténaire', 'traverse', 'rail', 'ballast', 'signal', 'éclisse', 'aiguillage', 'végétation', 'fissure',
    'passage', 'clôture', 'drainage', 'câble', 'poteau', 'défaut'];
  const folded = ['CATENAIRE', 'eclisse', 'vegetation', 'cloture', 'cable', 'DEFAUT', 'Fissuré', 'TRAVERSE béton', 'rail casse', 'Signalisation'];
  const none = ['zzzqqq', 'xylophone', 'OT-00000', 'kangourou', 'wxyzabc'];
  const queries = [...tickets, ...words, ...folded, ...none].slice(0, 50);

  const supabase = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await supabase.auth.signInWithPassword(GIVEN_DIR ? ADMIN : { email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! });
  if (error) throw error;

  const rpc = async (q: string) => {
    const r = await supabase.rpc('search_points', { query: q, max_results: 20 });
    if (r.error) throw r.error;
    return (r.data as unknown[]).length;
  };
  const naive = async (q: string) => {
    const p = `*${q.replace(/[,()*%]/g, ' ')}*`;
    const r = await supabase.from('points').select('id, name, km_value, status, criticality, ticket_number, position')
      .or(`name.ilike.${p},description.ilike.${p},ticket_number.ilike.${p}`).order('created_at', { ascending: false }).limit(20);
    if (r.error) throw r.error;
    return r.data.length;
  };

  for (const q of queries.slice(0, 5)) await rpc(q); // warm-up
  const timed: { q: string; ms: number; hits: number }[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    const hits = await rpc(q);
    timed.push({ q, ms: performance.now() - t0, hits });
  }
  const baseline: { q: string; ms: number; hits: number }[] = [];
  const baseQueries = [...tickets.slice(0, Math.ceil(BASELINE_QUERIES / 2)), ...words.slice(0, Math.floor(BASELINE_QUERIES / 2))];
  await naive(baseQueries[0]);
  for (const q of baseQueries) {
    const t0 = performance.now();
    const hits = await naive(q);
    baseline.push({ q, ms: performance.now() - t0, hits });
  }
  const search = summarize(timed.map((x) => x.ms));
  const base = summarize(baseline.map((x) => x.ms));
  const byKind = (from: number, to: number) => summarize(timed.slice(from, to).map((x) => x.ms));
  printTable(`search_points at ${count} points on ${lineCount} line(s) (${s.db.kind}), ms`, [
    { variant: 'rpc search_points, all 50', ...search },
    { variant: '  ticket numbers (20)', ...byKind(0, 20) },
    { variant: '  words (15)', ...byKind(20, 35) },
    { variant: '  folded/upper (10)', ...byKind(35, 45) },
    { variant: '  no match (5)', ...byKind(45, 50) },
    { variant: `baseline ILIKE seq scan (${baseline.length})`, ...base },
  ]);
  console.log(`p95 ${round(search.p95)} ms (target < ${TARGET_P95_MS} ms: ${search.p95 < TARGET_P95_MS ? 'met' : 'MISSED'}); baseline median / rpc median = ${round(base.median / search.median, 1)}×`);
  const name = GIVEN_DIR ? `search-${basename(GIVEN_DIR)}` : s.db.kind === 'pglite' ? 'search' : 'search-postgres';
  const path = writeResults(name, {
    points: count, lines: lineCount, database: s.db.kind, seedMs: round(seedMs, 0), indexBuildMs: round(indexMs, 0), targetP95Ms: TARGET_P95_MS,
    searchPoints: search, baselineIlike: base, ratioMedian: round(base.median / search.median, 2),
    queries: timed.map((x) => ({ ...x, ms: round(x.ms) })), baselineQueries: baseline.map((x) => ({ ...x, ms: round(x.ms) })),
  });
  console.log(`raw figures: ${path}`);
  await s.close();
} finally {
  if (!GIVEN_DIR) rmSync(dataDir, { recursive: true, force: true });
}
