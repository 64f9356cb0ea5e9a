// Renderer memory broken down: PSS per Chromium process (/proc/<pid>/smaps_rollup; the renderer
// holds the page's main thread, its workers, typed arrays and software canvases), the JS heap of every isolate of
// the page (CDP Runtime.getHeapUsage on the page and on each worker target, through the browser session), and the
// page's canvases (their pixel bytes at their backing size).
import type { Browser, Page } from '@playwright/test';
import { pssMb } from './memory';

interface TargetInfo { targetId: string; type: string; title: string; url: string }

/** JS heap used (MB) of each worker target of the browser, by its name or URL. */
async function workerHeaps(browser: Browser): Promise<{ worker: string; heapMb: number }[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await cdp.send('Target.getTargets') as { targetInfos: TargetInfo[] };
    const workers = targetInfos.filter((t) => t.type === 'worker');
    const out: { worker: string; heapMb: number }[] = [];
    for (const w of workers) {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: w.targetId, flatten: false }) as { sessionId: string };
      const answer = new Promise<number>((resolve) => {
        const on = (e: { sessionId: string; message: string }) => {
          const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
          if (e.sessionId === sessionId && m.id === 1) { cdp.off('Target.receivedMessageFromTarget', on); resolve((m.result?.usedSize ?? NaN) / 2 ** 20); }
        };
        cdp.on('Target.receivedMessageFromTarget', on);
      });
      await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }) });
      const heapMb = await Promise.race([answer, new Promise<number>((r) => setTimeout(() => r(NaN), 5000))]);
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
      out.push({ worker: (w.title || w.url).split('/').pop()!.replace(/-[\w-]{8}\.js$/, ''), heapMb });
    }
    return out;
  } finally { await cdp.detach().catch(() => {}); }
}

/** Every figure of the breakdown, printed as tables by the caller. */
export async function memoryBreakdown(browser: Browser, page: Page) {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach().catch(() => {});
  const processes = processInfo.map((p) => ({ type: p.type, pid: p.id, pssMb: Math.round(pssMb(p.id) * 10) / 10 }));
  const page0 = await page.context().newCDPSession(page);
  const { usedSize } = await page0.send('Runtime.getHeapUsage');
  await page0.detach().catch(() => {});
  const heaps = [{ worker: 'main thread', heapMb: usedSize / 2 ** 20 }, ...await workerHeaps(browser)].map((h) => ({ ...h, heapMb: Math.round(h.heapMb * 10) / 10 }));
  const canvases = await page.evaluate(() => [...document.querySelectorAll('canvas')].map((c) => ({ w: c.width, h: c.height, mb: Math.round((c.width * c.height * 4) / 2 ** 20 * 10) / 10, where: c.parentElement?.className ?? '' })));
  return { processes, heaps, canvases, canvasMb: canvases.reduce((s, c) => s + c.mb, 0) };
}

interface DumpEvent { ph: string; pid: number; name: string; args?: { dumps?: { allocators?: Record<string, { attrs?: Record<string, { value: string }> }> } } }

/**
 * Chromium's own accounting (memory-infra dump, detailed): per process, the size of each top-level allocator
 * (malloc, partition_alloc, v8, blink_gc, skia, cc, gpu, ...), in MB: what the renderer's PSS is made of.
 */
export async function allocatorDump(browser: Browser): Promise<Record<string, Record<string, number>>> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream ?? '')));
    await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: ['disabled-by-default-memory-infra'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } } } as never);
    await cdp.send('Tracing.requestMemoryDump', { levelOfDetail: 'detailed' } as never);
    await cdp.send('Tracing.end');
    const stream = await done;
    let text = '';
    for (;;) {
      const r = await cdp.send('IO.read', { handle: stream }) as { data: string; eof: boolean; base64Encoded?: boolean };
      text += r.base64Encoded ? Buffer.from(r.data, 'base64').toString() : r.data;
      if (r.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const events = (JSON.parse(text) as { traceEvents: DumpEvent[] }).traceEvents;
    const out: Record<string, Record<string, number>> = {};
    for (const e of events) {
      const alloc = e.args?.dumps?.allocators;
      if (e.ph !== 'v' || !alloc) continue;
      const row: Record<string, number> = out[e.pid] ?? {};
      for (const [name, a] of Object.entries(alloc)) {
        // Top-level allocators, and the partitions of partition_alloc (array buffers, Blink's buffers, ...), the
        // isolates of v8 and the caches of skia.
        const depth = name.split('/').length;
        if (depth > 1 && !(depth === 3 && /^(partition_alloc\/partitions|v8\/main|v8\/workers|skia\/sk_resource_cache)\//.test(name)) && !(depth === 2 && /^(v8|skia|malloc|cc)\//.test(name))) continue;
        const size = a.attrs?.size?.value ?? a.attrs?.effective_size?.value;
        if (size) row[name] = Math.round(parseInt(size, 16) / 2 ** 20 * 10) / 10;
      }
      out[e.pid] = row;
    }
    return out;
  } finally { await cdp.detach().catch(() => {}); }
}
