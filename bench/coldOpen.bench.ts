// Where a desktop cold open goes: the built app through the embedded server, sign-in → every
// point, traced (bench/app/coldTrace.ts): busy time per renderer thread (main + workers), the main thread's long
// tasks and what ran in them, and the requests' waterfall; today's build against a baseline build (a git ref) in
// the same run, COLD_RUNS runs each, alternating.
//   COLD_DIR=/tmp/perf-bench COLD_POINTS=100000 APP_BENCH_BASELINE_REF=0019610 npm run bench coldOpen
// Env: COLD_DIR (holds pglite-<points>, reused; seeded there when missing), COLD_POINTS (100000), COLD_PORT (3400),
// COLD_RUNS (3), COLD_PROFILE=1 (CPU profile of the main thread too, top functions printed; COLD_DIST: a build to use,
// e.g. `npx vite build --minify false --outDir /tmp/dist-plain` for readable names), APP_BENCH_BASELINE_REF (none: current build only), APP_BENCH_DB=postgres with DATABASE_URL.
import { unbufferedChromium } from './lib/unbufferedChromium';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { pidCpuMs, startAppServer } from './app/processes';
import { ADMIN } from './app/scenario';
import { recordRequests, traced } from './app/coldTrace';
import { profiled } from './app/profile';
import { allocatorDump, memoryBreakdown } from './app/memoryBreakdown';
import { RESULTS_DIR, printTable, round, writeResults } from './lib/stats';
import { POINTS_STATE_INIT } from './lib/pointsState';

const DIR = process.env.COLD_DIR ?? '/tmp/perf-bench';
const N = Number(process.env.COLD_POINTS ?? 100_000);
const PORT = process.env.COLD_PORT ?? '3400';
const RUNS = Number(process.env.COLD_RUNS ?? 3);
const PROFILE = process.env.COLD_PROFILE === '1';
const DB = process.env.APP_BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
mkdirSync(DIR, { recursive: true });
const current = resolve(process.env.COLD_DIST ?? 'dist');
if (!existsSync(join(current, 'index.html')) || process.env.APP_BENCH_BUILD === '1') execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const builds = [{ name: 'current', dir: current }];
if (process.env.APP_BENCH_BASELINE_REF) builds.unshift({ name: 'baseline', dir: baselineDist(DIR) });

