// Map engine in headless Debian Chromium (docs/performance.md#measuring): pan frame times at 10k/100k/1M points (default flags:
// 60 fps pass/fail; uncapped against a naive one-Circle-per-point baseline at 10k, same run), wheel-to-painted-frame,
// long tasks during pan/zoom, main-thread heap after loading 1M points. `node --import tsx bench/map.bench.ts`.
import { chromium, type Browser, type Page } from 'playwright';
import { existsSync } from 'node:fs';
import { startMapPageServer } from './map-page/server';
import { printTable, summarize, writeResults, round, type Summary } from './lib/stats';

const BASE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const UNCAPPED_ARGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
const VIEWPORT = { width: 1440, height: 900 }; // desktop, CSS px
const FRAME_BUDGET_MS = 16.7; // 60 Hz
const ZOOM_BUDGET_MS = 33; // wheel to painted frame, p95 at 1M
const LONG_TASK_MS = 50;
const SIZES = [10_000, 100_000, 1_000_000];
const PAN_RUNS = 5; // runs per case, after one warm-up run
const PAN_FRAMES = 60; // frames per run
const PAN_DX = 24; // screen px per frame
const quick = process.argv.includes('--quick');
/** `--marks`: each size again with the map's marks (bench/map-page: 2 % selected, 5 % late), same browser, same run. */
const MARK_VARIANTS = process.argv.includes('--marks') ? ['', '&marks=1'] : [''];
const sizesArg = process.argv.find((a) => a.startsWith('--sizes='));
const sizes = sizesArg ? sizesArg.slice(8).split(',').map(Number) : quick ? [10_000] : SIZES;

type Hooks = {
  isReady: boolean; loadMs: number; buildMs: number; datasetMs: number;
  pan(frames: number, dx: number): Promise<number[]>;
  wheelLatencies: number[]; levelLatencies: number[]; longTasks: number[]; longFrames: number[];
  resetObservers(): void; frameCount(): number;
};
declare global { interface Window { __mapBench: Hooks } }

const { url, server } = await startMapPageServer();
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p)); // scripts/findChromium.mjs order

async function openPage(browser: Browser, query: string, dpr = 1): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: dpr });
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await page.goto(`${url}?${query}`);
  await page.waitForFunction(() => window.__mapBench?.isReady === true, null, { timeout: 120_000 });
  await page.waitForTimeout(300);
  return page;
}

async function panCase(page: Page, runs: number, frames: number): Promise<{ summary: Summary; intervals: number[] }> {
  await page.evaluate(([f, dx]) => window.__mapBench.pan(f, dx), [Math.min(30, frames), PAN_DX] as const); // warm-up
  const all: number[] = [];
  for (let r = 0; r < runs; r++) all.push(...(await page.evaluate(([f, dx]) => window.__mapBench.pan(f, dx), [frames, PAN_DX] as const)));
  return { summary: summarize(all), intervals: all };
}

/** Wheel steps in then out at the view centre; returns wheel→painted and wheel→new-level-painted latencies. */
async function zoomCase(page: Page, steps: number) {
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
  await page.evaluate(() => window.__mapBench.resetObservers());
  for (let i = 0; i < steps; i++) {
    await page.mouse.wheel(0, i < steps / 2 ? -100 : 100);
    await page.waitForTimeout(180);
  }
  return page.evaluate(() => ({ wheel: [...window.__mapBench.wheelLatencies], level: [...window.__mapBench.levelLatencies] }));
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
}

const results: Record<string, unknown> = { date: new Date().toISOString(), viewport: VIEWPORT, panDxPx: PAN_DX, runs: PAN_RUNS, framesPerRun: PAN_FRAMES };
const panRows: Record<string, unknown>[] = [];
const zoomRows: Record<string, unknown>[] = [];
const t0 = performance.now();

