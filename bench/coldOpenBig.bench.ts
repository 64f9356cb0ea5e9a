// The app at 1M points in one browser session per build: the cold sign-in → every point (server CPU, long tasks), renderer
// PSS, a status filter change, the whole-line report (form ready, first rows, PSS during it), then the warm open
// from the replica (a new page of the same browser context, signed in: open → map drawn from the replica and → caught
// up, long tasks), the same warm open phone-class (390×844, CDP CPU ×4) and a status filter change after it.
// Today's build against a baseline build (a git ref) in the same run, BIG_RUNS runs alternating.
//   BIG_DIR=/work/bench-data/big-pglite BIG_POINTS=1000000 APP_BENCH_BASELINE_REF=main npm run bench coldOpenBig
// Env: BIG_DIR (holds <db>-<points>: a cp -a of a seeded data dir, seeded there when missing), BIG_POINTS (1000000),
// BIG_PORT (3700), BIG_RUNS (1), BIG_TRACE=1 (Chromium traces of the warm open and the report's generation: CPU per
// thread and the main thread's long tasks with what ran in them are printed), BIG_DIST (the build to use, e.g. an
// unminified `npx vite build --minify false --outDir <dir>` for readable names), BIG_PHONE=0 (no phone-class warm open), APP_BENCH_BASELINE_REF (none: current build only),
// APP_BENCH_DB=postgres with DATABASE_URL (the server seeds an empty database at its first start).
import type { Browser, Page } from '@playwright/test';
import { unbufferedChromium } from './lib/unbufferedChromium';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { pidCpuMs, startAppServer } from './app/processes';
import { clickToFrames, LONGTASK_INIT, longTasksSince, signInLoaded, timed } from './app/scenario';
import { rendererPss } from './app/memory';
import { traced } from './app/coldTrace';
import { RESULTS_DIR, printTable, round, writeResults } from './lib/stats';
import { POINTS_STATE_INIT } from './lib/pointsState';

const DIR = process.env.BIG_DIR ?? '/tmp/big-bench';
const N = Number(process.env.BIG_POINTS ?? 1_000_000);
const PORT = process.env.BIG_PORT ?? '3700';
const RUNS = Number(process.env.BIG_RUNS ?? 1);
const TRACE = process.env.BIG_TRACE === '1';
const PHONE = process.env.BIG_PHONE !== '0';
const DB = process.env.APP_BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const STEP = 300_000;
if (DB === 'postgres' && !process.env.DATABASE_URL) throw new Error('APP_BENCH_DB=postgres needs DATABASE_URL');
mkdirSync(DIR, { recursive: true });
const current = resolve(process.env.BIG_DIST ?? 'dist');
if (!existsSync(join(current, 'index.html')) || process.env.APP_BENCH_BUILD === '1') execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const builds = [{ name: 'current', dir: current }];
if (process.env.APP_BENCH_BASELINE_REF) builds.unshift({ name: 'baseline', dir: baselineDist(DIR) });
const env = {
  PORT, HOST: '127.0.0.1', DATA_DIR: join(DIR, `${DB}-${N}`), SEED: 'demo', SEED_POINTS: String(N), RATE_LIMIT_DISABLED: '1', SEED_LINES: '1',
  ...(DB === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
};

/** Every value window.__railPerf takes (bench/lib/pointsState.ts), with its page time. */
const PERF_LOG = `(() => {
  window.__perfLog = [];
  let v;
  Object.defineProperty(window, '__railPerf', { configurable: true, get: () => v, set: (x) => { v = x; window.__perfLog.push({ points: x.points, loading: x.loading, at: x.at }); } });
})()`;
const LOADED = `(() => window.__railPerf && !window.__railPerf.loading ? window.__railPerf.points : -1)()`;

/** Points in the replica's line records (0 when none): the warm open waits for the cold open's write. */
const replicaCount = (page: Page) => page.evaluate(async () => {
  const dbs = await indexedDB.databases();
  if (!dbs.some((d) => d.name === 'signalements-replica')) return 0;
  return new Promise<number>((res, rej) => {
    const req = indexedDB.open('signalements-replica');
    req.onerror = () => rej(req.error);
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction('index', 'readonly');
      const all = tx.objectStore('index').getAll();
      tx.oncomplete = () => { res((all.result as { count: number }[]).reduce((n, r) => n + (r?.count ?? 0), 0)); db.close(); };
    };
  });
});

