// Word report: 1,000 anomalies with 100 photos (800×600 PNG, served over local HTTP). In Node: total time per phase
// (fetch, build, pack) and peak memory. In Chromium (if found): the docx worker generating while the main thread is
// watched by a longtask PerformanceObserver; the longest main-thread task must stay under 50 ms.
// Node has no OffscreenCanvas: photos are embedded as fetched there; the worker in Chromium re-encodes large ones.
// Run: node --expose-gc --import tsx bench/docx.bench.ts   (SKIP_BROWSER=1 / SKIP_NODE=1 to skip a part; RUNS=n)
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from './lib/prng';
import { gc, printTable, round, summarize, writeResults } from './lib/stats';
import { encodePng, withTextChunk } from '../test/fixtures/report/testPng';
import { FIXTURE_LEVELS, fixtureReport } from '../test/fixtures/report/reportFixture';
import { fetchReportImages } from '../workers/fetchImages';
import { buildReportDocument, packReportDocument } from '../src/core/report/docxDocument';
import { findChromium, CHROMIUM_ARGS } from '../scripts/findChromium.mjs';

const ANOMALIES = 1000;
const PHOTOS = 100;
const DISTINCT_IMAGES = 20; // pictures encoded once; each photo URL gets its own file (a distinct tEXt chunk)
const IMG_W = 800; // px
const IMG_H = 600; // px
const RUNS = Number(process.env.RUNS ?? 2);
const repo = fileURLToPath(new URL('..', import.meta.url));

function makeImages(): Uint8Array[] {
  const rng = mulberry32(99);
  return Array.from({ length: DISTINCT_IMAGES }, (_, k) =>
    encodePng(IMG_W, IMG_H, (x, y) => [((x + k * 37) & 0xff) ^ (rng() * 24) | 0, ((y * 2) & 0xff) ^ (rng() * 24) | 0, (k * 12 + (rng() * 40)) & 0xff]));
}

function serveImages(images: Uint8Array[]): Promise<{ server: Server; base: string }> {
  const server = createHttpServer((req, res) => {
    const m = /^\/img\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) { res.writeHead(404).end(); return; }
    const k = Number(m[1]);
    const img = withTextChunk(images[k % images.length], `photo ${k}`);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': img.length, 'access-control-allow-origin': '*' }).end(img);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

/** Samples RSS and heap+arrayBuffers every 10 ms; returns the peaks above the starting values. */
function memorySampler() {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed + start.arrayBuffers;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
  }, 10);
  return () => {
    clearInterval(timer);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
    return { peakRssMB: peakRss / 2 ** 20, peakHeapPlusBuffersMB: peakHeap / 2 ** 20, startHeapPlusBuffersMB: (start.heapUsed + start.arrayBuffers) / 2 ** 20 };
  };
}

async function nodeRun(base: string) {
  const report = fixtureReport(ANOMALIES, ANOMALIES / PHOTOS, (i) => `${base}/img/${i / (ANOMALIES / PHOTOS)}.png`);
  gc();
  const stop = memorySampler();
  const t0 = performance.now();
  const failures: string[] = [];
  const images = await fetchReportImages(report, { onFailure: (url, reason) => failures.push(`${url.replace(base, '')}: ${reason}`) });
  if (failures.length) console.warn(`photos not embedded: ${failures.join('; ')}`);
  const t1 = performance.now();
  const doc = buildReportDocument({ report, levels: FIXTURE_LEVELS, images, generatedAt: new Date() });
  const t2 = performance.now();
  const bytes = await packReportDocument(doc);
  const t3 = performance.now();
  const mem = stop();
  return { fetchMs: t1 - t0, buildMs: t2 - t1, packMs: t3 - t2, totalMs: t3 - t0, photos: images.size, bytes: bytes.length, ...mem };
}

