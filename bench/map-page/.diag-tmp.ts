import { chromium } from 'playwright';
import { startMapPageServer } from './server';
const { url, server } = await startMapPageServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-frame-rate-limit','--disable-gpu-vsync'] });
for (const q of (process.argv[2] ?? 'mode=engine&n=100000').split(',')) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url + '?' + q);
  await page.waitForFunction(() => (window as any).__mapBench?.isReady, null, { timeout: 120000 });
  await page.waitForTimeout(500);
  const r = await page.evaluate(() => {
    const Konva = (window as any).Konva;
    const stage = Konva.stages[0];
    const out: Record<string, number> = {};
    for (const smooth of [true, false]) stage.getLayers().forEach((l: any, i: number) => {
      if (!l.visible()) return;
      l.imageSmoothingEnabled(smooth);
      const ctx = l.getCanvas()._canvas.getContext('2d');
      l.draw(); ctx.getImageData(0,0,1,1);
      const ts: number[] = [];
      for (let k = 0; k < 15; k++) { const t = performance.now(); stage.x(stage.x() - 3); l.draw(); ctx.getImageData(0,0,1,1); ts.push(performance.now() - t); }
      ts.sort((a, b) => a - b);
      out[(smooth ? 's' : 'n') + i] = +ts[7].toFixed(2);
    });
    return out;
  });
  console.log(q, JSON.stringify(r));
  await page.close();
}
await browser.close(); await server.close();