/** Per thread CPU (trace tdur) and the main thread's long tasks with what ran in them. */
function printTrace(what: string, r: Awaited<ReturnType<typeof traced>>) {
  console.log(`${what}: wall ${r.wallMs} ms; CPU per thread (ms):`, r.threads.map((t) => `${t.name} ${t.cpuMs}`).join(', '));
  const long = r.threads.find((t) => t.name === 'CrRendererMain')?.long ?? [];
  console.table(long.sort((a, b) => b.ms - a.ms).slice(0, 12));
  return long;
}

const median = (a: number[]) => [...a].sort((x, y) => x - y)[a.length >> 1];

async function filterChangeMs(page: Page): Promise<number> {
  const filters: number[] = [];
  for (let k = 0; k < 3; k++) {
    filters.push(await clickToFrames(page, '.status-chips button', 'Signalé'));
    filters.push(await clickToFrames(page, '.status-chips button', 'Tous'));
  }
  return median(filters);
}

/** The whole-line report: form ready, 'Générer le rapport' → first rows, PSS once rows are shown. */
async function wholeLineReport(browser: Browser, page: Page): Promise<Record<string, unknown>> {
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  const ready = await timed(async () => {
    await page.getByRole('button', { name: 'Rapport', exact: true }).click();
    await form.getByText(/signalements? chargés?/).waitFor({ timeout: STEP });
  });
  if (ready.ms === null) return { reportError: ready.error };
  await form.getByRole('button', { name: 'PK de départ : valeur minimale' }).click();
  await form.getByRole('button', { name: "PK d'arrivée : valeur maximale" }).click();
  const submit = form.getByRole('button', { name: 'Générer le rapport' });
  await submit.waitFor();
  const t0 = await page.evaluate(() => performance.now());
  const generate = async () => {
    await submit.click();
    await page.waitForFunction(() => {
      const cell = document.querySelector('.report-view .report-row .report-label');
      return !!cell && cell.textContent !== '…';
    }, null, { timeout: STEP, polling: 50 });
  };
  const gen = await timed(async () => {
    if (TRACE) printTrace('report generate', await traced(browser, page, join(RESULTS_DIR, `coldOpenBig-report-${N}.trace.json`), generate));
    else await generate();
  });
  const tasks = await longTasksSince(page, t0);
  return {
    reportFormReadyMs: ready.ms, generateToFirstRowsMs: gen.ms, reportError: gen.error,
    reportLongestTaskMs: tasks.length ? Math.max(...tasks) : 0, rendererPssReportMb: (await rendererPss(browser)).rendererPssMb,
  };
}

