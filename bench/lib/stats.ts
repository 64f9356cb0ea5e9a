// Bench helpers: timing with warm-up, median/p95/max, heap after GC, a printed table and JSON under bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Summary { runs: number; min: number; median: number; p95: number; max: number; mean: number }

/** Quantile by nearest rank on a copy (q in [0, 1]). */
export function quantile(samples: ArrayLike<number>, q: number): number {
  if (samples.length === 0) return NaN;
  const s = Array.from(samples).sort((a, b) => a - b);
  const rank = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[rank];
}

export function median(samples: ArrayLike<number>): number {
  if (samples.length === 0) return NaN;
  const s = Array.from(samples).sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function summarize(samples: ArrayLike<number>): Summary {
  const a = Array.from(samples);
  return {
    runs: a.length,
    min: a.length ? Math.min(...a) : NaN,
    median: median(a),
    p95: quantile(a, 0.95),
    max: a.length ? Math.max(...a) : NaN,
    mean: a.length ? a.reduce((x, y) => x + y, 0) / a.length : NaN,
  };
}

/** CPU time of this process (user + system, all threads) in ms: less sensitive than wall time to a shared machine. */
export function cpuMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Runs `fn` `warmup` times untimed, then `runs` times; returns wall and CPU ms of each timed run and the last result. */
export function timeRuns<T>(fn: () => T, runs = 5, warmup = 1): { ms: number[]; cpu: number[]; result: T } {
  let result = undefined as T;
  for (let i = 0; i < warmup; i++) result = fn();
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    result = fn();
    ms.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
  }
  return { ms, cpu, result };
}

/** Load average of the last minute and core count, to read wall times on a shared machine. */
export function machineLoad(): { load1: number; cores: number } {
  return { load1: loadavg()[0], cores: availableParallelism() };
}

let gcFn: (() => void) | null | undefined;

/** Forces a full GC (with --expose-gc, or by enabling it at run time); returns whether it could. */
export function gc(): boolean {
  if (gcFn === undefined) {
    gcFn = (globalThis as { gc?: () => void }).gc ?? null;
    if (!gcFn) {
      try {
        setFlagsFromString('--expose-gc');
        gcFn = runInNewContext('gc') as () => void;
      } catch {
        gcFn = null;
      }
    }
  }
  if (!gcFn) return false;
  gcFn();
  gcFn();
  return true;
}

/** JS heap plus ArrayBuffer memory in bytes, after a GC when available (typed arrays live outside the JS heap). */
export function memoryBytes(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

export const round = (x: number, digits = 2): number => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

/** Prints rows as an aligned text table; columns from the first row's keys. */
export function printTable(title: string, rows: Record<string, unknown>[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => (typeof v === 'number' ? String(round(v)) : String(v ?? ''));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => vals.map((v, i) => v.padStart(widths[i])).join('  ');
  console.log(line(cols));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => cell(r[c]))));
}

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'results');

/** Writes `bench/results/<name>.json` with the machine context; returns the path. */
export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  const context = { date: new Date().toISOString(), node: process.version, platform: process.platform, arch: process.arch, gcAvailable: gc(), ...machineLoad() };
  writeFileSync(path, JSON.stringify({ name, context, ...(data as object) }, null, 2) + '\n');
  return path;
}
