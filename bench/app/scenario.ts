// The product-level steps of the app bench, on one Playwright page of the built app: sign-in → every point loaded,
// heap, long tasks, a status filter change, the whole-line route report (form ready, first rows, heap) and its Word
// download; on a throttled phone page: sign-in → map, then wheel-zoom and drag-pan frame times and long tasks.
import type { Browser, CDPSession, Locator, Page } from '@playwright/test';
import { pidsRssMb } from './processes';
import { rendererPss } from './memory';
import { profiled } from './profile';
import { tracedLongTasks } from './gestureTrace';
import { formatPhases, loadPhases } from './loadPhases';
import { POINTS_STATE_INIT } from '../lib/pointsState';

export const ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@rail.local', password: process.env.ADMIN_PASSWORD ?? 'rail-admin-2026' };
const STEP_TIMEOUT = Number(process.env.APP_BENCH_STEP_TIMEOUT_MS ?? 180_000);

declare global { interface Window { __lt: { start: number; d: number }[] } } // __railPerf: bench/lib/pointsState.ts

export const LONGTASK_INIT = () => {
  window.__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push({ start: e.startTime, d: e.duration }); }).observe({ type: 'longtask', buffered: true });
};

/** Points the app holds: its perf hook, else (older builds) the status chips once the load bar is gone. */
const LOADED_COUNT = () => {
  if (window.__railPerf) return window.__railPerf.loading ? -1 : window.__railPerf.points;
  if (document.querySelector('.load-progress')) return -1;
  const chips = [...document.querySelectorAll('.status-chips button')].slice(1);
  return chips.reduce((n, b) => n + Number((b.textContent ?? '').replace(/\D/g, '') || 0), 0);
};

/** 'Once loaded' is measured this long after every point is shown: the load's catch-up with the server and the
 * replica's writing it starts are part of loading (the same wait for every build compared). */
export const LOAD_SETTLE_MS = 2000;
/** The report closed, its layers' raster tiles go back to the compositor's resource pool, which frees what stays
 * unused a few seconds later on its own timer (docs/performance.md#measuring). The renderer is measured at
 * LOAD_SETTLE_MS (tiles still pooled) and again at this wait (the pool emptied). */
const REPORT_TILES_RELEASED_MS = 10_000;

async function heapMb(cdp: CDPSession, gc: boolean): Promise<number> {
  if (gc) await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
}

export const longTasksSince = (page: Page, t0: number) => page.evaluate((t) => window.__lt.filter((e) => e.start >= t).map((e) => Math.round(e.d)), t0);

export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number | null; value?: T; error?: string }> {
  const t = performance.now();
  try { const value = await fn(); return { ms: performance.now() - t, value }; } catch (e) { return { ms: null, error: (e as Error).message.split('\n')[0] }; }
}

/** Signs in and waits until every point is loaded and two frames are painted. */
export async function signInLoaded(page: Page, url: string, total: number) {
  await page.goto(url);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email, { timeout: 60_000 });
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  const t0 = await page.evaluate(() => performance.now());
  const r = await timed(async () => {
    await page.getByRole('button', { name: 'Se connecter' }).click();
    // A string (tsx would add a __name helper to a function); the contexts bypass the app's CSP, which forbids eval.
    await page.waitForFunction(`(${LOADED_COUNT.toString()})() >= ${total}`, undefined, { timeout: STEP_TIMEOUT, polling: 50 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  });
  const tasks = await longTasksSince(page, t0);
  let phases = await loadPhases(page, t0);
  // The first clusters may be drawn after the points are loaded (the cluster worker's first answer): wait for them,
  // in builds that mark their phases (older builds have no marks).
  if (r.ms !== null && Object.keys(phases).length && phases['map-frame'] === undefined) {
    await page.waitForFunction(`performance.getEntriesByName('rail:map-frame').length > 0`, undefined, { timeout: 15_000, polling: 50 }).catch(() => undefined);
    phases = await loadPhases(page, t0);
  }
  console.log(`  phases from the sign-in click (ms): ${formatPhases(phases)}; loaded +${Math.round(r.ms ?? NaN)}`);
  return { signInToAllPointsMs: r.ms, firstClustersMs: phases['map-frame'] ?? null, loadError: r.error, loadLongTasks: tasks.length, loadLongestTaskMs: tasks.length ? Math.max(...tasks) : 0, loadPhases: phases };
}

/** Click → two painted frames, measured in the page (the main thread's own delay included). */
export const clickToFrames = (page: Page, selector: string, name: string) => page.evaluate(([sel, label]) => new Promise<number>((resolve) => {
  const b = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => (e.textContent ?? '').trim().startsWith(label));
  if (!b) return resolve(NaN);
  const t = performance.now();
  b.click();
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t)));
}), [selector, name] as const);

