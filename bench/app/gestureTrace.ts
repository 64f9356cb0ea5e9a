// What runs in each long main-thread task during the phone gestures: a Chromium trace with V8's sampling
// profiler of the page's renderer, read back as, for every task over 50 ms on the page's main thread, its duration,
// the trace events inside it (Commit, Paint, FunctionCall, GC, ...) and the functions with the most self time in it.
// Used by bench/app/scenario.ts's phone run (APP_BENCH_PHONE_TRACE=1); the raw trace goes beside it.
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: string; args?: { name?: string; data?: Record<string, unknown> } }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'toplevel', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing'];
const KINDS = new Set(['FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'HandlePostMessage', 'V8.GC_SCAVENGER', 'MinorGC', 'MajorGC', 'V8.GCFinalizeMC', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit', 'Layerize', 'RasterTask', 'Decode Image']);

export interface LongTask { atMs: number; ms: number; inside: string; topFns: string }

/** Traces `fn` and returns the main thread's tasks over `overMs`, each with what ran in it, and the main thread's CPU
 * time in its tasks (thread time: neither the machine's load nor the CPU throttling, which pauses the thread, inflate it). */
export async function tracedLongTasks(browser: Browser, page: Page, file: string, fn: () => Promise<void>, overMs = 50): Promise<{ long: LongTask[]; mainCpuMs: number }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await fn();
  const buf = await browser.stopTracing();
  writeFileSync(file, buf);
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  return { long: longTasks(events, overMs), mainCpuMs: mainThreadCpuMs(events) };
}

function mainThread(events: TraceEvent[]): TraceEvent | undefined {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && isTask(e)).reduce((s, e) => s + e.dur!, 0);
  return mains.sort((a, b) => busy(b) - busy(a))[0];
}
const isTask = (e: TraceEvent) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && !!e.dur;

export function mainThreadCpuMs(events: TraceEvent[]): number {
  const main = mainThread(events);
  if (!main) return NaN;
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && isTask(e)).reduce((s, e) => s + ((e as { tdur?: number }).tdur ?? 0), 0) / 1000;
}

export function longTasks(events: TraceEvent[], overMs: number): LongTask[] {
  // The page's main thread: the CrRendererMain with the most task time (a spare renderer or the service worker's is idle).
  const main = mainThread(events);
  if (!main) return [];
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
  const tasks = mine.filter(isTask);
  const t0 = Math.min(...tasks.map((e) => e.ts));
  const samples = profileSamples(events, main.pid, main.tid);
  return tasks.filter((e) => e.dur! > overMs * 1000).map((task) => {
    const end = task.ts + task.dur!;
    const kinds = new Map<string, number>();
    for (const c of mine) if (c !== task && c.ts >= task.ts && c.ts + c.dur! <= end && KINDS.has(c.name)) kinds.set(c.name, (kinds.get(c.name) ?? 0) + c.dur! / 1000);
    const self = new Map<string, number>();
    for (const s of samples) if (s.ts >= task.ts && s.ts < end) self.set(s.fn, (self.get(s.fn) ?? 0) + s.ms);
    const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
    return { atMs: Math.round((task.ts - t0) / 1000), ms: Math.round(task.dur! / 1000), inside: top(kinds, 5), topFns: top(self, 6) };
  });
}

/** The sampled profile of one thread (ProfileChunk events), as (timestamp µs, function, ms of self time). */
function profileSamples(events: TraceEvent[], pid: number, tid: number): { ts: number; fn: string; ms: number }[] {
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  const out: { ts: number; fn: string; ms: number }[] = [];
  for (const p of profiles) {
    const nodes = new Map<number, string>();
    let ts = Number((p.args?.data as { startTime?: number } | undefined)?.startTime ?? p.ts);
    for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === p.id)) {
      const d = c.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
      for (const n of d?.cpuProfile?.nodes ?? []) {
        const f = n.callFrame;
        const file = (f.url ?? '').split('/').pop() ?? '';
        nodes.set(n.id, `${f.functionName || '(anon)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`);
      }
      const ids = d?.cpuProfile?.samples ?? [], deltas = d?.timeDeltas ?? [];
      for (let i = 0; i < ids.length; i++) {
        ts += deltas[i] ?? 0;
        const next = deltas[i + 1] ?? 0;
        out.push({ ts, fn: nodes.get(ids[i]) ?? '?', ms: next / 1000 });
      }
    }
  }
  return out;
}
