// Page open on the phone class: how long the first bundle takes to fetch, compile and run, before any request of
// the app's own. Today's build against a baseline build (default: main before the docx library left the first
// bundle), each served by its own embedded server over a fresh demo data dir, runs alternating, a new browser
// context per run (cold HTTP cache, service workers blocked), CDP CPU throttling ×4, 390×844 at dpr 2.
// Figures per run, from the page's own clocks:
// - 'html → DOMContentLoaded': the navigation entry's domContentLoadedEventEnd − responseEnd (the module scripts
//   fetched, compiled and evaluated);
// - 'sign-in screen': performance.now() when the email field is first in the document (a MutationObserver);
// - 'first bundle kB': the transfer size of the scripts fetched before the sign-in screen.
//   PAGE_OPEN_RUNS=8 PAGE_OPEN_BASELINE_REF=a4a01da npm run bench pageOpen
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { baselineDist } from './app/baseline';
import { startAppServer, type AppServer } from './app/processes';
import { median, printTable, round, writeResults } from './lib/stats';

const RUNS = Number(process.env.PAGE_OPEN_RUNS ?? 8);
const WORK = process.env.PAGE_OPEN_DIR ?? '/tmp/rail-app-bench';
const BASELINE_REF = process.env.PAGE_OPEN_BASELINE_REF ?? 'a4a01da';
const CURRENT_DIST = resolve(process.env.PAGE_OPEN_DIST ?? 'dist');

interface Open { htmlToDclMs: number; signInScreenMs: number; scriptsKb: number }

/** Records when the sign-in screen's email field first appears (runs before any of the page's scripts). */
const MARK_SIGN_IN = `(() => {
  const seen = () => document.querySelector('input[type=email]');
  const mo = new MutationObserver(() => { if (seen()) { window.__signInAt = performance.now(); mo.disconnect(); } });
  mo.observe(document, { subtree: true, childList: true });
})();`;

async function openOnce(browser: Browser, url: string): Promise<Open> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(MARK_SIGN_IN);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => (window as unknown as { __signInAt?: number }).__signInAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const at = (window as unknown as { __signInAt: number }).__signInAt;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.name.endsWith('.js'))
        .filter((r) => r.startTime < at);
      return {
        htmlToDclMs: nav.domContentLoadedEventEnd - nav.responseEnd,
        signInScreenMs: at,
        scriptsKb: scripts.reduce((n, r) => n + r.transferSize, 0) / 1024,
      };
    });
  } finally {
    await context.close();
  }
}

const dists = { baseline: baselineDist(WORK, BASELINE_REF), current: CURRENT_DIST };
const dataDirs: string[] = [];
const servers: Record<string, AppServer> = {};
let browser: Browser | undefined;
const load0 = loadavg()[0];
try {
  let port = Number(process.env.PAGE_OPEN_PORT ?? 4150);
  for (const [name, dist] of Object.entries(dists)) {
    const dataDir = mkdtempSync(join(tmpdir(), `page-open-${name}-`));
    dataDirs.push(dataDir);
    servers[name] = await startAppServer({ PORT: String(port++), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', STATIC_DIR: dist, RATE_LIMIT_DISABLED: '1', LOG: '0' });
  }
  browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  const runs: Record<string, Open[]> = { baseline: [], current: [] };
  await openOnce(browser, servers.current.url); // warm the servers' file caches and Chromium itself, not counted
  await openOnce(browser, servers.baseline.url);
  for (let i = 0; i < RUNS; i++) {
    for (const name of i % 2 === 0 ? ['baseline', 'current'] : ['current', 'baseline']) runs[name].push(await openOnce(browser, servers[name].url));
  }
  const row = (name: string) => {
    const r = runs[name];
    return {
      build: name === 'baseline' ? `baseline (${BASELINE_REF})` : 'current',
      'html → DOMContentLoaded ms (median)': median(r.map((x) => x.htmlToDclMs)),
      'min–max': `${round(Math.min(...r.map((x) => x.htmlToDclMs)), 0)}–${round(Math.max(...r.map((x) => x.htmlToDclMs)), 0)}`,
      'sign-in screen ms (median)': median(r.map((x) => x.signInScreenMs)),
      'scripts before it kB': median(r.map((x) => x.scriptsKb)),
    };
  };
  const rows = [row('baseline'), row('current')];
  const ratio = (k: keyof Open) => median(runs.current.map((x) => x[k])) / median(runs.baseline.map((x) => x[k]));
  rows.push({ build: 'ratio current / baseline', 'html → DOMContentLoaded ms (median)': ratio('htmlToDclMs'), 'min–max': '', 'sign-in screen ms (median)': ratio('signInScreenMs'), 'scripts before it kB': ratio('scriptsKb') });
  printTable(`page open, phone class (×4 CPU, 390×844 dpr 2, cold cache, no service worker), ${RUNS} runs each, alternating; load ${round(load0, 1)} → ${round(loadavg()[0], 1)}`, rows);
  console.log(`raw figures: ${writeResults('pageOpen', { runs, baselineRef: BASELINE_REF, load: [load0, loadavg()[0]] })}`);
} finally {
  await browser?.close();
  for (const s of Object.values(servers)) await s.stop();
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}