/**
 * A real click (CDP input, queued behind the page's tasks like a user's) on `target` → an element matching `selector`
 * in the page and a frame painted, timed in the page from the click event's own timestamp. Playwright's click
 * (actionability checks waiting for stable frames) and its polling of the result are not counted: at 1M points they
 * added 150-700 ms to the report form while the filter's follow-up work ran (bench/app: 294-832 ms in Playwright's
 * time, 88-141 ms in the page).
 */
export async function clickUntilShown(page: Page, target: Locator, selector: string, timeoutMs = STEP_TIMEOUT): Promise<number> {
  const box = await target.boundingBox();
  if (!box) return NaN;
  // A string, not a function: tsx would add a __name helper the page does not have.
  await page.evaluate(`(() => {
    window.__shown = new Promise((resolve) => {
      let at = NaN;
      addEventListener('click', (e) => { at = e.timeStamp; }, { capture: true, once: true });
      const obs = new MutationObserver(() => {
        if (Number.isNaN(at) || !document.querySelector(${JSON.stringify(selector)})) return;
        obs.disconnect(); clearTimeout(timer);
        requestAnimationFrame(() => resolve(performance.now() - at));
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => { obs.disconnect(); resolve(NaN); }, ${Number(timeoutMs)});
    });
  })()`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return page.evaluate('window.__shown') as Promise<number>;
}

/** `serverCpuMs`: the server process's CPU time so far (its difference over the first load is reported). */
export async function desktopRun(browser: Browser, url: string, total: number, opts: { word: boolean; serverCpuMs?: () => number }) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
  await context.addInitScript(POINTS_STATE_INIT);
  await context.addInitScript(LONGTASK_INIT);
  const page = await context.newPage();
  let crashed = false;
  page.on('crash', () => { crashed = true; });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const out: Record<string, unknown> = {};
  const cpu0 = opts.serverCpuMs?.() ?? NaN;
  Object.assign(out, await signInLoaded(page, url, total));
  out.loadServerCpuMs = (opts.serverCpuMs?.() ?? NaN) - cpu0;
  if (out.signInToAllPointsMs === null) { await context.close(); return out; }
  await page.waitForTimeout(LOAD_SETTLE_MS);
  out.heapLoadedMb = await heapMb(cdp, true);
  const loadedMem = await rendererPss(browser);
  Object.assign(out, { rendererPssLoadedMb: loadedMem.rendererPssMb, pageRendererPssLoadedMb: loadedMem.pageRendererPssMb });

  const filters: number[] = [];
  for (let k = 0; k < 3; k++) {
    filters.push(await clickToFrames(page, '.status-chips button', 'Signalé'));
    filters.push(await clickToFrames(page, '.status-chips button', 'Tous'));
  }
  out.statusFilterMs = filters.sort((a, b) => a - b)[filters.length >> 1];

  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  const ready = await timed(async () => {
    const ms = await clickUntilShown(page, page.getByRole('button', { name: 'Rapport', exact: true }), '.report-loaded');
    await form.getByText(/signalements? chargés?/).waitFor({ timeout: STEP_TIMEOUT });
    return ms;
  });
  out.reportFormReadyMs = ready.ms === null || ready.value === undefined || Number.isNaN(ready.value) ? null : ready.value;
  if (ready.ms === null) { out.reportError = ready.error; await context.close(); return out; }
  await form.getByRole('button', { name: 'PK de départ : valeur minimale' }).click();
  await form.getByRole('button', { name: "PK d'arrivée : valeur maximale" }).click();
  const submit = form.getByRole('button', { name: 'Générer le rapport' });
  await submit.waitFor();
  const t0 = await page.evaluate(() => performance.now());
  const gen = await timed(async () => {
    await submit.click();
    await page.waitForFunction(() => {
      const cell = document.querySelector('.report-view .report-row .report-label');
      return !!cell && cell.textContent !== '…';
    }, null, { timeout: STEP_TIMEOUT, polling: 50 });
  });
  out.generateToFirstRowsMs = gen.ms;
  if (gen.ms === null) { out.reportError = crashed ? 'tab crashed' : gen.error; await context.close().catch(() => {}); return out; }
  const genTasks = await longTasksSince(page, t0);
  out.reportLongestTaskMs = genTasks.length ? Math.max(...genTasks) : 0;
  out.reportRowsInDom = await page.locator('.report-view .report-row').count();
  out.reportAnomalies = Number((await page.locator('.report-stat-total dd').textContent())!.replace(/\D/g, ''));
  out.heapReportMb = await heapMb(cdp, false);
  out.rendererPssReportMb = (await rendererPss(browser)).rendererPssMb;

  if (opts.word) {
    let heapPeak = 0;
    const heapTimer = setInterval(() => { heapMb(cdp, false).then((h) => { heapPeak = Math.max(heapPeak, h); }, () => {}); }, 500);
    // Chromium's own process list (browser, renderers — where the page and its workers run —, GPU, utilities).
    const bcdp = await browser.newBrowserCDPSession();
    let rssPeak = 0, rendererPeak = 0;
    const rssTimer = setInterval(() => {
      bcdp.send('SystemInfo.getProcessInfo').then(({ processInfo }) => {
        rssPeak = Math.max(rssPeak, pidsRssMb(processInfo.map((p) => p.id)));
        rendererPeak = Math.max(rendererPeak, ...processInfo.filter((p) => p.type === 'renderer').map((p) => pidsRssMb([p.id])));
      }, () => {});
    }, 500);
    const word = await timed(async () => {
      const download = page.waitForEvent('download', { timeout: STEP_TIMEOUT * 2 });
      download.catch(() => {}); // a crashed tab rejects it before it is awaited
      await page.getByRole('button', { name: 'Télécharger Word' }).click();
      const d = await Promise.race([download, new Promise<never>((_, reject) => page.once('crash', () => reject(new Error('tab crashed'))))]);
      await d.path();
      return d;
    });
    clearInterval(heapTimer);
    clearInterval(rssTimer);
    out.wordDownloadMs = word.ms;
    out.wordError = word.ms === null ? (crashed ? 'tab crashed' : word.error) : undefined;
    out.wordPeakMainHeapMb = heapPeak || null;
    out.wordPeakBrowserRssMb = rssPeak || null;
    out.wordPeakRendererRssMb = rendererPeak || null;
    if (word.value) { const { statSync } = await import('node:fs'); out.wordFileMb = statSync((await word.value.path())!).size / 2 ** 20; }
  }
  // The report closed: what it held (its input arrays, its worker) is given back.
  await page.keyboard.press('Escape');
  await page.locator('.report-view').waitFor({ state: 'detached', timeout: STEP_TIMEOUT }).catch(() => {});
  await page.waitForTimeout(LOAD_SETTLE_MS);
  out.heapReportClosedMb = await heapMb(cdp, true);
  out.rendererPssReportJustClosedMb = (await rendererPss(browser)).rendererPssMb;
  await page.waitForTimeout(REPORT_TILES_RELEASED_MS - LOAD_SETTLE_MS);
  await heapMb(cdp, true);
  out.rendererPssReportClosedMb = (await rendererPss(browser)).rendererPssMb;
  await context.close().catch(() => {});
  return out;
}

