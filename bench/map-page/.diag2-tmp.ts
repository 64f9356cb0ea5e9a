import { chromium } from 'playwright';
import { startMapPageServer } from './server';
const { url, server } = await startMapPageServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-frame-rate-limit','--disable-gpu-vsync'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(url + '?mode=engine&n=100000');
await page.waitForFunction(() => (window as any).__mapBench?.isReady, null, { timeout: 120000 });
const variants = ['all', 'noImage', 'imageOnly', 'noSmooth', 'none', 'all'];
for (const v of variants) {
  const r = await page.evaluate(async (v) => {
    const Konva = (window as any).Konva; const stage = Konva.stages[0]; const layers = stage.getLayers();
    layers.forEach((l: any, i: number) => { l.visible(v === 'all' || v === 'noSmooth' || (v === 'noImage' && i > 0) || (v === 'imageOnly' && i === 0)); l.imageSmoothingEnabled(v !== 'noSmooth'); });
    const iv = await (window as any).__mapBench.pan(120, 24);
    iv.sort((a: number, b: number) => a - b);
    return { p50: iv[60].toFixed(1), p95: iv[114].toFixed(1) };
  }, v);
  console.log(v, JSON.stringify(r));
}
await browser.close(); await server.close();