async function chromiumRun(base: string) {
  const exe = findChromium();
  if (!exe || process.env.SKIP_BROWSER) return null;
  const { createServer } = await import('vite');
  const { chromium } = await import('playwright');
  const html = `<!doctype html><html><body><p id="s">ready</p><script type="module">
    import * as Comlink from '/node_modules/comlink/dist/esm/comlink.mjs';
    window.runDocx = async (report, levels) => {
      const longTasks = [];
      let stage = 'start';
      const longStages = [];
      const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) { longTasks.push(e.duration); longStages.push(stage + ' ' + Math.round(e.duration) + 'ms'); } });
      obs.observe({ type: 'longtask', buffered: false });
      let maxGap = 0, last = performance.now(), frames = 0, running = true;
      const tick = (t) => { maxGap = Math.max(maxGap, t - last); last = t; frames++; if (running) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      const t0 = performance.now();
      const worker = new Worker('/workers/docx.worker.ts', { type: 'module' });
      const api = Comlink.wrap(worker);
      stage = 'worker created';
      const stages = [];
      const pending = api.generate(report, levels, new Date().toISOString(), Comlink.proxy((s, d, t) => { stages.push(s); stage = s; document.getElementById('s').textContent = s + ' ' + d + '/' + t; }));
      stage = 'request sent';
      const blob = await pending;
      const ms = performance.now() - t0;
      worker.terminate();
      await new Promise((r) => setTimeout(r, 100));
      running = false;
      obs.disconnect();
      return { ms, size: blob.size, longTasks, longStages, maxFrameGapMs: maxGap, frames, stages: [...new Set(stages)] };
    };
  </script></body></html>`;
  const vite = await createServer({
    configFile: false, root: repo, logLevel: 'warn', worker: { format: 'es' },
    server: { port: 0, host: '127.0.0.1', fs: { allow: [repo] } },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [{ name: 'docx-bench-page', configureServer(s) { s.middlewares.use('/docx-bench.html', (_req, res) => { res.setHeader('content-type', 'text/html'); res.end(html); }); } }],
  });
  await vite.listen();
  const port = (vite.httpServer!.address() as AddressInfo).port;
  const browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/docx-bench.html`);
    const report = fixtureReport(ANOMALIES, ANOMALIES / PHOTOS, (i) => `${base}/img/${i / (ANOMALIES / PHOTOS)}.png`);
    await page.evaluate(([r, l]) => (window as unknown as { runDocx: (r: unknown, l: unknown) => unknown }).runDocx(r, l), [report, FIXTURE_LEVELS] as const); // warm-up (module transform, JIT)
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await page.evaluate(([r, l]) => (window as unknown as { runDocx: (r: unknown, l: unknown) => unknown }).runDocx(r, l), [report, FIXTURE_LEVELS] as const));
    return runs as { ms: number; size: number; longTasks: number[]; longStages: string[]; maxFrameGapMs: number; frames: number; stages: string[] }[];
  } finally {
    await browser.close();
    await vite.close();
  }
}

async function main() {
  const images = makeImages();
  const imageMB = images.reduce((n, b) => n + b.length, 0) / DISTINCT_IMAGES / 2 ** 20;
  const { server, base } = await serveImages(images);
  try {
    // No separate warm-up in Node: each run takes tens of seconds, the JIT is warm after the first few hundred rows.
    const node = [];
    for (let i = 0; i < (process.env.SKIP_NODE ? 0 : RUNS); i++) node.push(await nodeRun(base));
    const s = summarize(node.map((r) => r.totalMs));
    printTable(`Word report in Node: ${ANOMALIES} anomalies, ${PHOTOS} photos of ${IMG_W}×${IMG_H} (${round(imageMB, 2)} MB each on average)`, node.map((r, i) => ({
      run: i + 1, fetchMs: r.fetchMs, buildMs: r.buildMs, packMs: r.packMs, totalMs: r.totalMs, photos: r.photos,
      docxMB: r.bytes / 2 ** 20, peakRssMB: r.peakRssMB, peakHeapPlusBuffersMB: r.peakHeapPlusBuffersMB,
    })));
    const browser = await chromiumRun(base);
    if (browser) {
      printTable('Word report in Chromium (docx worker; main thread watched)', browser.map((r, i) => ({
        run: i + 1, totalMs: r.ms, docxMB: r.size / 2 ** 20, longTasks: r.longTasks.length,
        longestTaskMs: r.longTasks.length ? Math.max(...r.longTasks) : 0, maxFrameGapMs: r.maxFrameGapMs, frames: r.frames,
      })));
      const longest = Math.max(0, ...browser.flatMap((r) => r.longTasks));
      console.log(`long tasks (stage when seen): ${browser.flatMap((r) => r.longStages).join(', ') || 'none'}`);
      console.log(`\nlongest main-thread task during generation: ${round(longest)} ms (target: none over 50 ms: ${longest <= 50 ? 'met' : 'MISSED'})`);
    } else {
      console.log('\nChromium part skipped (no browser or SKIP_BROWSER set)');
    }
    const path = writeResults(process.env.SKIP_NODE ? 'docx-browser' : 'docx', { params: { ANOMALIES, PHOTOS, IMG_W, IMG_H, DISTINCT_IMAGES, RUNS, imageMBAvg: imageMB }, node, nodeTotal: s, browser });
    console.log(`wrote ${path}`);
  } finally {
    server.close();
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