// 1. Default flags: 60 fps pass/fail, zoom latency, long tasks, heap.
{
  const browser = await chromium.launch({ executablePath, args: BASE_ARGS });
  for (const n of sizes) for (const variant of MARK_VARIANTS) {
    const label = `${n}${variant ? ' marks' : ''}`;
    const page = await openPage(browser, `mode=engine&n=${n}${variant}`);
    const boot = await page.evaluate(() => ({ loadMs: window.__mapBench.loadMs, buildMs: window.__mapBench.buildMs, datasetMs: window.__mapBench.datasetMs, items: window.__mapBench.frameCount() }));
    const heap = await heapMb(page);
    await page.evaluate(() => window.__mapBench.resetObservers());
    const pan = await panCase(page, PAN_RUNS, PAN_FRAMES);
    const zoom = await zoomCase(page, 16);
    await panCase(page, 1, PAN_FRAMES); // pan again at the zoom reached, inside the long-task window
    const longs = await page.evaluate(() => ({ tasks: [...window.__mapBench.longTasks], frames: [...window.__mapBench.longFrames] }));
    const pass = pan.summary.p95 <= FRAME_BUDGET_MS + 0.5; // rAF timestamps jitter ±0.5 ms around 16.67
    panRows.push({ flags: 'default', case: `engine ${label}`, p50: pan.summary.median, p95: pan.summary.p95, max: pan.summary.max, '60fps': pass ? 'PASS' : 'FAIL' });
    const w = summarize(zoom.wheel);
    const l = summarize(zoom.level);
    zoomRows.push({
      points: label, 'wheel→paint p50': w.median, 'wheel→paint p95': w.p95, 'wheel→new level p95': l.p95,
      'target ≤33': w.p95 <= ZOOM_BUDGET_MS ? 'PASS' : 'FAIL', 'long tasks >50': longs.tasks.filter((d) => d > LONG_TASK_MS).length,
      'max task': longs.tasks.length ? Math.max(...longs.tasks) : 0, 'heap MB': heap, 'worker build ms': boot.buildMs, 'load→1st frame ms': boot.loadMs,
    });
    results[`default_${label.replace(' ', '_')}`] = { boot, heapMb: heap, pan: pan.summary, panIntervals: pan.intervals.map((x) => round(x)), zoomWheel: w, zoomNewLevel: l, zoomWheelRaw: zoom.wheel, longTasks: longs.tasks, longAnimationFrames: longs.frames };
    await page.close();
  }
  await browser.close();
}

// 2. Uncapped: real frame cost, against the naive baseline in the same browser.
{
  const browser = await chromium.launch({ executablePath, args: [...BASE_ARGS, ...UNCAPPED_ARGS] });
  const naivePage = await openPage(browser, 'mode=naive&n=10000');
  const naive = await panCase(naivePage, 3, 20);
  await naivePage.close();
  panRows.push({ flags: 'uncapped', case: 'naive Circle×10000', p50: naive.summary.median, p95: naive.summary.p95, max: naive.summary.max, '60fps': naive.summary.p95 <= FRAME_BUDGET_MS ? 'PASS' : 'FAIL' });
  results.uncapped_naive_10000 = { pan: naive.summary };
  for (const n of sizes) for (const variant of MARK_VARIANTS) {
    const label = `${n}${variant ? ' marks' : ''}`;
    const page = await openPage(browser, `mode=engine&n=${n}${variant}`);
    const pan = await panCase(page, PAN_RUNS, PAN_FRAMES);
    panRows.push({ flags: 'uncapped', case: `engine ${label}`, p50: pan.summary.median, p95: pan.summary.p95, max: pan.summary.max, '60fps': pan.summary.p95 <= FRAME_BUDGET_MS ? 'PASS' : 'FAIL', 'naive/engine p50': naive.summary.median / pan.summary.median });
    results[`uncapped_${label.replace(' ', '_')}`] = { pan: pan.summary, ratioNaiveOverEngineP50: naive.summary.median / pan.summary.median };
    await page.close();
  }
  // deviceScaleFactor 2 at the largest size.
  const n = quick ? 10_000 : 1_000_000;
  const page = await openPage(browser, `mode=engine&n=${n}`, 2);
  const pan = await panCase(page, PAN_RUNS, PAN_FRAMES);
  panRows.push({ flags: 'uncapped dpr2', case: `engine ${n}`, p50: pan.summary.median, p95: pan.summary.p95, max: pan.summary.max, '60fps': pan.summary.p95 <= FRAME_BUDGET_MS ? 'PASS' : 'FAIL' });
  results[`uncapped_dpr2_${n}`] = { pan: pan.summary };
  await page.close();
  await browser.close();
}

await server.close();
printTable('Pan frame time (ms, rAF intervals, 1440×900)', panRows);
printTable('Zoom step, long tasks, heap (default flags)', zoomRows);
results.panTable = panRows;
results.zoomTable = zoomRows;
results.totalSeconds = (performance.now() - t0) / 1000;
console.log(`\nwritten ${writeResults('map', results)} in ${round(results.totalSeconds as number, 1)} s`);
