// The precomputed pages of a cold open (public.point_index_pages_bin, Accept: application/octet-stream) through the
// embedded server over a seeded data dir, read as the app reads them (workers/pointIndexApi.ts fetchPages: fetch and
// decode) against the same calls' bytes alone (the baseline: fetched, not decoded), alternating the two in one run:
// the server's CPU (the whole process: HTTP + PGlite's thread), the wall time, the bytes on the wire (br/gzip
// accepted, as a browser asks) and this process's CPU after the answer (the decoding the point-index API adds).
//   PAGES_DIR=/work/bench-data/wt-cold-100k PAGES_POINTS=100000 PAGES_PORT=4106 PAGES_RUNS=4 npm run bench coldOpenPages
// PAGES_STEP: pages per call after the first two (85: 3 calls; the app's split at 1M is 10).
// PAGES_DIR holds pglite-<points> (made by `bench coldOpen`, or a copy of /work/bench-data/pglite-<points>); PAGES_DATA:
// a data dir to use as is instead (e.g. a copy of /work/bench-data/server-1m).
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { pidCpuMs, startAppServer } from './app/processes';
import { ADMIN } from './app/scenario';
import { createPointIndexApi } from '../workers/pointIndexApi';
import { cpuMs, median, printTable, round, writeResults } from './lib/stats';

const DIR = process.env.PAGES_DIR ?? '/tmp/perf-bench';
const N = Number(process.env.PAGES_POINTS ?? 100_000);
const PORT = process.env.PAGES_PORT ?? '4106';
const RUNS = Number(process.env.PAGES_RUNS ?? 4);
/** The app's split of a cold open (src/data/pointIndexSource.ts: 2 first pages, then ranges of ~TARGET_ROWS). */
/** PAGES_STEP=<pages per call>: the app's split at 1M points is 10 (TARGET_ROWS / points per page). */
const STEP = Number(process.env.PAGES_STEP ?? 85);
const RANGES: [number, number][] = [[0, 2]];
for (let from = 2; from < 256; from += STEP) RANGES.push([from, Math.min(256, from + STEP)]);

const server = await startAppServer({ PORT, HOST: '127.0.0.1', DATA_DIR: process.env.PAGES_DATA ?? join(DIR, `pglite-${N}`), SEED: 'demo', SEED_POINTS: String(N), RATE_LIMIT_DISABLED: '1', SEED_LINES: '1' });
const load0 = loadavg()[0];
try {
  const anonKey = String(await (await fetch(`${server.url}/config.json`).catch(() => null))?.json().then((c: { anonKey?: string; supabaseAnonKey?: string }) => c.anonKey ?? c.supabaseAnonKey).catch(() => '') ?? '');
  const client = createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { data: signIn, error } = await client.auth.signInWithPassword(ADMIN);
  if (error || !signIn.session) throw error ?? new Error('no session');
  const token = signIn.session.access_token;
  const { data: lines } = await client.from('lines').select('id').limit(1);
  const lineId = (lines as { id: string }[])[0].id;
  const headers = { apikey: anonKey, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'br, gzip' };

  const api = createPointIndexApi();
  api.configure(server.url, anonKey, token);
  type Form = 'bytes' | 'api';
  async function readAll(form: Form) {
    const cpu0 = pidCpuMs(server.proc.pid!), t0 = performance.now(), c0 = cpuMs();
    let wire = 0, points = 0;
    for (const [from, to] of RANGES) {
      if (form === 'api') {
        points += (await api.fetchPages(lineId, from, to)).pages.reduce((n, p) => n + p.count, 0);
        continue;
      }
      const res = await fetch(`${server.url}/rest/v1/rpc/point_index_pages_bin`, {
        method: 'POST', headers: { ...headers, Accept: 'application/octet-stream' },
        body: JSON.stringify({ p_line_id: lineId, p_page_from: from, p_page_to: to }),
      });
      if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
      wire += Number(res.headers.get('content-length') ?? 0);
      await res.arrayBuffer();
    }
    return { wallMs: performance.now() - t0, serverCpuMs: pidCpuMs(server.proc.pid!) - cpu0, clientCpuMs: cpuMs() - c0, wireKb: wire / 1024, points };
  }

  await readAll('bytes'); await readAll('api'); // dirty pages rebuilt, caches warm: both read stored pages
  const runs: Record<Form, Awaited<ReturnType<typeof readAll>>[]> = { bytes: [], api: [] };
  for (let r = 0; r < RUNS; r++) for (const form of (r % 2 ? ['api', 'bytes'] : ['bytes', 'api']) as Form[]) runs[form].push(await readAll(form));
  const med = (form: Form, k: keyof Awaited<ReturnType<typeof readAll>>) => median(runs[form].map((x) => x[k]));
  const rows = (['serverCpuMs', 'wallMs', 'clientCpuMs', 'wireKb', 'points'] as const).map((k) => ({
    measure: k, bytes: round(med('bytes', k), 0), api: round(med('api', k), 0), 'api / bytes': round(med('api', k) / Math.max(1, med('bytes', k)), 2),
  }));
  printTable(`cold open pages at ${N} points, median of ${RUNS} (load ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}, 2 cores)`, rows);
  console.log('results:', writeResults(`coldOpenPages-${N}`, { points: N, runs, load: [load0, loadavg()[0]] }));
} finally {
  await server.stop();
}
