// Shrinking photos on the phone class (docs/product.md#photos): workers/photoShrinkApi.ts bundled with esbuild and run
// in a Worker of Chromium throttled 4× (the benches' phone class). A 12 MP JPEG (4000 × 3000, EXIF with orientation 6)
// shrunk SHRINK_RUNS times (default 5): time per photo; the page's long tasks (over 50 ms) while it runs; the JS heap
// of page + worker while 8 photos are shrunk in a row. JSON in bench/results/photoShrink.json.
//   node --import tsx bench/photoShrink.bench.ts
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';
import { withExif } from '../test/fixtures/photos/exifJpeg';
import { median, printTable, round, writeResults } from './lib/stats';

const RUNS = Number(process.env.SHRINK_RUNS ?? 5);
const THROTTLE = Number(process.env.SHRINK_CPU_THROTTLE ?? 4);

const worker = await build({
  stdin: {
    contents: `import { photoShrinkApi } from './workers/photoShrinkApi';
      self.onmessage = async (e) => { const t0 = performance.now(); const r = await photoShrinkApi.shrink(e.data, { maxSide: 2048, quality: 0.85, maxBytes: 5242880 });
        self.postMessage({ ms: performance.now() - t0, width: r.width, height: r.height, bytes: r.blob.size, takenAt: r.meta.takenAt }); };`,
    resolveDir: process.cwd(), loader: 'ts',
  },
  bundle: true, format: 'iife', write: false, platform: 'browser', target: 'es2022',
});
const workerCode = worker.outputFiles[0].text;

const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>bench</title>');
  await page.evaluate('self.__name = (f) => f'); // tsx names the functions passed to evaluate with this helper
  // The photo: made at full speed (the camera's work, not the app's).
  const jpeg = await page.evaluate(async () => {
    const c = new OffscreenCanvas(4000, 3000);
    const ctx = c.getContext('2d')!;
    const g = ctx.createLinearGradient(0, 0, 4000, 3000);
    g.addColorStop(0, '#6b7280'); g.addColorStop(1, '#b45309');
    ctx.fillStyle = g; ctx.fillRect(0, 0, 4000, 3000);
    for (let i = 0; i < 4000; i += 37) { ctx.fillStyle = `hsl(${i % 360} 50% 40%)`; ctx.fillRect(i, (i * 7) % 3000, 30, 200); }
    return [...new Uint8Array(await (await c.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer())];
  });
  const photo = [...withExif(new Uint8Array(jpeg), { dateTimeOriginal: '2026:11:30 08:15:42', lat: 45.75, lon: 4.85, orientation: 6 })];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Performance.enable');

  const result = await page.evaluate(async ({ code, bytes, runs }) => {
    const w = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
    const file = new File([new Uint8Array(bytes)], 'IMG.jpg', { type: 'image/jpeg' });
    const longTasks: number[] = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: false });
    const shrink = () => new Promise<{ ms: number; width: number; height: number; bytes: number; takenAt: string | null }>((resolve) => {
      w.onmessage = (e) => resolve(e.data);
      w.postMessage(file);
    });
    const runsOut: { ms: number; wall: number; width: number; height: number; bytes: number; takenAt: string | null }[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = await shrink();
      runsOut.push({ ...r, wall: performance.now() - t0 });
    }
    const heap: number[] = [];
    const mem = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
    for (let i = 0; i < 8; i++) { await shrink(); heap.push(mem()); }
    w.terminate();
    return { runs: runsOut, longTasks, heap };
  }, { code: workerCode, bytes: photo, runs: RUNS });
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const jsHeap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;

  const wall = result.runs.map((r) => r.wall);
  const first = result.runs[0];
  const rows = [{
    'photo': '4000×3000 JPEG, orientation 6', 'cpu throttle': `${THROTTLE}×`, 'runs': RUNS,
    'median ms (worker)': round(median(result.runs.map((r) => r.ms)), 0), 'median ms (page wait)': round(median(wall), 0), 'max ms': round(Math.max(...wall), 0),
    'result': `${first.width}×${first.height}, ${round(first.bytes / 1024, 0)} Kio`, 'page long tasks > 50 ms': result.longTasks.length,
    'page heap MB after 8 in a row': round(Math.max(...result.heap, jsHeap) / 1048576, 1),
  }];
  printTable('Photo shrink on the phone class', rows);
  console.log(`\nwritten ${writeResults('photoShrink', { rows, runs: result.runs, longTasks: result.longTasks, heapAfterEach: result.heap, inputBytes: photo.length })}`);
} finally {
  await browser.close();
}
