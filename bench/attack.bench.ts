// Issue 27 bench (`npm run bench attack`): do requests that need no database (`/config.json`, a static file,
// `/health`) stay within 50 ms (p95) while members hammer the database with the heaviest read the embed limits
// allow, and does the server's memory come back after? The server runs as `npm start` does, in its own process
// (server/cli.ts), so the probes measure it and not this process; the load runs in a worker thread of this process
// (its own event loop), the probes here. Same run, same server: a baseline with no load, then the load. Also the
// issue's nested-embed attack (refused up front), a member's small read, and the server's RSS (/proc) before, at
// the peak, 2 s and 60 s after the load. PGlite (worker thread) and PostgreSQL (DATABASE_URL, or a throwaway one
// from Debian's binaries; ATTACK_BENCH_PG=0 or ATTACK_BENCH_PGLITE=0 skips one). Probes are node:http GETs timed to the
// last byte, not decompressed (see `probe`). JSON in bench/results/attack.json.
import { readdirSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { Worker } from 'node:worker_threads';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { rssMB, sleep, startServerProcess, stopServerProcess, type ServerProcess } from './lib/serverProcess';
import { machineLoad, printTable, round, summarize, writeResults, type Summary } from './lib/stats';

const EXTRA_POINTS = Number(process.env.ATTACK_BENCH_POINTS ?? 20_000);
const PHASE_MS = Number(process.env.ATTACK_BENCH_PHASE_MS ?? 10_000); // baseline and load each
const AFTER_MS = Number(process.env.ATTACK_BENCH_AFTER_MS ?? 60_000); // RSS read this long after the load
const PROBE_GAP_MS = 20; // between two probes of one kind: ~300-500 samples per phase
const ATTACKERS = 3;
const PORT = Number(process.env.ATTACK_BENCH_PORT ?? 5391);
const ATTACK = 'points?select=id,teams(id,points(id,teams(id,points(id,teams(id,points(id,teams(id,points(id))))))))&team_id=not.is.null&limit=1';
/** The heaviest read the limits allow (5,000 rows at worst): 4 points, their team, and up to 1000 of each team's points with every column. */
const HEAVY = 'points?select=*,teams(*,points(*))&team_id=not.is.null&limit=4';
const SMALL = 'points?select=id,name&order=created_at.desc&limit=20';
const TARGET_MS = 50;

type Server = ServerProcess;
// ATTACK_BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server process only.
const serverNodeArgs = process.env.ATTACK_BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
const startServer = (databaseUrl?: string) => startServerProcess({ port: PORT, seedPoints: EXTRA_POINTS, databaseUrl, nodeArgs: serverNodeArgs });
const stopServer = stopServerProcess;

/** The load: ATTACKERS loops of HEAVY in a worker thread (its own event loop), until told to stop. */
function startLoad(s: Server): { stop: () => Promise<{ done: number; ms: number[]; statuses: Record<string, number> }> } {
  const w = new Worker(`
    const { parentPort, workerData: d } = require('node:worker_threads');
    let stop = false; const ms = []; const statuses = {};
    parentPort.on('message', () => { stop = true; });
    const one = async () => { while (!stop) { const t = performance.now();
      const r = await fetch(d.url + '/rest/v1/' + d.path, { headers: d.headers }); await r.arrayBuffer();
      ms.push(performance.now() - t); statuses[r.status] = (statuses[r.status] || 0) + 1; } };
    Promise.all(Array.from({ length: d.n }, one)).then(() => parentPort.postMessage({ done: ms.length, ms, statuses }));
  `, { eval: true, workerData: { url: s.url, path: HEAVY, n: ATTACKERS, headers: { apikey: s.anonKey, Authorization: `Bearer ${s.token}` } } });
  return { stop: () => new Promise((resolve) => { w.once('message', (m) => { void w.terminate(); resolve(m); }); w.postMessage('stop'); }) };
}

type ProbeName = 'config' | 'static' | 'health' | 'member read';

// Probes use node:http and never decompress: fetch decompresses in the libuv thread pool, which this process
// shares with the load's worker thread decompressing multi-MB answers, so a compressed probe (the SPA shell) timed
// the bench's own queue, not the server. Time = request sent → last byte of the answer as the server sent it.
const probeAgent = new Agent({ keepAlive: true });
function probe(url: string, headers: Record<string, string> = {}): Promise<{ ok: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: probeAgent, headers: { 'Accept-Encoding': 'br, gzip', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode! >= 200 && res.statusCode! < 300 }));
    }).on('error', reject);
  });
}