/** `traceFile`: trace the gestures and print each long task with what ran in it (bench/app/gestureTrace.ts). */
export async function phoneRun(browser: Browser, url: string, total: number, opts: { profileFile?: string; traceFile?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
  await context.addInitScript(POINTS_STATE_INIT);
  await context.addInitScript(LONGTASK_INIT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const out: Record<string, unknown> = {};
  let load!: Awaited<ReturnType<typeof signInLoaded>>;
  if (opts.traceFile) {
    const { long, mainCpuMs } = await tracedLongTasks(browser, page, opts.traceFile.replace(/\.trace\.json$/, '-load.trace.json'), async () => { load = await signInLoaded(page, url, total); });
    out.phoneLoadMainCpuMs = mainCpuMs;
    console.log('phone sign-in → map, main-thread tasks > 50 ms:');
    for (const t of long) console.log(`  +${t.atMs} ms: ${t.ms} ms | ${t.inside} | ${t.topFns}`);
  } else load = await signInLoaded(page, url, total);
  out.phoneSignInToMapMs = load.signInToAllPointsMs;
  out.phoneFirstClustersMs = load.firstClustersMs;
  out.phoneLoadLongTasks = load.loadLongTasks;
  out.phoneLoadLongestTaskMs = load.loadLongestTaskMs;
  out.phoneLoadPhases = load.loadPhases;
  if (load.signInToAllPointsMs === null) { out.phoneLoadError = String(load.loadError).split('\n')[0]; await context.close(); return out; }
  await page.waitForTimeout(LOAD_SETTLE_MS);
  const mem = await rendererPss(browser);
  out.phoneRendererPssMb = mem.rendererPssMb;
  out.phonePageRendererPssMb = mem.pageRendererPssMb;
  out.phoneGpuPssMb = mem.gpuPssMb;
  const box = (await page.locator('.map-area').boundingBox())!;
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  // A string, not a function: tsx would add a __name helper the page does not have.
  const t0 = await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    const loop = (t) => { window.__frames.push(t - last); last = t; if (window.__frames.length < 100000) requestAnimationFrame(loop); };
    requestAnimationFrame(loop);
    return performance.now();
  })()`) as number;
  const wheels = async () => { for (let i = 0; i < 12; i++) { await page.mouse.wheel(0, i < 6 ? -120 : 120); await page.waitForTimeout(150); } };
  let zoomFrames: number[] = [], panFrames: number[] = [];
  const gestures = async () => {
    if (opts.profileFile) {
      const { top } = await profiled(cdp, opts.profileFile, wheels);
      console.log(`phone wheel zoom, main-thread self time (profile in ${opts.profileFile}):`);
      console.table(top);
    } else await wheels();
    zoomFrames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.splice(0) as number[]);
    await page.mouse.down();
    for (let i = 0; i < 30; i++) { await page.mouse.move(cx - i * 6, cy + (i % 5)); await page.waitForTimeout(16); }
    await page.mouse.up();
    await page.waitForTimeout(300);
    panFrames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.splice(0) as number[]);
  };
  if (opts.traceFile) {
    const { long, mainCpuMs } = await tracedLongTasks(browser, page, opts.traceFile, gestures);
    out.phoneGestureMainCpuMs = mainCpuMs;
    console.log(`phone gestures, main-thread tasks > 50 ms (trace in ${opts.traceFile}):`);
    for (const t of long) console.log(`  +${t.atMs} ms: ${t.ms} ms | ${t.inside} | ${t.topFns}`);
  } else await gestures();
  const tasks = await longTasksSince(page, t0);
  const p95 = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] : NaN; };
  out.phoneZoomFrameP95Ms = p95(zoomFrames.slice(1));
  out.phonePanFrameP95Ms = p95(panFrames);
  out.phonePanZoomLongTasks = tasks.length;
  out.phonePanZoomLongestTaskMs = tasks.length ? Math.max(...tasks) : 0;
  const after = await rendererPss(browser);
  out.phoneRendererPssAfterGesturesMb = after.rendererPssMb;
  out.phonePageRendererPssAfterGesturesMb = after.pageRendererPssMb;
  await context.close();
  return out;
}
