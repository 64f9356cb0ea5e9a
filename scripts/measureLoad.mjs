// Quick measurement of the first load through the real app (helper script, not a test): sign-in → every point on
// the map (cold: empty browser profile; warm: the same profile reopened, from the local replica), the longest
// main-thread tasks meanwhile, and the JS heap once loaded. Needs a running server (e.g.
// `DATA_DIR=/tmp/d SEED_POINTS=100000 PORT=3255 npm start`) and the built SPA.
// Usage: node scripts/measureLoad.mjs http://127.0.0.1:3255 [email] [password]
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { findChromium, CHROMIUM_ARGS } from './findChromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:3255';
const email = process.argv[3] ?? 'admin@rail.local';
const password = process.argv[4] ?? 'rail-admin-2026';

const cfg = await (await fetch(`${base}/config.json`)).json();
const api = createClient(base, cfg.supabaseAnonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket } });
await api.auth.signInWithPassword({ email, password });
const open = await api.from('points').select('id', { count: 'exact', head: true }).neq('status', 'resolu');
const expected = open.count;
console.log(`points not resolved (shown by default): ${expected}`);

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await ctx.addInitScript(() => {
  window.__longTasks = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });
});

async function mapCount(page) {
  const label = await page.getByTestId('map-canvas').getAttribute('aria-label').catch(() => null);
  const m = /: ([\d\s\u202f]+) signalement/.exec(label ?? '');
  return m ? Number(m[1].replace(/\D/g, '')) : -1;
}

async function untilAllOnMap(page, t0) {
  for (;;) {
    if ((await mapCount(page)) >= expected) return performance.now() - t0;
    if (performance.now() - t0 > 300_000) return NaN;
    await page.waitForTimeout(20);
  }
}

async function heapMb(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return Math.round(usedSize / 1e6);
}

// Cold: sign in through the form.
const page = await ctx.newPage();
await page.goto(base);
await page.getByLabel('Email', { exact: true }).fill(email);
await page.getByLabel('Mot de passe', { exact: true }).fill(password);
await page.evaluate(() => { window.__longTasks = []; });
const t0 = performance.now();
await page.getByRole('button', { name: 'Se connecter' }).click();
const cold = await untilAllOnMap(page, t0);
const coldTasks = await page.evaluate(() => window.__longTasks.slice());
await page.waitForTimeout(6000); // the replica is written after the load
const coldHeap = await heapMb(page);
console.log(JSON.stringify({ run: 'cold', signInToMapMs: Math.round(cold), heapMb: coldHeap, longTasksOver50: coldTasks.filter((d) => d > 50).length, longestTaskMs: Math.max(0, ...coldTasks) }));
await page.close();

// Warm: same profile, the session and the replica are there.
const page2 = await ctx.newPage();
const t1 = performance.now();
await page2.goto(base);
const warm = await untilAllOnMap(page2, t1);
const warmTasks = await page2.evaluate(() => window.__longTasks.slice());
const warmHeap = await heapMb(page2);
console.log(JSON.stringify({ run: 'warm (page open → map)', ms: Math.round(warm), heapMb: warmHeap, longTasksOver50: warmTasks.filter((d) => d > 50).length, longestTaskMs: Math.max(0, ...warmTasks) }));

// A status filter change at this size: click 'Résolu' chip → the map's count changes.
const before = await mapCount(page2);
const tf = performance.now();
await page2.locator('.status-chips').getByText('Résolu').first().click();
for (;;) { if ((await mapCount(page2)) !== before) break; if (performance.now() - tf > 30_000) break; await page2.waitForTimeout(5); }
console.log(JSON.stringify({ run: 'status filter → map count changed', ms: Math.round(performance.now() - tf) }));
await browser.close();
