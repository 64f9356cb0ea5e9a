// Soak bench (`npm run bench soak`): SOAK_MINUTES (default 10) of SOAK_CLIENTS (20) clients with the app's
// mix against the server in its own process, at SOAK_POINTS (100,000) points: on PGlite (one instance) and on
// PostgreSQL with two instances on one database (clients split between them; SOAK_PG=0 skips it). Each client is a
// real supabase-js client (signed in as the demo admin: creating 20 members is not what is measured) that loops
// over: the point index catch-up since its last read (point_index_bin with p_since, bytes read as the app reads them
// after an invalidation), details of 20 points, a search, a new point (insert with its own id, as the outbox does), a
// versioned update (with updated_at). Every client follows the line's private Broadcast channel as the app does
// (`line:<id>`, event `invalidate`, ids in `rows`). Reported: the server's RSS every 30 s, errors, and for every
// acknowledged change (insert or update answered 2xx) whether it reached every subscriber before the end (+10 s).
// SOAK_PGLITE=0 skips PGlite. SOAK_HEAP=1 also takes a heap snapshot of every server before the clients start and
// after the end (each after a full GC: live heap, and what grew by constructor), to tell garbage from a leak.
// JSON in bench/results/soak.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { fetchBinary } from '../workers/pointIndexFetch';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { rmSync } from 'node:fs';
import { startTempPostgres, type TempPostgres } from '../server/db/tempPostgres';
import { BENCH_ADMIN, rssMB, sleep, startServerProcess, stopServerProcess, type ServerProcess } from './lib/serverProcess';
import { heapGrowth, heapSnapshotArgs, takeHeapSnapshot, type HeapSummary } from './lib/heapSnapshot';
import { machineLoad, printTable, round, summarize, writeResults } from './lib/stats';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 20);
const POINTS = Number(process.env.SOAK_POINTS ?? 100_000);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 250); // between two operations of one client
const RSS_EVERY_MS = 30_000;
const PORT = Number(process.env.SOAK_PORT ?? 5393);
const JWT_SECRET = 'soak-bench-secret-0123456789abcdef0123456789abcdef';
const HEAP = process.env.SOAK_HEAP === '1';
const heap = HEAP ? heapSnapshotArgs() : null;
async function heapAll(servers: ServerProcess[]): Promise<HeapSummary[]> {
  const out: HeapSummary[] = [];
  for (const s of servers) out.push(await takeHeapSnapshot(s.child, heap!.dir)); // one at a time: each holds its heap twice
  return out;
}

type Op = 'index' | 'details' | 'search' | 'insert' | 'update';
const MIX: [Op, number][] = [['index', 0.3], ['details', 0.25], ['search', 0.15], ['insert', 0.15], ['update', 0.15]];
const pick = (): Op => { let r = Math.random(); for (const [op, p] of MIX) { if ((r -= p) < 0) return op; } return 'details'; };
const WORDS = ['fissure', 'traverse', 'ballast', 'signal', 'caténaire', 'aiguillage', 'rail'];

interface Change { id: string; at: number }
interface Client { db: SupabaseClient; server: ServerProcess; seen: Set<string>; joined: boolean }

async function connect(s: ServerProcess, lineId: string): Promise<Client> {
  const db = createClient(s.url, s.anonKey, { auth: { persistSession: false, autoRefreshToken: true }, realtime: { transport: WebSocket as never } });
  const { error } = await db.auth.signInWithPassword(BENCH_ADMIN);
  if (error) throw error;
  const c: Client = { db, server: s, seen: new Set(), joined: false };
  await new Promise<void>((resolve, reject) => {
    db.channel(`line:${lineId}`, { config: { private: true } })
      .on('broadcast', { event: 'invalidate' }, (m: { payload?: { rows?: { id: string }[] } }) => { for (const r of m.payload?.rows ?? []) c.seen.add(String(r.id)); })
      .subscribe((status) => { if (status === 'SUBSCRIBED') { c.joined = true; resolve(); } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`join ${status}`)); });
  });
  return c;
}