const LOADED = `(() => window.__railPerf && !window.__railPerf.loading ? window.__railPerf.points : -1)()`;
const env = {
  PORT, HOST: '127.0.0.1', DATA_DIR: join(DIR, `${DB}-${N}`), SEED: 'demo', SEED_POINTS: String(N), RATE_LIMIT_DISABLED: '1', SEED_LINES: '1',
  ...(DB === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
};
const load0 = loadavg()[0];
const browser = await unbufferedChromium().launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form result tree written to JSON
const results: Record<string, any[]> = Object.fromEntries(builds.map((b) => [b.name, []]));
try {
  for (let run = 0; run < RUNS; run++) {
    for (const b of builds) {
      // One server per run, serving that build's files (two would share the data dir).
      const s = await startAppServer({ ...env, STATIC_DIR: b.dir });
      try {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
        await context.addInitScript(POINTS_STATE_INIT);
        const page = await context.newPage();
        await page.goto(s.url);
        await page.getByLabel('Email', { exact: true }).fill(ADMIN.email, { timeout: 60_000 });
        await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
        const requests = recordRequests(page);
        const t0 = Date.now();
        const cpu0 = pidCpuMs(s.proc.pid!);
        const profile = PROFILE ? await context.newCDPSession(page) : null;
        const r = await traced(browser, page, join(RESULTS_DIR, `coldOpen-${b.name}-${N}-${run}.trace.json`), async () => {
          const open = async () => {
            await page.getByRole('button', { name: 'Se connecter' }).click();
            await page.waitForFunction(`${LOADED} >= ${N}`, undefined, { timeout: 180_000, polling: 50 });
            await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
          };
          if (!profile) return open();
          const { top } = await profiled(profile, join(RESULTS_DIR, `coldOpen-${b.name}-${N}-${run}.cpuprofile.json`), open, 30);
          console.log('main thread, self time:');
          console.table(top);
        });
        const serverCpuMs = pidCpuMs(s.proc.pid!) - cpu0;
        await page.waitForTimeout(1500); // the replica write and the order settle
        const memory = await memoryBreakdown(browser, page);
        console.table(memory.processes);
        console.table(memory.heaps);
        const allocators = await allocatorDump(browser).catch((e: Error) => ({ error: { [e.message]: 0 } }));
        const renderer = memory.processes.filter((p) => p.type === 'renderer').sort((a, b) => b.pssMb - a.pssMb)[0];
        console.log(`largest renderer (${renderer?.pid}) by allocator (MB):`, JSON.stringify((allocators as Record<string, unknown>)[renderer?.pid ?? -1] ?? {}));
        console.log(`${memory.canvases.length} canvases, ${memory.canvasMb.toFixed(1)} MB of pixels:`, memory.canvases.map((c) => `${c.w}×${c.h}`).join(' '));
        const reqs = requests().filter((q) => q.startMs >= t0 - 5).map((q) => ({ ...q, startMs: round(q.startMs - t0, 0), ttfbMs: round(q.ttfbMs, 0), endMs: round(q.endMs, 0), kb: round(q.kb, 0), url: q.url.replace(s.url, '').slice(0, 90) }));
        const main = r.threads.find((t) => t.name === 'CrRendererMain');
        results[b.name].push({ ...r, serverCpuMs, requests: reqs, memory, allocators });
        console.log(`\n${b.name} run ${run}: wall ${r.wallMs} ms, server CPU ${serverCpuMs} ms, load ${loadavg()[0].toFixed(1)}`);
        console.table(reqs);
        console.table(r.threads.map((t) => ({ thread: t.name, busyMs: t.busyMs, cpuMs: t.cpuMs, ...t.kinds })));
        console.log('main busy per 250 ms:', main?.busyPer250ms.join(' '));
        for (const t of r.threads.filter((x) => x.name !== 'CrRendererMain')) console.log(`${t.name} busy per 250 ms:`, t.busyPer250ms.join(' '));
        console.table(main?.long ?? []);
        await context.close();
      } finally { await s.stop(); }
    }
  }
} finally {
  await browser.close();
}
const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
const pick = (name: string, f: (r: (typeof results)[string][number]) => number) => med(results[name]?.map(f) ?? []);
const rows: [string, (r: (typeof results)[string][number]) => number][] = [
  ['sign-in → every point (ms, wall)', (r) => r.wallMs],
  ['server CPU (ms)', (r) => r.serverCpuMs],
  ['main thread busy (ms)', (r) => r.threads.find((t: { name: string }) => t.name === 'CrRendererMain')?.busyMs ?? NaN],
  ['workers busy (ms)', (r) => r.threads.filter((t: { name: string }) => /DedicatedWorker/.test(t.name)).reduce((s: number, t: { busyMs: number }) => s + t.busyMs, 0)],
  ['main thread CPU (ms, trace tdur)', (r) => r.threads.find((t: { name: string }) => t.name === 'CrRendererMain')?.cpuMs ?? NaN],
  ['workers CPU (ms)', (r) => r.threads.filter((t: { name: string }) => /DedicatedWorker/.test(t.name)).reduce((s: number, t: { cpuMs: number }) => s + t.cpuMs, 0)],
  ['service worker CPU (ms)', (r) => r.threads.filter((t: { name: string }) => /ServiceWorker/.test(t.name)).reduce((s: number, t: { cpuMs: number }) => s + t.cpuMs, 0)],
  ['main tasks > 50 ms', (r) => r.threads.find((t: { name: string }) => t.name === 'CrRendererMain')?.long.length ?? NaN],
  ['longest main task (ms)', (r) => Math.max(0, ...(r.threads.find((t: { name: string }) => t.name === 'CrRendererMain')?.long.map((l: { ms: number }) => l.ms) ?? []))],
  ['requests', (r) => r.requests.length],
  ['renderer PSS once loaded (MB)', (r) => r.memory.processes.filter((p: { type: string }) => p.type === 'renderer').reduce((a: number, p: { pssMb: number }) => a + p.pssMb, 0)],
  ['GPU process PSS (MB)', (r) => r.memory.processes.filter((p: { type: string }) => p.type.toLowerCase() === 'gpu').reduce((a: number, p: { pssMb: number }) => a + p.pssMb, 0)],
  ['JS heap, all isolates (MB)', (r) => r.memory.heaps.reduce((a: number, h: { heapMb: number }) => a + h.heapMb, 0)],
  ['isolates (main + workers)', (r) => r.memory.heaps.length],
  ['canvas pixels (MB)', (r) => r.memory.canvasMb],
];
printTable(`Cold open at ${N.toLocaleString('en')} points (${DB}, desktop 1440×900), median of ${RUNS}; load average ${load0.toFixed(1)} → ${loadavg()[0].toFixed(1)}`, rows.map(([metric, f]) => {
  const base = builds.length > 1 ? pick('baseline', f) : NaN, cur = pick('current', f);
  return { metric, baseline: Number.isFinite(base) ? round(base, 0) : '—', current: round(cur, 0), 'baseline/current': Number.isFinite(base) && cur > 0 ? `${round(base / cur, 2)}×` : '' };
}));
console.log(`written ${writeResults(`coldOpen-${DB}-${N}`, { points: N, runs: RUNS, loadAverage: [load0, loadavg()[0]], ...results })}`);
