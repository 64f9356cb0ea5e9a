// Issue 27 bench (`npm run bench attack`): latency of `GET /config.json` and of a member's small read while
// members hammer the database with the heaviest read the embed limits still allow (3 at a time), against the same
// requests on an idle server; for PGlite in process (the old main thread: baseline), PGlite in a worker thread (what
// the server runs), and PostgreSQL (DATABASE_URL, or a throwaway one from Debian's binaries). Also: the issue's
// nested-embed attack (now refused up front) and the server's RSS. JSON in bench/results/attack.json.
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../server/main';
import { openPglite } from '../server/db/pglite';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { addExtraPoints } from '../supabase/seed/demo';
import { printTable, round, summarize, writeResults } from './lib/stats';

const EXTRA_POINTS = Number(process.env.ATTACK_BENCH_POINTS ?? 20_000);
const LOAD_MS = 6000;
const PROBE_EVERY_MS = 50;
const ATTACKERS = 3;
const ATTACK = 'points?select=id,teams(id,points(id,teams(id,points(id,teams(id,points(id,teams(id,points(id))))))))&team_id=not.is.null&limit=1';
/** The heaviest read the limits allow (5,000 rows at worst): 4 points, their team, and up to 1000 of each team's points with every column. */
const HEAVY = 'points?select=*,teams(*,points(*))&team_id=not.is.null&limit=4';
const SMALL = 'points?select=id,name&order=created_at.desc&limit=20';

type Variant = { name: string; start: () => Promise<RunningServer> };

async function timed(fn: () => Promise<unknown>): Promise<number> { const t = performance.now(); await fn(); return performance.now() - t; }

async function measure(s: RunningServer) {
  const c = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { data, error } = await c.auth.signInWithPassword({ email: s.seeded!.adminEmail, password: s.seeded!.adminPassword! });
  if (error) throw error;
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${data.session!.access_token}` };
  const get = (path: string) => fetch(`${s.url}/rest/v1/${path}`, { headers }).then(async (r) => { await r.arrayBuffer(); return r.status; });
  const config = () => fetch(`${s.url}/config.json`).then((r) => r.text());
  for (let i = 0; i < 5; i++) { await config(); await get(SMALL); await get(HEAVY); }
  const idleConfig: number[] = [], idleRead: number[] = [];
  for (let i = 0; i < 20; i++) { idleConfig.push(await timed(config)); idleRead.push(await timed(() => get(SMALL))); }
  const rssBefore = process.memoryUsage().rss;
  const attackStatus = await get(ATTACK);
  const attackMs = await timed(() => get(ATTACK));
  // Load: ATTACKERS loops of the heaviest allowed read; probes every PROBE_EVERY_MS.
  const until = performance.now() + LOAD_MS;
  let heavyDone = 0, peakRss = rssBefore;
  const heavyMs: number[] = [];
  const attackers = Array.from({ length: ATTACKERS }, async () => {
    while (performance.now() < until) { heavyMs.push(await timed(() => get(HEAVY))); heavyDone++; }
  });
  const loadConfig: number[] = [], loadRead: number[] = [];
  // Two independent probe loops, so a slow member read never delays the next /config.json probe.
  const probe = (fn: () => Promise<unknown>, out: number[]) => (async () => {
    while (performance.now() < until) {
      out.push(await timed(fn));
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  const probes = Promise.all([probe(config, loadConfig), probe(() => get(SMALL), loadRead)]);
  await Promise.all([...attackers, probes]);
  await new Promise((r) => setTimeout(r, 2000));
  (globalThis as { gc?: () => void }).gc?.();
  const rssAfter = process.memoryUsage().rss;
  return {
    attackStatus, attackMs, heavyDone, heavy: summarize(heavyMs),
    idleConfig: summarize(idleConfig), idleRead: summarize(idleRead), loadConfig: summarize(loadConfig), loadRead: summarize(loadRead),
    rssMB: { before: round(rssBefore / 2 ** 20), peak: round(peakRss / 2 ** 20), after2s: round(rssAfter / 2 ** 20) },
  };
}

const temp: { pg: TempPostgres | null } = { pg: null };
const variants: Variant[] = [
  { name: 'PGlite in process (baseline)', start: async () => startServer({ memory: true, port: 0, seed: 'demo', database: await openPglite() }) },
  { name: 'PGlite worker thread', start: () => startServer({ memory: true, port: 0, seed: 'demo' }) },
];
if (process.env.ATTACK_BENCH_PG !== '0') {
  variants.push({ name: 'PostgreSQL', start: async () => {
    let url = process.env.DATABASE_URL;
    if (!url) { temp.pg = await startTempPostgres(); url = temp.pg.url; }
    return startServer({ memory: true, port: 0, seed: 'demo', databaseUrl: url });
  } });
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
try {
  for (const v of variants) {
    const s = await v.start();
    try {
      await addExtraPoints(s.db, EXTRA_POINTS);
      results[v.name] = await measure(s);
    } finally { await s.close(); }
  }
} finally { temp.pg?.stop(); }

const base = results['PGlite in process (baseline)'];
printTable(`Under ${ATTACKERS} concurrent heaviest allowed reads (${HEAVY}), ${EXTRA_POINTS} extra points`, Object.entries(results).map(([name, r]) => ({
  variant: name,
  'attack status / ms': `${r.attackStatus} / ${round(r.attackMs)}`,
  'config idle p95': round(r.idleConfig.p95),
  'config under load p50/p95 ms': `${round(r.loadConfig.median)} / ${round(r.loadConfig.p95)}`,
  'config p95 vs baseline': round(r.loadConfig.p95 / base.loadConfig.p95, 3),
  'read idle p95': round(r.idleRead.p95),
  'read under load p50/p95 ms': `${round(r.loadRead.median)} / ${round(r.loadRead.p95)}`,
  'heavy reads done (p50 ms)': `${r.heavyDone} (${round(r.heavy.median)})`,
  'RSS MB before/peak/after': `${r.rssMB.before}/${r.rssMB.peak}/${r.rssMB.after2s}`,
})));
writeResults('attack', { points: EXTRA_POINTS, loadMs: LOAD_MS, attackers: ATTACKERS, heavy: HEAVY, results });