/** Probes of each kind in their own loop for `ms`; samples RSS every 500 ms. */
async function probePhase(s: Server, asset: string, ms: number): Promise<{ lat: Record<ProbeName, Summary>; peakRss: number; errors: number }> {
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.token}` };
  const kinds: Record<ProbeName, () => Promise<{ ok: boolean }>> = {
    config: () => probe(`${s.url}/config.json`),
    static: () => probe(`${s.url}${asset}`),
    health: () => probe(`${s.url}/health`),
    'member read': () => probe(`${s.url}/rest/v1/${SMALL}`, headers),
  };
  const until = performance.now() + ms;
  let peakRss = 0, errors = 0;
  const out = {} as Record<ProbeName, number[]>;
  await Promise.all([
    (async () => { while (performance.now() < until) { peakRss = Math.max(peakRss, rssMB(s.child.pid!)); await sleep(500); } })(),
    ...Object.entries(kinds).map(async ([name, fn]) => {
      const arr: number[] = (out[name as ProbeName] = []);
      while (performance.now() < until) {
        const t = performance.now();
        const r = await fn();
        arr.push(performance.now() - t);
        if (!r.ok) errors++;
        await sleep(PROBE_GAP_MS);
      }
    }),
  ]);
  const lat = Object.fromEntries(Object.entries(out).map(([k, v]) => [k, summarize(v)])) as Record<ProbeName, Summary>;
  return { lat, peakRss, errors };
}

async function measure(s: Server) {
  const pid = s.child.pid!;
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.token}` };
  // The SPA shell (small: a 1 MB bundle's time is the client's decompression on a loaded machine, not the server's wait).
  const asset = '/';
  const bundle = `/assets/${readdirSync('dist/assets').find((f) => /^index-.*\.js$/.test(f))}`;
  for (let i = 0; i < 5; i++) { await (await fetch(`${s.url}${bundle}`)).arrayBuffer(); await (await fetch(`${s.url}${asset}`)).arrayBuffer(); await (await fetch(`${s.url}/rest/v1/${HEAVY}`, { headers })).arrayBuffer(); }
  const load1 = machineLoad().load1;
  const baseline = await probePhase(s, asset, PHASE_MS);
  const rssBefore = rssMB(pid);
  const t0 = performance.now();
  const attack = await fetch(`${s.url}/rest/v1/${ATTACK}`, { headers });
  await attack.arrayBuffer();
  const attackMs = performance.now() - t0;
  const load = startLoad(s);
  const underLoad = await probePhase(s, asset, PHASE_MS);
  const heavy = await load.stop();
  await sleep(2000);
  const rssAfter2s = rssMB(pid);
  await sleep(Math.max(0, AFTER_MS - 2000));
  const rssAfter = rssMB(pid);
  return {
    load1, attackStatus: attack.status, attackMs, heavyDone: heavy.done, heavyStatuses: heavy.statuses, heavy: summarize(heavy.ms),
    baseline: baseline.lat, underLoad: underLoad.lat, errors: baseline.errors + underLoad.errors,
    rssMB: { before: rssBefore, peak: Math.max(underLoad.peakRss, rssBefore), after2s: rssAfter2s, [`after${AFTER_MS / 1000}s`]: rssAfter },
  };
}

const temp: { pg: TempPostgres | null } = { pg: null };
const variants: { name: string; databaseUrl: () => Promise<string | undefined> }[] = [];
if (process.env.ATTACK_BENCH_PGLITE !== '0') variants.push({ name: 'PGlite (worker thread)', databaseUrl: async () => undefined });
if (process.env.ATTACK_BENCH_PG !== '0') {
  variants.push({ name: 'PostgreSQL', databaseUrl: async () => {
    if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
    temp.pg = await startTempPostgres();
    return temp.pg.url;
  } });
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
try {
  for (const v of variants) {
    const s = await startServer(await v.databaseUrl());
    try { results[v.name] = await measure(s); } finally { await stopServer(s); }
  }
} finally { temp.pg?.stop(); probeAgent.destroy(); }

const rows: Record<string, unknown>[] = [];
for (const [name, r] of Object.entries(results)) {
  for (const k of Object.keys(r.underLoad) as ProbeName[]) {
    const b = r.baseline[k], l = r.underLoad[k];
    rows.push({
      variant: name, probe: k, samples: `${b.runs} / ${l.runs}`,
      'idle p50/p95 ms': `${round(b.median)} / ${round(b.p95)}`,
      'under load p50/p95 ms': `${round(l.median)} / ${round(l.p95)}`,
      'p95 ×idle': round(l.p95 / b.p95, 2),
      [`p95 ≤ ${TARGET_MS} ms`]: k === 'member read' ? '(database)' : l.p95 <= TARGET_MS ? 'yes' : 'NO',
    });
  }
}
printTable(`Probes idle, then under ${ATTACKERS} concurrent heaviest allowed reads (${HEAVY}), ${EXTRA_POINTS} extra points, ${PHASE_MS / 1000} s each`, rows);
printTable('Attack, load and server memory (RSS of the server process, MB)', Object.entries(results).map(([name, r]) => ({
  variant: name, 'load avg (cores)': `${r.load1} (${machineLoad().cores})`, 'issue attack status / ms': `${r.attackStatus} / ${round(r.attackMs)}`,
  'heavy reads (p50 ms)': `${r.heavyDone} (${round(r.heavy.median)}) ${JSON.stringify(r.heavyStatuses)}`, 'probe errors': r.errors,
  'RSS before / peak / +2 s / +60 s': Object.values(r.rssMB).join(' / '),
})));
writeResults('attack', { points: EXTRA_POINTS, phaseMs: PHASE_MS, attackers: ATTACKERS, heavy: HEAVY, results });
