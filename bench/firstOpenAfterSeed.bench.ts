// The first sign-in right after a large seed against the next ones: the server seeds FIRST_OPEN_POINTS points into
// an empty data dir (its point pages built before it answers), then a fresh browser signs in and waits for every
// point, FIRST_OPEN_RUNS times, each in a new browser (no cache, no replica). The first open should cost no more
// than 1.5× the median of the next ones (the pages are not built in the first user's request).
//   FIRST_OPEN_POINTS=1000000 npm run bench firstOpenAfterSeed
// Env: FIRST_OPEN_POINTS (1000000), FIRST_OPEN_RUNS (4: the first and three next), FIRST_OPEN_PORT (3710),
// FIRST_OPEN_DIR (a fresh temp dir; removed at the end), DATABASE_URL (an empty PostgreSQL database instead of PGlite).
import { chromium } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { startAppServer } from './app/processes';
import { LONGTASK_INIT, signInLoaded } from './app/scenario';
import { POINTS_STATE_INIT } from './lib/pointsState';
import { median, printTable, round, writeResults } from './lib/stats';

const N = Number(process.env.FIRST_OPEN_POINTS ?? 1_000_000);
const RUNS = Math.max(2, Number(process.env.FIRST_OPEN_RUNS ?? 4));
const PORT = process.env.FIRST_OPEN_PORT ?? '3710';
const dir = process.env.FIRST_OPEN_DIR ?? mkdtempSync(join(tmpdir(), 'first-open-'));
if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });

const t0 = performance.now();
const server = await startAppServer({
  PORT, HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), SEED: 'demo', SEED_POINTS: String(N), SEED_LINES: '1', RATE_LIMIT_DISABLED: '1',
});
const seedMs = performance.now() - t0;
console.log(`seeded ${N} points and ready in ${Math.round(seedMs / 1000)} s`);

const rows: { open: string; signInToAllPointsMs: number | null; firstClustersMs: number | null; longestTaskMs: number }[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
      await context.addInitScript(POINTS_STATE_INIT);
      await context.addInitScript(LONGTASK_INIT);
      const r = await signInLoaded(await context.newPage(), server.url, N);
      if (r.loadError) throw new Error(`open ${run + 1}: ${r.loadError}`);
      rows.push({ open: run === 0 ? 'first after the seed' : `next ${run}`, signInToAllPointsMs: r.signInToAllPointsMs, firstClustersMs: r.firstClustersMs, longestTaskMs: r.loadLongestTaskMs });
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
  if (!process.env.FIRST_OPEN_DIR) rmSync(dir, { recursive: true, force: true });
}

const next = median(rows.slice(1).map((r) => r.signInToAllPointsMs ?? NaN));
const ratio = (rows[0].signInToAllPointsMs ?? NaN) / next;
printTable(`First open after seeding ${N} points against the next ones (desktop 1440×900, fresh browser each)`,
  rows.map((r) => ({ ...r, signInToAllPointsMs: round(r.signInToAllPointsMs ?? NaN, 0), firstClustersMs: round(r.firstClustersMs ?? NaN, 0) })));
console.log(`\nfirst / median of the next: ${round(ratio, 2)}× (target ≤ 1.5×); seed to ready ${Math.round(seedMs / 1000)} s`);
writeResults(`firstOpenAfterSeed-${N}`, { points: N, seedMs, rows, ratio });