async function soak(servers: ServerProcess[]) {
  const admin = createClient(servers[0].url, servers[0].anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
  await admin.auth.signInWithPassword(BENCH_ADMIN);
  const lineId = ((await admin.from('lines').select('id').limit(1).single()).data as { id: string }).id;
  const sample = ((await admin.from('points').select('id').limit(2000)).data ?? []).map((r) => r.id as string);
  const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => connect(servers[i % servers.length], lineId)));
  const acked: Change[] = [];
  const errors: Record<string, number> = {};
  const lat: Record<Op, number[]> = { index: [], details: [], search: [], insert: [], update: [] };
  const rss: { t: number; mb: number[] }[] = [];
  const heapStart = heap ? await heapAll(servers) : null;
  const rssAfterStartGc = servers.map((s) => rssMB(s.child.pid!));
  const start = performance.now();
  const until = start + MINUTES * 60_000;
  const fail = (op: string, e: unknown) => { const k = `${op}: ${(e as { message?: string })?.message ?? String(e)}`.slice(0, 120); errors[k] = (errors[k] ?? 0) + 1; };

  const rssLoop = (async () => {
    for (;;) {
      rss.push({ t: round((performance.now() - start) / 1000, 0), mb: servers.map((s) => rssMB(s.child.pid!)) });
      if (performance.now() + RSS_EVERY_MS > until) break;
      await sleep(RSS_EVERY_MS);
    }
  })();

  const run = async (c: Client) => {
    let since = new Date().toISOString();
    while (performance.now() < until) {
      const op = pick();
      const t = performance.now();
      try {
        if (op === 'index') {
          const now = new Date().toISOString();
          const token = (await c.db.auth.getSession()).data.session?.access_token ?? '';
          await fetchBinary({ url: c.server.url, anonKey: c.server.anonKey, token }, 'point_index_bin', { p_since: since, p_line_id: lineId });
          since = now;
        } else if (op === 'details') {
          const ids = Array.from({ length: 20 }, () => sample[Math.floor(Math.random() * sample.length)]);
          const r = await c.db.from('points').select('*, teams(name)').in('id', ids);
          if (r.error) throw r.error;
        } else if (op === 'search') {
          const r = await c.db.rpc('search_points', { query: WORDS[Math.floor(Math.random() * WORDS.length)], max_results: 21 });
          if (r.error) throw r.error;
        } else if (op === 'insert') {
          const id = randomUUID();
          const r = await c.db.from('points').insert({ id, name: `Soak ${id.slice(0, 8)}`, description: 'soak', kilometer: '12.50', km_value: 12.5,
            position: { x: 3000 + Math.random() * 6000, y: 700 }, status: 'signale', criticality: 'attention', line_id: lineId, observed_at: new Date().toISOString() });
          if (r.error) throw r.error;
          acked.push({ id, at: performance.now() });
        } else {
          const id = sample[Math.floor(Math.random() * sample.length)];
          const cur = await c.db.from('points').select('updated_at').eq('id', id).single();
          if (cur.error) throw cur.error;
          const r = await c.db.from('points').update({ description: `soak ${Date.now()}`, updated_at: cur.data.updated_at }).eq('id', id).select('id');
          // A stale version (another client changed the point between the read and the write) is the 409 the app resolves: not an error.
          if (r.error && r.status !== 409) throw r.error;
          if (!r.error) acked.push({ id, at: performance.now() });
        }
        lat[op].push(performance.now() - t);
      } catch (e) { fail(op, e); }
      await sleep(THINK_MS * (0.5 + Math.random()));
    }
  };
  await Promise.all(clients.map(run));
  await rssLoop;
  await sleep(10_000); // the last changes' messages
  let missed = 0;
  const missedBy: number[] = [];
  for (const c of clients) { const m = acked.filter((a) => !c.seen.has(a.id)).length; missed += m; missedBy.push(m); }
  const rssAfter = servers.map((s) => rssMB(s.child.pid!));
  const heapEnd = heap ? await heapAll(servers) : null;
  const rssAfterEndGc = servers.map((s) => rssMB(s.child.pid!));
  await Promise.all(clients.map((c) => c.db.removeAllChannels()));
  return {
    load1: machineLoad().load1, acked: acked.length, deliveries: acked.length * clients.length, missed, missedBy, errors,
    ops: Object.fromEntries(Object.entries(lat).map(([k, v]) => [k, summarize(v)])), rss, rssAfter10s: rssAfter,
    rssAfterGc: { start: rssAfterStartGc, end: rssAfterEndGc },
    heap: heapStart && heapEnd ? servers.map((_, i) => ({ startMB: heapStart[i].liveMB, endMB: heapEnd[i].liveMB, grew: heapGrowth(heapStart[i], heapEnd[i]) })) : null,
  };
}

