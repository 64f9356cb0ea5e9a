// The network-of-lines case of the app bench: the BUILT app in Chromium on a server seeded once
// with SEED_LINES lines sharing SEED_POINTS points (default 50 × 20,000; data dir reused), for today's build and the
// baseline build in the same run. Steps, each timed in the page from the click to two painted frames once the map
// holds the new line's points and the cluster worker has answered a frame for them:
//   open    a line never opened on this device (fetch of its index), OPEN_LINES of them
//   warm    back and forth between the two lines shown last (the switch a team makes; target <= 300 ms)
//   replica a line opened earlier but not among the last ones (its replica record on this device)
//   search  header search over every line: typing → the first result naming its line (debounce of 200 ms included)
// Hooked into bench/app.bench.ts by APP_BENCH_LINES=<lines>x<points per line> (e.g. 50x20000).
import type { Browser, CDPSession, Page } from '@playwright/test';
import { ADMIN } from './scenario';
import { profiled } from './profile';
import { POINTS_STATE_INIT } from '../lib/pointsState';

const STEP_TIMEOUT = Number(process.env.APP_BENCH_STEP_TIMEOUT_MS ?? 180_000);
const OPEN_LINES = 4;
const WARM_ROUNDS = 6;
const QUERIES = ['traverse', 'ballast', 'signal masqué', 'OT-12', 'caténaire', 'fissure'];

export interface LineInfo { id: string; code: string; count: number }

/**
 * In the page: clicks the picker option of `code` and resolves with the ms until the map shows that line's
 * `count` points (a cluster frame answered after the index changed, then two frames). A string: tsx would add
 * helpers the page does not have. Works on builds without `__railPerf.line` (the picker's label then says the line).
 */
const SWITCH_IN_PAGE = `(async ([code, id, count]) => {
  const option = [...document.querySelectorAll('.line-picker-option')].find((o) => o.querySelector('.line-picker-code')?.textContent === code);
  if (!option) throw new Error('no option ' + code);
  const map = document.querySelector('[data-frame-items]') ?? document.querySelector('.map-area');
  let frameAt = -1;
  let readyAt = -1;
  // A frame may come back before the next animation frame notices the index (a tree the worker kept): then the
  // index is shown by the time of that frame at the latest.
  const obs = new MutationObserver(() => { if (readyAt < 0 && shows()) readyAt = performance.now(); frameAt = performance.now(); });
  obs.observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-frame-items', 'data-frame-level'] });
  const shows = () => {
    const p = window.__railPerf;
    if (!p || p.points !== count) return false;
    if ('line' in p) return p.line === id;
    const b = document.querySelector('.line-picker-button .line-picker-code');
    return b?.textContent === code && p.at > t0; // older builds empty the index on a switch: a later count is the new line's
  };
  const t0 = performance.now();
  option.click();
  await new Promise((resolve, reject) => {
    const stop = setTimeout(() => reject(new Error('line ' + code + ' not shown')), ${STEP_TIMEOUT});
    const tick = () => {
      if (readyAt < 0 && shows()) readyAt = performance.now();
      if (readyAt >= 0 && frameAt >= readyAt) { clearTimeout(stop); resolve(); return; }
      requestAnimationFrame(tick);
    };
    tick();
  });
  obs.disconnect();
  void map;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { total: performance.now() - t0, ready: readyAt - t0, frame: frameAt - t0 };
})`;

/** A switch's time and its phases: click → the index shows the line (ready), → the cluster worker's first frame for
 * it (frame), → two painted frames (total). */
interface SwitchTiming { total: number; ready: number; frame: number }

const median = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[s.length >> 1] : NaN; };
const p95 = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] : NaN; };

async function openPicker(page: Page, code: string) {
  await page.locator('.line-picker-button').first().click();
  const search = page.locator('.line-picker-search');
  if (await search.count()) await search.fill(code);
  await page.locator('.line-picker-option').filter({ has: page.locator('.line-picker-code', { hasText: new RegExp(`^${code}$`) }) }).waitFor({ timeout: 10_000 });
}

async function switchTimed(page: Page, l: LineInfo): Promise<SwitchTiming> {
  await openPicker(page, l.code);
  return page.evaluate(`${SWITCH_IN_PAGE}(${JSON.stringify([l.code, l.id, l.count])})`) as Promise<SwitchTiming>;
}
const switchTo = async (page: Page, l: LineInfo): Promise<number> => (await switchTimed(page, l)).total;

