// Attack bench (`npm run bench attack`): do requests that need no database (`/config.json`, a static file,
// `/health`) stay within 50 ms (p95) while members hammer the database with the heaviest read the embed limits
// allow, and does the server's memory come back after? The server runs as `npm start` does, in its own process
// (server/cli.ts), so the probes measure it and not this process; the load runs in a worker thread of this process
// (its own event loop), the probes here. Same run, same server: a baseline with no load, then the load. Also the
// issue's nested-embed attack (refused up front), a member's small read, and the server's RSS (/proc) before, at
// the peak, 2 s and 60 s after the load. PGlite (worker thread) and PostgreSQL (DATABASE_URL, or a throwaway one
// from Debian's binaries; ATTACK_BENCH_PG=0 or ATTACK_BENCH_PGLITE=0 skips one). Probes are node:http GETs timed to the
// last byte, not decompressed (see `probe`). Also a realtime probe: the admin inserts a point and waits for the line's
// Broadcast invalidation carrying its id (time from the insert sent to the message received).
// The statement timeouts' measure, ATTACK_BENCH_LOAD=slowest: the load is ONE member looping over the slowest request we
// could build through the API (ATTACK_BENCH_SLOWEST, default SLOWEST below), at 1M points with
// ATTACK_BENCH_DATA_DIR=<your own copy of a seeded PGlite data dir> (used in place, PGlite only; the probes' points stay
// in it) or ATTACK_BENCH_POINTS=1000000 seeded on PostgreSQL. JSON in bench/results/attack.json.
import { readdirSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
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
/** A member's slowest read we found through the API (PGlite cannot cancel a statement; PostgreSQL cancels at 8 s): an
 *  exact count (Prefer: count=exact) under unanchored multi-wildcard ilike filters on four text columns that match
 *  nothing, so every row is read and tested twice (count and rows). 8.3 s alone at 1M on PGlite (load 6); an ordered
 *  `select=*` with offset 999000 took 3.6 s, one ilike 2.4 s. */
const SLOWEST = process.env.ATTACK_BENCH_SLOWEST
  ?? 'points?select=id&or=(description.ilike.*e*e*e*e*e*e*e*e*q*,name.ilike.*e*e*e*e*e*q*,ticket_number.ilike.*e*e*e*q*,kilometer.ilike.*e*e*q*)&limit=1';
const SLOWEST_MODE = process.env.ATTACK_BENCH_LOAD === 'slowest';
const LOAD_PATH = SLOWEST_MODE ? SLOWEST : HEAVY;
const LOADERS = SLOWEST_MODE ? 1 : ATTACKERS;
const DATA_DIR = process.env.ATTACK_BENCH_DATA_DIR;

type Server = ServerProcess;
// ATTACK_BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server process only.
const serverNodeArgs = process.env.ATTACK_BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
const startServer = (databaseUrl?: string) => startServerProcess({ port: PORT, seedPoints: EXTRA_POINTS, databaseUrl, nodeArgs: serverNodeArgs, dataDir: databaseUrl ? undefined : DATA_DIR });
const stopServer = stopServerProcess;

/** The load: LOADERS loops of LOAD_PATH in a worker thread (its own event loop), until told to stop. */
function startLoad(s: Server): { stop: () => Promise<{ done: number; ms: number[]; statuses: Record<string, number> }> } {
  const w = new Worker(`
    const { parentPort, workerData: d } = require('node:worker_threads');
    let stop = false; const ms = []; const statuses = {};
    parentPort.on('message', () => { stop = true; });
    const one = async () => { while (!stop) { const t = performance.now();
      const r = await fetch(d.url + '/rest/v1/' + d.path, { headers: d.headers }); await r.arrayBuffer();
      ms.push(performance.now() - t); statuses[r.status] = (statuses[r.status] || 0) + 1; } };
    Promise.all(Array.from({ length: d.n }, one)).then(() => parentPort.postMessage({ done: ms.length, ms, statuses }));
  `, { eval: true, workerData: { url: s.url, path: LOAD_PATH, n: LOADERS, headers: { apikey: s.anonKey, Authorization: `Bearer ${s.token}`, ...(SLOWEST_MODE ? { Prefer: 'count=exact' } : {}) } } });
  return { stop: () => new Promise((resolve) => { w.once('message', (m) => { void w.terminate(); resolve(m); }); w.postMessage('stop'); }) };
}

type ProbeName = 'config' | 'static' | 'health' | 'member read' | 'realtime delay';

/** The admin follows the line's private Broadcast channel; `once` inserts a point and resolves when its invalidation arrives. */
async function realtimeProbe(s: Server) {
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' };
  const lineId = ((await (await fetch(`${s.url}/rest/v1/lines?select=id&limit=1`, { headers })).json()) as { id: string }[])[0].id;
  const db = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  await db.realtime.setAuth(s.token);
  const waiting = new Map<string, () => void>();
  await new Promise<void>((resolve, reject) => {
    db.channel(`line:${lineId}`, { config: { private: true } })
      .on('broadcast', { event: 'invalidate' }, (m: { payload?: { rows?: { id: string }[] } }) => { for (const r of m.payload?.rows ?? []) waiting.get(String(r.id))?.(); })
      .subscribe((status) => { if (status === 'SUBSCRIBED') resolve(); else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`join ${status}`)); });
  });
  return {
    async once(): Promise<{ ok: boolean }> {
      const id = randomUUID();
      const seen = new Promise<boolean>((resolve) => { waiting.set(id, () => resolve(true)); setTimeout(() => resolve(false), 60_000); });
      const r = await fetch(`${s.url}/rest/v1/points`, { method: 'POST', headers, body: JSON.stringify({ id, name: `Sonde ${id.slice(0, 8)}`, description: 'sonde',
        kilometer: '12.50', km_value: 12.5, position: { x: 5000, y: 700 }, status: 'signale', criticality: 'attention', line_id: lineId, observed_at: new Date().toISOString() }) });
      await r.arrayBuffer();
      const ok = r.ok && await seen;
      waiting.delete(id);
      return { ok };
    },
    close: () => db.removeAllChannels(),
  };
}

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
async function probePhase(s: Server, asset: string, ms: number, rt: Awaited<ReturnType<typeof realtimeProbe>>): Promise<{ lat: Record<ProbeName, Summary>; peakRss: number; errors: number }> {
  const headers = { apikey: s.anonKey, Authorization: `Bearer ${s.token}` };
  const kinds: Record<ProbeName, () => Promise<{ ok: boolean }>> = {
    config: () => probe(`${s.url}/config.json`),
    static: () => probe(`${s.url}${asset}`),
    health: () => probe(`${s.url}/health`),
    'member read': () => probe(`${s.url}/rest/v1/${SMALL}`, headers),
    'realtime delay': () => rt.once(),
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
  const rt = await realtimeProbe(s);
  const slowest = SLOWEST_MODE ? await (async () => {
    const t = performance.now();
    const r = await fetch(`${s.url}/rest/v1/${SLOWEST}`, { headers: { ...headers, Prefer: 'count=exact' } });
    return { status: r.status, body: (await r.text()).slice(0, 200), ms: round(performance.now() - t) };
  })() : null;
  const baseline = await probePhase(s, asset, PHASE_MS, rt);
  const rssBefore = rssMB(pid);
  const t0 = performance.now();
  const attack = await fetch(`${s.url}/rest/v1/${ATTACK}`, { headers });
  await attack.arrayBuffer();
  const attackMs = performance.now() - t0;
  const load = startLoad(s);
  const underLoad = await probePhase(s, asset, PHASE_MS, rt);
  const heavy = await load.stop();
  await rt.close();
  await sleep(2000);
  const rssAfter2s = rssMB(pid);
  await sleep(Math.max(0, AFTER_MS - 2000));
  const rssAfter = rssMB(pid);
  return {
    load1, slowest, attackStatus: attack.status, attackMs, heavyDone: heavy.done, heavyStatuses: heavy.statuses, heavy: summarize(heavy.ms),
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
      [`p95 ≤ ${TARGET_MS} ms`]: k === 'member read' || k === 'realtime delay' ? '(database)' : l.p95 <= TARGET_MS ? 'yes' : 'NO',
    });
  }
}
printTable(`Probes idle, then under ${LOADERS} concurrent loop(s) of ${LOAD_PATH}, ${DATA_DIR ? `data dir ${DATA_DIR}` : `${EXTRA_POINTS} extra points`}, ${PHASE_MS / 1000} s each`, rows);
for (const [name, r] of Object.entries(results)) if (r.slowest) console.log(`${name}: the slowest request alone: ${r.slowest.status} in ${r.slowest.ms} ms ${r.slowest.body}`);
printTable('Attack, load and server memory (RSS of the server process, MB)', Object.entries(results).map(([name, r]) => ({
  variant: name, 'load avg (cores)': `${r.load1} (${machineLoad().cores})`, 'issue attack status / ms': `${r.attackStatus} / ${round(r.attackMs)}`,
  'load requests (p50 ms)': `${r.heavyDone} (${round(r.heavy.median)}) ${JSON.stringify(r.heavyStatuses)}`, 'probe errors': r.errors,
  'RSS before / peak / +2 s / +60 s': Object.values(r.rssMB).join(' / '),
})));
writeResults(SLOWEST_MODE ? 'attackSlowest' : 'attack', { points: EXTRA_POINTS, dataDir: DATA_DIR, phaseMs: PHASE_MS, loaders: LOADERS, load: LOAD_PATH, results });
