// Where a cold open's time goes: a Chromium trace of sign-in → every point loaded on the built app
// (main thread and every worker thread of the page's renderer), read back as busy time per thread, the main
// thread's long tasks with what ran in them, and the requests' waterfall (start, time to first byte, end, size).
// Used by bench/coldOpen.bench.ts; the raw trace is written beside the results (open it in the performance panel).
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: Record<string, unknown> } }

const CATEGORIES = ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel'].join(',');
/** Child events whose total time is reported per thread (they nest, so columns overlap). */
const KINDS = ['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'V8.GCFinalizeMC', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'ParseHTML', 'v8.deserializeOnBackground', 'HandlePostMessage', 'v8.produceModuleCache'];

export interface RequestTiming { url: string; startMs: number; ttfbMs: number; endMs: number; kb: number }

/** Requests of the page and its workers, relative to `t0` (ms since the page's time origin). */
export function recordRequests(page: Page): () => RequestTiming[] {
  const out: RequestTiming[] = [];
  page.on('requestfinished', async (r) => {
    const t = r.timing();
    const sizes = await r.sizes().catch(() => ({ responseBodySize: 0 }));
    out.push({ url: r.url(), startMs: t.startTime, ttfbMs: t.responseStart, endMs: t.responseEnd, kb: sizes.responseBodySize / 1024 });
  });
  return () => out;
}

/** Traces `fn` (the sign-in → loaded step) and returns the analysis; `file`: where the raw trace goes. */
export async function traced(browser: Browser, page: Page, file: string, fn: () => Promise<void>) {
  await browser.startTracing(page, { categories: CATEGORIES.split(',') });
  const t0 = Date.now();
  await fn();
  const wallMs = Date.now() - t0;
  const buf = await browser.stopTracing();
  writeFileSync(file, buf);
  return { wallMs, ...analyse((JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents) };
}

export function analyse(events: TraceEvent[]) {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  const mainKey = [...names].find(([, n]) => n === 'CrRendererMain')?.[0];
  const mainPid = mainKey ? Number(mainKey.split(':')[0]) : -1;
  const rendererThreads = [...names].filter(([k, n]) => Number(k.split(':')[0]) === mainPid && /CrRendererMain|DedicatedWorker|ServiceWorker|ThreadPoolForeground/.test(n));
  const isTask = (e: TraceEvent) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && !!e.dur;
  const tasks = events.filter(isTask);
  const start = Math.min(...tasks.map((e) => e.ts)), end = Math.max(...tasks.map((e) => e.ts + (e.dur ?? 0)));
  const threads = rendererThreads.map(([key, name]) => {
    const [pid, tid] = key.split(':').map(Number);
    const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur);
    const top = mine.filter(isTask);
    const kinds: Record<string, number> = {};
    for (const e of mine) if (KINDS.includes(e.name)) kinds[e.name] = (kinds[e.name] ?? 0) + e.dur! / 1000;
    // Busy share in 250 ms buckets from the first task: where the thread waits.
    const buckets = new Array(Math.ceil((end - start) / 250_000)).fill(0);
    for (const e of top) buckets[Math.floor((e.ts - start) / 250_000)] += e.dur! / 1000;
    const long = top.filter((e) => e.dur! > 50_000).map((e) => {
      const inside = mine.filter((c) => c.ts >= e.ts && c.ts + c.dur! <= e.ts + e.dur! && c !== e && KINDS.includes(c.name));
      const fn = inside.find((c) => c.name === 'FunctionCall')?.args?.data;
      const biggest = inside.sort((a, b) => b.dur! - a.dur!).slice(0, 3).map((c) => `${c.name} ${Math.round(c.dur! / 1000)}`);
      return { atMs: Math.round((e.ts - start) / 1000), ms: Math.round(e.dur! / 1000), what: biggest.join(', '), fn: fn ? `${String(fn.functionName ?? '')} ${String(fn.url ?? '').split('/').pop()}:${String(fn.lineNumber ?? '')}` : '' };
    });
    // cpuMs: the thread's own CPU time in its tasks (tdur), which a loaded machine does not inflate as it does busyMs.
    return { name: `${name}${name === 'DedicatedWorker thread' ? ` ${tid}` : ''}`, busyMs: Math.round(top.reduce((s, e) => s + e.dur!, 0) / 1000), cpuMs: Math.round(top.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000), kinds: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, Math.round(v)])), busyPer250ms: buckets.map((b) => Math.round(b)), long };
  }).filter((t) => t.busyMs > 0);
  const marks = events.filter((e) => e.cat.includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b')).map((e) => ({ name: e.name, atMs: Math.round((e.ts - start) / 1000) }));
  return { spanMs: Math.round((end - start) / 1000), threads, marks };
}