/** Waits until the points of the line shown are loaded and synced (the replica record is then written soon after). */
async function settled(page: Page) {
  await page.waitForFunction(() => window.__railPerf && !window.__railPerf.loading, null, { timeout: STEP_TIMEOUT, polling: 100 });
  await page.waitForTimeout(400);
}

async function searchOnce(page: Page, q: string): Promise<number> {
  const box = page.getByRole('combobox', { name: /Rechercher/ }).first();
  await box.fill('');
  await page.waitForTimeout(50);
  const t0 = await page.evaluate(() => performance.now());
  await box.fill(q);
  await page.locator('.search-option-line').first().waitFor({ timeout: STEP_TIMEOUT });
  return (await page.evaluate(() => performance.now())) - t0;
}

/** The same sign-in → line drawn on a server holding that line alone (the "as fast as 20k alone" baseline). */
export async function aloneRun(browser: Browser, url: string, count: number): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await context.addInitScript(POINTS_STATE_INIT);
  const page = await context.newPage();
  try {
    return { aloneSignInMs: await signInTimed(page, url, count) };
  } catch (e) {
    return { aloneError: (e as Error).message.split('\n')[0] };
  } finally {
    await context.close().catch(() => {});
  }
}

/** Signs the admin in; ms from the click until the map holds `count` points, loaded. */
async function signInTimed(page: Page, url: string, count: number): Promise<number> {
  await page.goto(url);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email, { timeout: 60_000 });
  await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForFunction((n) => window.__railPerf && window.__railPerf.points === n && !window.__railPerf.loading, count, { timeout: STEP_TIMEOUT, polling: 50 });
  return Date.now() - t0;
}

/** `lines` in picker order (the first is shown after sign-in); `profileFile`: CPU profile of the warm switches. */
export async function linesRun(browser: Browser, url: string, lines: LineInfo[], opts: { profileFile?: string } = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  await context.addInitScript(POINTS_STATE_INIT);
  const page = await context.newPage();
  const out: Record<string, unknown> = {};
  try {
    out.linesSignInMs = await signInTimed(page, url, lines[0].count);
    await settled(page);

    const opened = lines.slice(2, 2 + OPEN_LINES);
    const open: number[] = [];
    for (const l of opened) { open.push(await switchTo(page, l)); await settled(page); }
    out.linesOpenMedianMs = median(open);
    out.linesOpenMaxMs = Math.max(...open);

    // Back and forth between the two lines shown last (each was opened and synced just before).
    const pair = [opened[opened.length - 2], opened[opened.length - 1]];
    const warm: number[] = [], warmReady: number[] = [], warmCluster: number[] = [], warmPaint: number[] = [];
    const run = async () => {
      for (let i = 0; i < WARM_ROUNDS * 2; i++) {
        const t = await switchTimed(page, pair[i % 2]);
        warm.push(t.total); warmReady.push(t.ready); warmCluster.push(t.frame - t.ready); warmPaint.push(t.total - t.frame);
        await settled(page);
      }
    };
    if (opts.profileFile) {
      const cdp: CDPSession = await context.newCDPSession(page);
      const { top } = await profiled(cdp, opts.profileFile, run);
      console.log(`warm line switches, main-thread self time (profile in ${opts.profileFile}):`);
      console.table(top);
    } else await run();
    out.linesWarmMedianMs = median(warm);
    out.linesWarmP95Ms = p95(warm);
    // Where a warm switch's time goes (medians): index shown (React commit), cluster frame after it, paint after it.
    out.linesWarmReadyMedianMs = median(warmReady);
    out.linesWarmClusterMedianMs = median(warmCluster);
    out.linesWarmPaintMedianMs = median(warmPaint);

    // Lines opened earlier, not among the last two: from the replica.
    const replica: number[] = [];
    for (const l of opened.slice(0, 2)) { replica.push(await switchTo(page, l)); await settled(page); }
    out.linesReplicaMedianMs = median(replica);
    out.linesReplicaMaxMs = Math.max(...replica);

    const search: number[] = [];
    for (const q of QUERIES) search.push(await searchOnce(page, q));
    out.linesSearchMedianMs = median(search);
    out.linesSearchP95Ms = p95(search);
  } catch (e) {
    out.linesError = (e as Error).message.split('\n')[0];
  } finally {
    await context.close().catch(() => {});
  }
  return out;
}
