// The status filter change alone: builds of the app given as SPA folders, alternating, each signed in on a
// 100k data dir, then 'Signalé' / 'Tous' clicked 8 times: click → two frames (wall) and the main thread's CPU time
// over 6 traced clicks (trace events' thread time: a loaded machine inflates wall time, much less CPU time).
//   node --import tsx bench/app/filterProbe.ts <distA> <distB> ...   (e.g. builds made with `npx vite build --outDir …`)
// Env: COLD_DIR (holds pglite-<COLD_POINTS>), COLD_POINTS (100000), PROBE_ROUNDS (2), PROBE_PROFILE=1 (a CPU profile).
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { findChromium, CHROMIUM_ARGS } from '../../scripts/findChromium.mjs';
import { startAppServer } from './processes';
import { ADMIN } from './scenario';
import { profiled } from './profile';
import { POINTS_STATE_INIT } from '../lib/pointsState';

const N = Number(process.env.COLD_POINTS ?? 100_000);
const DIR = process.env.COLD_DIR ?? '/work/perfbench';
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 2);
const dists = process.argv.slice(2);
const LOADED = `(() => window.__railPerf && !window.__railPerf.loading ? window.__railPerf.points : -1)()`;
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const res: Record<string, number[]> = {};
console.log('load', loadavg()[0]);
for (let round = 0; round < ROUNDS; round++) {
  for (const dist of dists) {
    const s = await startAppServer({ PORT: '3600', HOST: '127.0.0.1', DATA_DIR: `${DIR}/pglite-${N}`, SEED: 'demo', SEED_POINTS: String(N), RATE_LIMIT_DISABLED: '1', SEED_LINES: '1', STATIC_DIR: dist });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', bypassCSP: true });
      await context.addInitScript(POINTS_STATE_INIT);
      const page = await context.newPage();
      await page.goto(s.url);
      await page.getByLabel('Email', { exact: true }).fill(ADMIN.email, { timeout: 60_000 });
      await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForFunction(`${LOADED} >= ${N}`, undefined, { timeout: 180_000, polling: 50 });
      await page.waitForTimeout(3000);
      const click = (label: string) => page.evaluate(`new Promise((resolve) => {
        const b = [...document.querySelectorAll('.status-chips button')].find((e) => (e.textContent ?? '').trim().startsWith(${JSON.stringify(label)}));
        const t = performance.now();
        b.click();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t)));
      })`) as Promise<number>;
      const times: number[] = [];
      for (let k = 0; k < 4; k++) { times.push(await click('Signalé')); await page.waitForTimeout(300); times.push(await click('Tous')); await page.waitForTimeout(300); }
      (res[dist] ??= []).push(...times);
      console.log(dist, times.map(Math.round).join(' '));
      {
        await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'toplevel', 'disabled-by-default-devtools.timeline'] });
        for (let k = 0; k < 3; k++) { await click('Signalé'); await page.waitForTimeout(400); await click('Tous'); await page.waitForTimeout(400); }
        const buf = await browser.stopTracing();
        const ev = (JSON.parse(buf.toString()) as { traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; ts: number; args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number } } }[] }).traceEvents;
        const main = ev.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')!;
        const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
        const tasks = mine.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
        const cpu = tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
        const wall = tasks.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
        const kinds: Record<string, number> = {};
        for (const e of mine) if (['FunctionCall', 'Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Commit', 'MajorGC', 'MinorGC', 'EventDispatch', 'FireAnimationFrame', 'HandlePostMessage', 'TimerFire', 'Layerize', 'RunMicrotasks'].includes(e.name)) kinds[e.name] = Math.round((kinds[e.name] ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
        const fns: Record<string, number> = {};
        for (const e of mine) if (e.name === 'FunctionCall') { const d = e.args?.data; const k = `${d?.functionName} ${String(d?.url).split('/').pop()}:${d?.lineNumber}`; fns[k] = Math.round((fns[k] ?? 0) + (e.tdur ?? 0) / 1000); }
        console.log(dist, 'main CPU (tdur) over 6 clicks', Math.round(cpu), 'wall', Math.round(wall), JSON.stringify(kinds));
        console.log(Object.entries(fns).sort((a, b) => b[1] - a[1]).slice(0, 8));
        (res[`${dist} cpu`] ??= []).push(cpu / 6);
      }
      if (round === 0 && process.env.PROBE_PROFILE === '1') {
        const cdp = await context.newCDPSession(page);
        const { top } = await profiled(cdp, `${DIR}/filter-${dist.split('/').pop()}.cpuprofile`, async () => {
          for (let k = 0; k < 3; k++) { await click('Signalé'); await page.waitForTimeout(300); await click('Tous'); await page.waitForTimeout(300); }
        }, 25);
        console.table(top);
      }
      await context.close();
    } finally { await s.stop(); }
  }
}
await browser.close();
const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); return s[s.length >> 1]; };
for (const [d, t] of Object.entries(res)) console.log(d, 'median', Math.round(med(t)), 'load', loadavg()[0].toFixed(1));
