// Product-level bench: the BUILT app through the embedded server in Debian Chromium, with SEED_POINTS
// points (data dirs reused under APP_BENCH_DIR so each size is seeded once), today's build against a baseline build
// of the app before the scale work (bench/app/baseline.ts) in the same run, plus the old loader alone (supabase-js
// paging objects with their team, 1000 rows a page, in Node).
//   npm run bench app                                   sizes 100k and 1M (APP_BENCH_SIZES=100000 for a quick run)
//   APP_BENCH_SIZES=100000 APP_BENCH_DB=postgres DATABASE_URL=postgres://… npm run bench app   on PostgreSQL
// Env: APP_BENCH_DIR (/tmp/rail-app-bench), APP_BENCH_PORT (3206), APP_BENCH_BASELINE=0 to skip the baseline build,
// APP_BENCH_BASELINE_REF (git ref; `main` compares with today's main), APP_BENCH_WORD=0 to skip the Word downloads,
// APP_BENCH_PHONE=0, APP_BENCH_DESKTOP=0 (phone run only), APP_BENCH_PHONE_MAX (largest size with a phone run, 100000), APP_BENCH_PROFILE=1 (CPU profile of
// the phone wheel zoom, top functions printed), APP_BENCH_PHONE_TRACE=1 (trace of the phone gestures: each task > 50 ms and what ran in it), APP_BENCH_STEP_TIMEOUT_MS, APP_BENCH_OLD_LOADER=0 to skip the old loader (minutes at 1M). Renderer memory: PSS (bench/app/memory.ts), in a Chromium whose DevTools keep no response bodies (bench/lib/unbufferedChromium.ts).
// APP_BENCH_LINES=50x20000: the network-of-lines case first (bench/app/linesCase.ts; APP_BENCH_SIZES=0 for it alone).
import type { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { pidCpuMs, startAppServer } from './app/processes';
import { ADMIN, desktopRun, phoneRun } from './app/scenario';
import { runLinesCase } from './app/linesCase';
import { printTable, RESULTS_DIR, round, writeResults } from './lib/stats';
import { unbufferedChromium } from './lib/unbufferedChromium';

const SIZES = (process.env.APP_BENCH_SIZES ?? '100000,1000000').split(',').map(Number).filter((n) => n > 0);
const DIR = process.env.APP_BENCH_DIR ?? '/tmp/rail-app-bench';
const PORT = process.env.APP_BENCH_PORT ?? '3206';
const DB = process.env.APP_BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const WITH_BASELINE = process.env.APP_BENCH_BASELINE !== '0';
const WITH_WORD = process.env.APP_BENCH_WORD !== '0';
const WITH_PHONE = process.env.APP_BENCH_PHONE !== '0';
const PROFILE = process.env.APP_BENCH_PROFILE === '1';
const WITH_DESKTOP = process.env.APP_BENCH_DESKTOP !== '0';
const PHONE_TRACE = process.env.APP_BENCH_PHONE_TRACE === '1';
const PHONE_MAX = Number(process.env.APP_BENCH_PHONE_MAX ?? 100_000);
const WITH_OLD_LOADER = process.env.APP_BENCH_OLD_LOADER !== '0';
if (DB === 'postgres' && !process.env.DATABASE_URL) throw new Error('APP_BENCH_DB=postgres needs DATABASE_URL');
mkdirSync(DIR, { recursive: true });

const current = resolve(process.env.APP_BENCH_DIST ?? 'dist'); // APP_BENCH_DIST: another build of today's app (say, unminified for a trace)
if (!existsSync(join(current, 'index.html')) || process.env.APP_BENCH_BUILD === '1') execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const builds: { name: string; dir: string }[] = [{ name: 'current', dir: current }];
if (WITH_BASELINE) builds.unshift({ name: 'baseline', dir: baselineDist(DIR) });
const executablePath = findChromium() ?? undefined;

/** Points on the server, as the admin sees them. */
async function pointCount(url: string, anonKey: string): Promise<number> {
  const sb = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await sb.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const { count } = await sb.from('points').select('id', { count: 'exact', head: true });
  return count ?? 0;
}

/** Today's loader alone: every point as an object with its team, 1000 a page, in Node (supabase-js). */
async function pagedObjectsLoad(url: string, anonKey: string): Promise<{ ms: number; rows: number; total: number }> {
  const sb = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await sb.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const { count } = await sb.from('points').select('id', { count: 'exact', head: true });
  const t = performance.now();
  let rows = 0;
  let last: string | null = null;
  for (;;) {
    let q = sb.from('points').select('*, team:teams(*)').order('id').limit(1000);
    if (last) q = q.gt('id', last);
    const r = await q;
    if (r.error) throw r.error;
    rows += r.data.length;
    if (r.data.length < 1000) break;
    last = r.data[r.data.length - 1].id;
  }
  return { ms: performance.now() - t, rows, total: count ?? rows };
}

// Runs merge into the results file: a size or build not run this time keeps its last figures (say, the baseline).
const RESULTS_NAME = DB === 'postgres' ? 'app-postgres' : 'app';
const previous = (() => { try { return JSON.parse(readFileSync(join(RESULTS_DIR, `${RESULTS_NAME}.json`), 'utf8')) as Record<string, unknown> & { sizes?: number[] }; } catch { return {}; } })();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form result tree written to JSON
const results: Record<string, any> = { ...previous, db: DB, sizes: [...new Set([...(previous.sizes ?? []), ...SIZES])], baselineRef: process.env.APP_BENCH_BASELINE_REF ?? 'd1615d3' };
delete results.name; delete results.context;
const t0 = performance.now();
if (process.env.APP_BENCH_LINES) {
  results.lines = await runLinesCase({ spec: process.env.APP_BENCH_LINES, builds, dir: DIR, port: PORT, db: DB, executablePath, profileDir: PROFILE ? DIR : undefined });
}
for (const n of SIZES) {
  const env = {
    PORT, HOST: '127.0.0.1', DATA_DIR: join(DIR, `${DB}-${n}`), SEED: 'demo', SEED_POINTS: String(n), RATE_LIMIT_DISABLED: '1',
    // One line: the map shows the default line's points, and the count the bench waits for is every point.
    SEED_LINES: '1',
    ...(DB === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
  };
  const perBuild: Record<string, Record<string, unknown>> = { ...(previous[String(n)] ?? {}) };
  for (const b of builds) {
    console.log(`\n${n} points, ${DB}, ${b.name} build: starting the server...`);
    const tStart = performance.now();
    const server = await startAppServer({ ...env, STATIC_DIR: b.dir });
    const startMs = performance.now() - tStart;
    let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
    try {
      const cfg = await (await fetch(`${server.url}/config.json`)).json() as { supabaseUrl: string; supabaseAnonKey: string };
      const apiUrl = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, server.url).toString().replace(/\/$/, '') : server.url;
      const loader = WITH_DESKTOP && WITH_OLD_LOADER ? await pagedObjectsLoad(apiUrl, cfg.supabaseAnonKey) : { ms: null, total: await pointCount(apiUrl, cfg.supabaseAnonKey) };
      browser = await unbufferedChromium().launch({ executablePath, args: CHROMIUM_ARGS });
      const desk = WITH_DESKTOP ? await desktopRun(browser, server.url, loader.total, { word: WITH_WORD, serverCpuMs: () => pidCpuMs(server.proc.pid!) }) : {};
      console.log(JSON.stringify(desk));
      const phone = WITH_PHONE && n <= PHONE_MAX
        ? await phoneRun(browser, server.url, loader.total, { profileFile: PROFILE ? join(DIR, `phone-wheel-${b.name}-${n}.cpuprofile`) : undefined, traceFile: PHONE_TRACE ? join(DIR, `phone-gestures-${b.name}-${n}.trace.json`) : undefined }).catch((e: Error) => ({ phoneError: e.message.split('\n')[0] }))
        : {};
      perBuild[b.name] = { serverStartMs: startMs, pagedObjectsLoadMs: loader.ms, points: loader.total, ...desk, ...phone };
      console.log(JSON.stringify(perBuild[b.name]));
    } finally {
      await browser?.close();
      await server.stop();
    }
  }
  for (const b of builds) perBuild[b.name].measuredAt = new Date().toISOString();
  results[String(n)] = perBuild;
  const metrics: [string, string][] = [
    ['signInToAllPointsMs', 'sign-in → every point loaded (ms)'], ['firstClustersMs', 'sign-in → first clusters drawn (ms, rail:map-frame)'], ['loadServerCpuMs', 'server CPU time during that load (ms)'], ['loadLongTasks', 'long tasks > 50 ms while loading'],
    ['loadLongestTaskMs', 'longest task while loading (ms)'], ['heapLoadedMb', 'main-thread heap once loaded (MB)'],
    ['rendererPssLoadedMb', 'renderer PSS once loaded (MB)'], ['pageRendererPssLoadedMb', "the page's renderer alone, once loaded (MB)"], ['rendererPssReportMb', 'renderer PSS during the report (MB)'],
    ['statusFilterMs', 'status filter change → painted (ms)'], ['reportFormReadyMs', 'report form ready (ms)'],
    ['generateToFirstRowsMs', "'Générer le rapport' → first rows (ms)"], ['reportRowsInDom', 'report rows in the DOM'],
    ['reportLongestTaskMs', 'longest task, generate → rows (ms)'], ['heapReportMb', 'heap during the report (MB)'], ['heapReportClosedMb', 'heap once the report is closed (MB)'], ['rendererPssReportJustClosedMb', 'renderer PSS 2 s after the report is closed (MB, its tiles still pooled)'], ['rendererPssReportClosedMb', 'renderer PSS 10 s after the report is closed (MB)'],
    ['wordDownloadMs', 'Word download (ms)'], ['wordPeakMainHeapMb', 'Word: peak main-thread heap (MB)'],
    ['wordPeakBrowserRssMb', 'Word: peak Chromium RSS, all processes (MB)'], ['wordPeakRendererRssMb', 'Word: peak renderer RSS (page + workers, MB)'], ['wordFileMb', 'Word file (MB)'],
    ['phoneSignInToMapMs', 'phone ×4 CPU: sign-in → map (ms)'], ['phoneFirstClustersMs', 'phone: sign-in → first clusters drawn (ms)'], ['phoneLoadLongTasks', 'phone: long tasks while loading'], ['phoneLoadLongestTaskMs', 'phone: longest task while loading (ms)'],
    ['phoneZoomFrameP95Ms', 'phone: wheel-zoom frame p95 (ms)'],
    ['phonePanFrameP95Ms', 'phone: drag-pan frame p95 (ms)'], ['phonePanZoomLongTasks', 'phone: long tasks during pan/zoom'],
    ['phonePanZoomLongestTaskMs', 'phone: longest task during pan/zoom (ms)'],
    ['phoneRendererPssMb', 'phone: renderer PSS once loaded (MB)'], ['phonePageRendererPssMb', "phone: the page's renderer alone (MB)"], ['phoneGpuPssMb', 'phone: GPU process PSS (MB)'],
    ['phoneRendererPssAfterGesturesMb', 'phone: renderer PSS after pan/zoom (MB)'], ['phonePageRendererPssAfterGesturesMb', "phone: the page's renderer after pan/zoom (MB)"],
    ['phoneLoadMainCpuMs', 'phone: main-thread CPU, page load + sign-in → map (ms, trace)'], ['phoneGestureMainCpuMs', 'phone: main-thread CPU during pan/zoom (ms, trace)'], ['pagedObjectsLoadMs', 'old loader alone, Node (ms)'],
  ];
  const fmt = (v: unknown) => {
    if (typeof v === 'number') return round(v, 1);
    if (v === null || v === undefined) return '—';
    const t = /Timeout (\d+)ms/.exec(String(v));
    return t ? `none in ${Number(t[1]) / 1000} s` : String(v).slice(0, 40);
  };
  printTable(`App at ${n.toLocaleString('en')} points (${DB}, 1440×900; phone 390×844 dpr 2)`, metrics.map(([k, label]) => {
    const base = perBuild.baseline?.[k], cur = perBuild.current?.[k];
    const ratio = typeof base === 'number' && typeof cur === 'number' && cur > 0 ? `${round(base / cur, 2)}×` : '';
    return { metric: label, baseline: fmt(base ?? perBuild.baseline?.reportError ?? perBuild.baseline?.wordError), current: fmt(cur ?? perBuild.current?.reportError ?? perBuild.current?.wordError), 'baseline/current': ratio };
  }));
}
results.totalSeconds = (performance.now() - t0) / 1000;
console.log(`\nwritten ${writeResults(RESULTS_NAME, results)} in ${round(results.totalSeconds as number, 0)} s`);
