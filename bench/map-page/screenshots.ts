// Screenshots of the map page for a visual check: `node --import tsx bench/map-page/screenshots.ts [outDir]`
// (default /tmp/map-screenshots): desktop 1440×900 and phone 390×844 (DPR 2, touch), view, draw-zone and cluster sheet.
import { chromium } from 'playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { startMapPageServer } from './server';

interface Shot { name: string; viewport: { width: number; height: number }; dpr?: number; touch?: boolean; query: string; clicks?: [number, number][] }

const SHOTS: Shot[] = [
  { name: 'desktop-view', viewport: { width: 1440, height: 900 }, query: 'mode=app' },
  { name: 'desktop-draw-zone', viewport: { width: 1440, height: 900 }, query: 'mode=app&appMode=draw-zone', clicks: [[300, 300], [600, 280], [650, 600]] },
  { name: 'desktop-cluster-sheet', viewport: { width: 1440, height: 900 }, query: 'mode=app', clicks: [[542, 395]] },
  { name: 'desktop-engine-1m', viewport: { width: 1440, height: 900 }, query: 'mode=engine&n=1000000' },
  { name: 'phone-view', viewport: { width: 390, height: 844 }, dpr: 2, touch: true, query: 'mode=app' },
  { name: 'phone-draw-zone', viewport: { width: 390, height: 844 }, dpr: 2, touch: true, query: 'mode=app&appMode=draw-zone', clicks: [[60, 400], [300, 380], [280, 600]] },
];

const out = process.argv[2] ?? '/tmp/map-screenshots';
mkdirSync(out, { recursive: true });
const { url, server } = await startMapPageServer();
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const s of SHOTS) {
  const page = await browser.newPage({ viewport: s.viewport, deviceScaleFactor: s.dpr ?? 1, hasTouch: !!s.touch, isMobile: !!s.touch });
  page.on('pageerror', (e) => console.error(s.name, 'pageerror', e.message));
  await page.goto(`${url}?${s.query}`);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="map-canvas"]')?.getAttribute('data-frame-items') ?? 0) > 0, null, { timeout: 120_000 });
  await page.waitForTimeout(1500);
  for (const [x, y] of s.clicks ?? []) { await page.mouse.click(x, y); await page.waitForTimeout(250); }
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${s.name}.png` });
  console.log(`${out}/${s.name}.png`);
  await page.close();
}
await browser.close();
await server.close();