const temp: { pg: TempPostgres | null } = { pg: null };
const results: Record<string, Awaited<ReturnType<typeof soak>>> = {};
try {
  const nodeArgs = heap?.nodeArgs ?? [];
  if (process.env.SOAK_PGLITE !== '0') {
    const s = await startServerProcess({ port: PORT, seedPoints: POINTS, env: { JWT_SECRET }, nodeArgs });
    try { results['PGlite, 1 instance'] = await soak([s]); } finally { await stopServerProcess(s); }
  }
  if (process.env.SOAK_PG !== '0') {
    const url = process.env.DATABASE_URL ?? (temp.pg = await startTempPostgres()).url;
    const a = await startServerProcess({ port: PORT + 1, seedPoints: POINTS, databaseUrl: url, env: { JWT_SECRET }, nodeArgs });
    const b = await startServerProcess({ port: PORT + 2, seedPoints: 0, databaseUrl: url, env: { JWT_SECRET }, nodeArgs }).catch(async (e) => { await stopServerProcess(a); throw e; });
    try { results['PostgreSQL, 2 instances'] = await soak([a, b]); } finally { await stopServerProcess(a); await stopServerProcess(b); }
  }
} finally { temp.pg?.stop(); if (heap) rmSync(heap.dir, { recursive: true, force: true }); }

printTable(`Soak: ${CLIENTS} clients × ${MINUTES} min at ${POINTS} extra points (think ${THINK_MS} ms ±50 %)`, Object.entries(results).map(([name, r]) => ({
  variant: name, 'load avg': round(r.load1), 'acked changes': r.acked, deliveries: r.deliveries, missed: r.missed,
  errors: Object.values(r.errors).reduce((a, b) => a + b, 0),
  'p50/p95 ms index · details · search · insert · update': (['index', 'details', 'search', 'insert', 'update'] as Op[]).map((k) => `${round(r.ops[k].median, 0)}/${round(r.ops[k].p95, 0)}`).join(' · '),
})));
printTable('Server RSS (MB) every 30 s, per instance', Object.entries(results).flatMap(([name, r]) => [...r.rss.map((x) => ({ variant: name, 't (s)': x.t, 'RSS MB': x.mb.join(' / ') })),
  { variant: name, 't (s)': 'end + 10', 'RSS MB': r.rssAfter10s.join(' / ') }]));
if (HEAP) {
  printTable('Live JS heap after a full GC (heap snapshot), and RSS after it, per instance', Object.entries(results).flatMap(([name, r]) => (r.heap ?? []).map((h, i) => ({
    variant: name, instance: i + 1, 'heap MB start → end': `${h.startMB} → ${h.endMB}`,
    'RSS MB after GC start → end': `${r.rssAfterGc.start[i]} → ${r.rssAfterGc.end[i]}`,
    'grew most (kB, objects)': h.grew.slice(0, 4).map((g) => `${g.name} ${g.kB} kB/${g.count}`).join(' · '),
  }))));
}
for (const [name, r] of Object.entries(results)) if (Object.keys(r.errors).length) console.log(name, 'errors:', r.errors);
writeResults('soak', { minutes: MINUTES, clients: CLIENTS, points: POINTS, thinkMs: THINK_MS, results });
