// The map's redraws once a line is loaded, today's build against a baseline build, sessions alternating between the
// two: a status filter change (click → two painted frames, the app bench's measure) and a wheel zoom (three notches:
// ms from the last notch until the points and the line image are drawn at the new zoom). What is drawn is seen from
// outside, through the page's canvas calls: the first image bitmap blitted 1:1 onto a stage-sized canvas after the
// last notch (the image's region for the new zoom; a resampled image is drawn scaled), the first other image drawn
// there (the points' sprites or their back buffer).
//   DATABASE_URL=postgres://… npm run bench mapRedraw
// Env: MAP_REDRAW_POINTS (100000), MAP_REDRAW_RUNS (4 sessions per build), MAP_REDRAW_PHONE=1 (390×844 at dpr 2, CPU
// ×4), APP_BENCH_BASELINE_REF (the baseline build, bench/app/baseline.ts), APP_BENCH_DIR.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { freshPage, serveBuilds } from './app/alternating';
import { clickToFrames, signInLoaded } from './app/scenario';
import { median, printTable, round, writeResults } from './lib/stats';
import { unbufferedChromium } from './lib/unbufferedChromium';

const POINTS = Number(process.env.MAP_REDRAW_POINTS ?? 100_000);
const RUNS = Number(process.env.MAP_REDRAW_RUNS ?? 4);
const PHONE = process.env.MAP_REDRAW_PHONE === '1';
const DIR = process.env.APP_BENCH_DIR ?? '/tmp/rail-app-bench';
const FILTER_CLICKS = 6; // pairs of clicks ('Signalé', then 'Tous') per session
const ZOOMS = 4; // wheel zooms per session, three notches each (two in, two out)

if (!process.env.DATABASE_URL) {
  console.log('skipped: set DATABASE_URL to a PostgreSQL database (both builds are served over it at once)');
  process.exit(0);
}
mkdirSync(DIR, { recursive: true });
const current = resolve('dist');
if (!existsSync(join(current, 'index.html'))) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const builds = [{ name: 'baseline', dir: baselineDist(DIR) }, { name: 'current', dir: current }];

/** Records, in the page, when an image is drawn onto a stage-sized canvas: 'region' for an ImageBitmap drawn 1:1
 * (at a position, unscaled), 'scaled' for an ImageBitmap drawn scaled, 'other' for anything else. */
const DRAW_WATCH = `(() => {
  window.__draws = [];
  const drawImage = CanvasRenderingContext2D.prototype.drawImage;
  CanvasRenderingContext2D.prototype.drawImage = function (...a) {
    if (this.canvas.width > 300) window.__draws.push([performance.now(), a[0] instanceof ImageBitmap ? (a.length === 3 ? 'region' : 'scaled') : 'other']);
    return drawImage.apply(this, a);
  };
})()`;

interface Session { filterMs: number[]; pointsMs: number[]; imageMs: number[] }

async function zoomOnce(page: Page, k: number, s: Session): Promise<void> {
  const box = (await page.locator('[data-testid="map-canvas"]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2 + (k % 2 ? 40 : -40), box.y + box.height / 2);
  await page.evaluate('window.__draws = []');
  for (let i = 0; i < 3; i++) { await page.mouse.wheel(0, k < ZOOMS / 2 ? -120 : 120); await page.waitForTimeout(60); }
  const last = await page.evaluate('performance.now()') as number;
  await page.waitForTimeout(2500);
  const draws = (await page.evaluate('window.__draws') as [number, string][]).filter(([t]) => t > last);
  const points = draws.find(([, kind]) => kind === 'other'), image = draws.find(([, kind]) => kind === 'region');
  if (points) s.pointsMs.push(points[0] - last);
  if (image) s.imageMs.push(image[0] - last);
}

const servers = await serveBuilds(builds, POINTS, DIR, 3450);
const sessions: Session[][] = builds.map(() => []);
const browser = await unbufferedChromium().launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [k, server] of servers.entries()) {
      const page = await freshPage(browser, PHONE, [DRAW_WATCH]);
      const r = await signInLoaded(page, server.url, POINTS);
      if (r.signInToAllPointsMs === null) throw new Error(`${builds[k].name}: the load did not end (${r.loadError ?? ''})`);
      await page.waitForTimeout(2500);
      const s: Session = { filterMs: [], pointsMs: [], imageMs: [] };
      if (!PHONE) {
        for (let i = 0; i < FILTER_CLICKS; i++) {
          s.filterMs.push(await clickToFrames(page, '.status-chips button', 'Signalé'));
          await page.waitForTimeout(400);
          s.filterMs.push(await clickToFrames(page, '.status-chips button', 'Tous'));
          await page.waitForTimeout(400);
        }
      }
      for (let z = 0; z < ZOOMS; z++) await zoomOnce(page, z, s);
      sessions[k].push(s);
      await page.context().close();
    }
    console.log(`  session ${run + 1}/${RUNS}: ${builds.map((b, k) => {
      const s = sessions[k][run];
      return `${b.name} filter ${round(median(s.filterMs), 1)} ms, zoom: points ${round(median(s.pointsMs), 0)} / image ${round(median(s.imageMs), 0)} ms`;
    }).join('; ')}`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.stop()));
}

/** The median over sessions of each session's median. */
const of = (k: number, key: keyof Session) => median(sessions[k].map((s) => median(s[key])));
const rows = ([['filterMs', 'status filter click → two frames (ms)'], ['pointsMs', 'wheel zoom: last notch → points drawn (ms)'],
  ['imageMs', "wheel zoom: last notch → the image's region drawn (ms)"]] as const).filter(([key]) => !(PHONE && key === 'filterMs'));
printTable(`${POINTS.toLocaleString('en')} points, ${PHONE ? 'phone ×4 CPU' : 'desktop'}, ${RUNS} sessions per build alternating (medians of the sessions' medians)`,
  rows.map(([key, label]) => ({ metric: label, baseline: round(of(0, key), 1), current: round(of(1, key), 1), 'baseline/current': `${round(of(0, key) / of(1, key))}×` })));
writeResults(`mapRedraw-${PHONE ? 'phone' : 'desktop'}-${POINTS}`, { points: POINTS, phone: PHONE, runs: RUNS, baseline: builds[0].dir, sessions });