/** A warm open on a new page of the signed-in context: open → drawn from the replica, → caught up; long tasks. */
async function warmOpen(browser: Browser, page: Page, url: string, traceFile: string | null) {
  await page.addInitScript(PERF_LOG);
  const open = async () => {
    await page.goto(url);
    await page.waitForFunction(`${LOADED} >= ${N}`, undefined, { timeout: STEP, polling: 50 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };
  let longInTrace: unknown = undefined;
  if (traceFile) longInTrace = printTrace('warm open', await traced(browser, page, traceFile, open));
  else await open();
  const log = await page.evaluate(() => (window as unknown as { __perfLog: { points: number; loading: boolean; at: number }[] }).__perfLog);
  const drawn = log.find((e) => e.points >= N)?.at ?? NaN;
  const caughtUp = log.find((e) => e.points >= N && !e.loading)?.at ?? NaN;
  const tasks = await longTasksSince(page, 0);
  return { drawnMs: drawn, caughtUpMs: caughtUp, longTasks: tasks.length, longestTaskMs: tasks.length ? Math.max(...tasks) : 0, longInTrace };
}

const load0 = loadavg()[0];
const browser = await unbufferedChromium().launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form result tree written to JSON
const results: Record<string, any[]> = Object.fromEntries(builds.map((b) => [b.name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const b of builds) {
      const s = await startAppServer({ ...env, STATIC_DIR: b.dir });
      const out: Record<string, unknown> = { load: [loadavg()[0]] };
      try {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
        await context.addInitScript(POINTS_STATE_INIT);
        await context.addInitScript(LONGTASK_INIT);
        let page = await context.newPage();
        const cpu0 = pidCpuMs(s.proc.pid!);
        Object.assign(out, await signInLoaded(page, s.url, N));
        console.log(`${b.name}: cold open ${out.signInToAllPointsMs} ms`);
        out.loadServerCpuMs = pidCpuMs(s.proc.pid!) - cpu0;
        await page.waitForTimeout(1500);
        out.rendererPssLoadedMb = (await rendererPss(browser)).rendererPssMb;
        out.statusFilterMs = await filterChangeMs(page);
        Object.assign(out, await wholeLineReport(browser, page));
        console.log(`${b.name}: report form ${out.reportFormReadyMs} ms, first rows ${out.generateToFirstRowsMs} ms; waiting for the replica`);
        for (let t = Date.now(); (await replicaCount(page)) < N && Date.now() - t < STEP;) await page.waitForTimeout(3000);
        await page.close();

        page = await context.newPage();
        const warm = await warmOpen(browser, page, s.url, TRACE ? join(RESULTS_DIR, `coldOpenBig-warm-${b.name}-${N}-${run}.trace.json`) : null);
        console.log(`${b.name}: warm open drawn ${warm.drawnMs} ms`);
        out.warmDrawnMs = warm.drawnMs; out.warmCaughtUpMs = warm.caughtUpMs; out.warmLongTasks = warm.longTasks; out.warmLongestTaskMs = warm.longestTaskMs;
        await page.waitForTimeout(1500);
        out.warmRendererPssMb = (await rendererPss(browser)).rendererPssMb;
        out.warmStatusFilterMs = await filterChangeMs(page);
        await page.close();

        if (PHONE) {
          page = await context.newPage();
          await page.setViewportSize({ width: 390, height: 844 });
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          const phone = await warmOpen(browser, page, s.url, null);
          out.phoneWarmDrawnMs = phone.drawnMs; out.phoneWarmCaughtUpMs = phone.caughtUpMs; out.phoneWarmLongTasks = phone.longTasks; out.phoneWarmLongestTaskMs = phone.longestTaskMs;
          await page.close();
        }
        await context.close();
      } catch (e) {
        out.error = (e as Error).message.split('\n')[0];
      } finally { await s.stop(); }
      (out.load as number[]).push(loadavg()[0]);
      console.log(`${b.name} run ${run}:`, JSON.stringify(out));
      results[b.name].push(out);
    }
  }
} finally {
  await browser.close();
}
const metrics: [string, string][] = [
  ['signInToAllPointsMs', 'cold: sign-in → every point (ms)'], ['loadServerCpuMs', 'cold: server CPU (ms)'],
  ['loadLongTasks', 'cold: tasks > 50 ms'], ['loadLongestTaskMs', 'cold: longest task (ms)'],
  ['rendererPssLoadedMb', 'renderer PSS once loaded (MB)'], ['statusFilterMs', 'status filter change → painted (ms)'],
  ['reportFormReadyMs', 'report form ready (ms)'], ['generateToFirstRowsMs', "'Générer le rapport' → first rows (ms)"],
  ['reportLongestTaskMs', 'report: longest task (ms)'], ['rendererPssReportMb', 'renderer PSS during the report (MB)'],
  ['warmDrawnMs', 'warm: open → map drawn (ms)'], ['warmCaughtUpMs', 'warm: open → caught up (ms)'],
  ['warmLongTasks', 'warm: tasks > 50 ms'], ['warmLongestTaskMs', 'warm: longest task (ms)'],
  ['warmRendererPssMb', 'warm: renderer PSS (MB)'], ['warmStatusFilterMs', 'warm: status filter change (ms)'],
  ['phoneWarmDrawnMs', 'phone ×4 warm: open → map drawn (ms)'], ['phoneWarmCaughtUpMs', 'phone ×4 warm: → caught up (ms)'],
  ['phoneWarmLongTasks', 'phone ×4 warm: tasks > 50 ms'], ['phoneWarmLongestTaskMs', 'phone ×4 warm: longest task (ms)'],
];
const pick = (name: string, k: string) => { const v = (results[name] ?? []).map((r) => r[k]).filter((x): x is number => typeof x === 'number'); return v.length ? median(v) : NaN; };
printTable(`1M open at ${N.toLocaleString('en')} points (${DB}), median of ${RUNS}; load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`, metrics.map(([k, metric]) => {
  const base = builds.length > 1 ? pick('baseline', k) : NaN, cur = pick('current', k);
  return { metric, baseline: Number.isFinite(base) ? round(base, 0) : '—', current: Number.isFinite(cur) ? round(cur, 0) : '—', 'baseline/current': Number.isFinite(base) && cur > 0 ? `${round(base / cur, 2)}×` : '' };
}));
console.log(`written ${writeResults(`coldOpenBig-${DB}-${N}`, { points: N, runs: RUNS, loadAverage: [load0, loadavg()[0]], ...results })}`);
