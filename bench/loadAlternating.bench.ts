// A line's open, today's build against a baseline build, the sign-ins alternating between the two: sign-in → first
// clusters drawn and → every point loaded, the longest task while loading, and the renderer PSS once loaded, as the
// app bench measures them, in a fresh browser context each time. The app bench runs each build's whole scenario in turn, so a
// slow moment of the machine falls on one build only; here it falls on both alike. One embedded server per build over
// the same PostgreSQL database (a PGlite data directory opens in one process only).
//   DATABASE_URL=postgres://… npm run bench loadAlternating
// Env: LOAD_ALT_POINTS (100000; seeded on the first start), LOAD_ALT_RUNS (10 sign-ins per build), LOAD_ALT_PHONE=1
// (390×844 at dpr 2, CPU ×4), APP_BENCH_BASELINE_REF (the baseline build, bench/app/baseline.ts), APP_BENCH_DIR.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { freshPage, serveBuilds } from './app/alternating';
import { LOAD_SETTLE_MS, signInLoaded } from './app/scenario';
import { rendererPss } from './app/memory';
import { median, printTable, round, writeResults } from './lib/stats';
import { unbufferedChromium } from './lib/unbufferedChromium';

const POINTS = Number(process.env.LOAD_ALT_POINTS ?? 100_000);
const RUNS = Number(process.env.LOAD_ALT_RUNS ?? 10);
const PHONE = process.env.LOAD_ALT_PHONE === '1';
const DIR = process.env.APP_BENCH_DIR ?? '/tmp/rail-app-bench';

if (!process.env.DATABASE_URL) {
  console.log('skipped: set DATABASE_URL to a PostgreSQL database (both builds are served over it at once)');
  process.exit(0);
}
mkdirSync(DIR, { recursive: true });
const current = resolve('dist');
if (!existsSync(join(current, 'index.html'))) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const builds = [{ name: 'baseline', dir: baselineDist(DIR) }, { name: 'current', dir: current }];

const servers = await serveBuilds(builds, POINTS, DIR, 3440); // the first seeds

interface Open { firstClustersMs: number; loadedMs: number; longestTaskMs: number; rendererPssMb: number }
const opens: Open[][] = builds.map(() => []);
const browser = await unbufferedChromium().launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [k, server] of servers.entries()) {
      const page = await freshPage(browser, PHONE);
      // The app bench's own sign-in (bench/app/scenario.ts): until every point is loaded and the first clusters drawn.
      const r = await signInLoaded(page, server.url, POINTS);
      if (r.signInToAllPointsMs === null || r.firstClustersMs === null) throw new Error(`${builds[k].name}: the load did not end (${r.loadError ?? 'no first clusters'})`);
      const firstClustersMs = r.firstClustersMs, loadedMs = r.signInToAllPointsMs, longestTaskMs = r.loadLongestTaskMs;
      await page.waitForTimeout(LOAD_SETTLE_MS);
      await (await page.context().newCDPSession(page)).send('HeapProfiler.collectGarbage');
      const { rendererPssMb } = await rendererPss(browser);
      opens[k].push({ firstClustersMs, loadedMs, longestTaskMs, rendererPssMb });
      await page.context().close();
    }
    console.log(`  run ${run + 1}/${RUNS}: ${builds.map((b, k) => `${b.name} ${round(opens[k][run].firstClustersMs, 0)} / ${round(opens[k][run].loadedMs, 0)} / ${round(opens[k][run].longestTaskMs, 0)} ms, ${round(opens[k][run].rendererPssMb, 0)} MB`).join(', ')}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}

const of = (k: number, key: keyof Open) => median(opens[k].map((o) => o[key]));
printTable(`${POINTS.toLocaleString('en')} points, ${PHONE ? 'phone ×4 CPU' : 'desktop'}, ${RUNS} sign-ins per build alternating (medians)`,
  ([['firstClustersMs', 'sign-in → first clusters drawn (ms)'], ['loadedMs', 'sign-in → every point loaded (ms)'], ['longestTaskMs', 'longest task while loading (ms)'], ['rendererPssMb', 'renderer PSS once loaded (MB)']] as const)
    .map(([key, label]) => ({ metric: label, baseline: round(of(0, key), 0), current: round(of(1, key), 0), 'baseline/current': `${round(of(0, key) / of(1, key))}×` })));
writeResults(`loadAlternating-${PHONE ? 'phone' : 'desktop'}-${POINTS}`, { points: POINTS, phone: PHONE, runs: RUNS, baseline: builds[0].dir, opens });
