// Density strip: binning N points (default 1,000,000, PK over 120 km, 3 statuses, 4 levels) per 100 m in
// the worker (src/core/densityStrip/bins.ts) and the main thread's share of a request (copying the PK, status and
// criticality columns that are transferred), against a baseline measured in the same run: one plain pass summing the
// status column. While panning the strip costs nothing (the ruler layer is moved by a CSS transform).
// Run: npm run bench densityStrip   (STRIP_POINTS=… to change N)
import { binOpenPoints } from '../src/core/densityStrip/bins';
import { mulberry32 } from './lib/prng';
import { machineLoad, printTable, round, summarize, timeRuns, writeResults } from './lib/stats';

const N = Number(process.env.STRIP_POINTS ?? 1_000_000);
const rnd = mulberry32(23);
const km = new Float64Array(N), status = new Uint8Array(N), crit = new Uint8Array(N);
for (let i = 0; i < N; i++) {
  km[i] = rnd() < 0.01 ? NaN : Math.round(rnd() * 12000) / 100;
  status[i] = Math.floor(rnd() * 3);
  crit[i] = Math.floor(rnd() * 4);
}
const input = { count: N, km, status, crit, counted: Uint8Array.from([1, 1, 0]), rankOfCode: Uint8Array.from([1, 2, 3, 4]) };

const base = timeRuns(() => { let s = 0; for (let i = 0; i < N; i++) s += status[i]; return s; }, 9, 2);
const bin = timeRuns(() => binOpenPoints(input), 9, 2);
const copy = timeRuns(() => [km.slice(0, N), status.slice(0, N), crit.slice(0, N)], 9, 2);
const b = summarize(base.ms).median;
const rows = [
  { step: 'baseline: one pass over the status column', median_ms: round(b, 2), ratio: 1 },
  { step: 'worker: bin per 100 m (two passes)', median_ms: round(summarize(bin.ms).median, 2), ratio: round(summarize(bin.ms).median / b, 1) },
  { step: 'main thread: copy the 3 columns to transfer', median_ms: round(summarize(copy.ms).median, 2), ratio: round(summarize(copy.ms).median / b, 1) },
];
const { load1, cores } = machineLoad();
printTable(`Density strip at ${N} points: ${bin.result.counts.length} cells, ${bin.result.total} open counted; load ${load1} on ${cores} cores`, rows);
writeResults('densityStrip', { points: N, load1, cores, rows });
