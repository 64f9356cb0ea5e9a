// Report classification: 1M points × 200 zones of 256 vertices, flatbush + turf (src/core/report/classify) against
// turf on every point-zone pair measured on a strided subset in the same run; results must be identical.
// Run: node --expose-gc --import tsx bench/report.bench.ts  (in-process runs, plus one run in a worker_threads Worker)
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { mulberry32 } from './lib/prng';
import { printTable, summarize, timeRuns, writeResults, round } from './lib/stats';
import { trackCentreY, trackDataset } from './lib/trackDataset';
import { buildZoneIndex, classifyPoints, NOT_ELIGIBLE, type PointArrays } from '../src/core/report/classify';
import { classifyPositionsNaive } from '../test/fixtures/report/classifyNaive';
import type { ImagePoint } from '../src/core/types';

const N_POINTS = Number(process.env.N_POINTS ?? 1_000_000);
const N_ZONES = 200;
const VERTICES = 256;
const SUBSET = Number(process.env.SUBSET ?? 4000); // points for the naive all-pairs reference
const WIDTH = 30000; // image px
const HEIGHT = 2000; // image px
const KM_PER_PX = 100 / WIDTH; // a 100 km line
const SEED = 20261121;

/** 200 wobbly ellipses along the line, alternately on track 1, track 2 and both; neighbours overlap slightly. */
function makeZones(): ImagePoint[][] {
  const rng = mulberry32(SEED + 1);
  const step = WIDTH / N_ZONES;
  return Array.from({ length: N_ZONES }, (_, z) => {
    const cx = (z + 0.5) * step;
    const kind = z % 3; // 0: track 1, 1: track 2, 2: both
    const cy = trackCentreY(cx, WIDTH, HEIGHT) + (kind === 0 ? -40 : kind === 1 ? 40 : 0);
    const rx = step * 0.6;
    const ry = kind === 2 ? 90 : 35;
    return Array.from({ length: VERTICES }, (_, k) => {
      const a = (2 * Math.PI * k) / VERTICES;
      const wobble = 0.85 + 0.3 * rng();
      return { x: cx + rx * wobble * Math.cos(a), y: cy + ry * wobble * Math.sin(a) };
    });
  });
}

function makePoints(): PointArrays {
  const { xs, ys } = trackDataset(N_POINTS, SEED, { width: WIDTH, height: HEIGHT });
  const rng = mulberry32(SEED + 2);
  const km = new Float64Array(N_POINTS);
  const resolved = new Uint8Array(N_POINTS);
  for (let i = 0; i < N_POINTS; i++) {
    km[i] = rng() < 0.01 ? NaN : xs[i] * KM_PER_PX;
    resolved[i] = rng() < 0.1 ? 1 : 0;
  }
  return { xs, ys, km, resolved };
}

async function inWorker(points: PointArrays, zones: ImagePoint[][], start: number, end: number): Promise<{ ms: number; codes: Int32Array; inWorkerMs: number }> {
  const classifyUrl = pathToFileURL(resolve('src/core/report/classify.ts')).href;
  const code = `
    const { parentPort } = require('node:worker_threads');
    import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(classifyUrl)}); }).then((m) => parentPort.on('message', ({ points, zones, start, end }) => {
      const t0 = performance.now();
      const codes = m.classifyPoints(points, start, end, m.buildZoneIndex(zones));
      parentPort.postMessage({ codes, inWorkerMs: performance.now() - t0 }, [codes.buffer]);
    }));`;
  const worker = new Worker(code, { eval: true });
  await new Promise((r) => setTimeout(r, 1500)); // let the worker load tsx and the module
  const once = async () => {
    const copy: PointArrays = { xs: points.xs.slice(), ys: points.ys.slice(), km: points.km.slice(), resolved: points.resolved.slice() };
    const t0 = performance.now();
    const result = await new Promise<{ codes: Int32Array; inWorkerMs: number }>((res, rej) => {
      worker.once('message', res);
      worker.once('error', rej);
      worker.postMessage({ points: copy, zones, start, end }, [copy.xs.buffer, copy.ys.buffer, copy.km.buffer, copy.resolved.buffer] as ArrayBuffer[]);
    });
    return { ms: performance.now() - t0, codes: result.codes, inWorkerMs: result.inWorkerMs };
  };
  await once(); // warm-up (JIT in the worker)
  const run = await once();
  await worker.terminate();
  return run;
}

async function main() {
  const zones = makeZones();
  const points = makePoints();
  const start = 0;
  const end = 100;
  const indexRuns = timeRuns(() => buildZoneIndex(zones), 3, 1);
  const index = indexRuns.result;
  const indexMs = summarize(indexRuns.ms).median;

  const fast = timeRuns(() => classifyPoints(points, start, end, buildZoneIndex(zones)), 3, 1);
  // CPU time of one more run: on a shared, overloaded machine wall time includes waiting for a core.
  const cpu0 = process.cpuUsage();
  classifyPoints(points, start, end, buildZoneIndex(zones));
  const cpu1 = process.cpuUsage(cpu0);
  const fastCpuMs = (cpu1.user + cpu1.system) / 1000;
  const codes = fast.result;
  let eligible = 0;
  let inZones = 0;
  for (const c of codes) { if (c !== NOT_ELIGIBLE) eligible++; if (c >= 0) inZones++; }

  // Naive reference on a strided subset of the eligible points: turf on every pair, first zone wins.
  const stride = Math.max(1, Math.floor(N_POINTS / SUBSET));
  const idx: number[] = [];
  for (let i = 0; i < N_POINTS && idx.length < SUBSET; i += stride) if (codes[i] !== NOT_ELIGIBLE) idx.push(i);
  const sx = Float64Array.from(idx, (i) => points.xs[i]);
  const sy = Float64Array.from(idx, (i) => points.ys[i]);
  const ncpu0 = process.cpuUsage();
  const naive = timeRuns(() => classifyPositionsNaive(sx, sy, index.polygons), 1, 0);
  const ncpu1 = process.cpuUsage(ncpu0);
  const naiveCpuMs = (ncpu1.user + ncpu1.system) / 1000;
  let mismatches = 0;
  idx.forEach((i, k) => { if (naive.result[k] !== codes[i]) mismatches++; });
  const subsetInZones = naive.result.filter((c) => c >= 0).length;

  const worker = await inWorker(points, zones, start, end);
  console.log(`worker: ${round(worker.ms)} ms end to end, ${round(worker.inWorkerMs)} ms inside the worker`);
  let workerMismatches = 0;
  for (let i = 0; i < N_POINTS; i++) if (worker.codes[i] !== codes[i]) workerMismatches++;

  const fastSummary = summarize(fast.ms);
  const naiveMs = naive.ms[0];
  const naivePerPairNs = (naiveMs * 1e6) / (idx.length * N_ZONES);
  const fastPerPairNs = (fastSummary.median * 1e6) / (eligible * N_ZONES);
  const naiveProjectedMs = (naivePerPairNs * eligible * N_ZONES) / 1e6;
  const ratio = fastPerPairNs / naivePerPairNs;

  printTable(`Report classification: ${N_POINTS.toLocaleString('en')} points (${eligible.toLocaleString('en')} eligible, ${inZones.toLocaleString('en')} in zones) × ${N_ZONES} zones × ${VERTICES} vertices`, [
    { method: 'flatbush + turf (in-process)', runs: fastSummary.runs, medianMs: fastSummary.median, minMs: fastSummary.min, maxMs: fastSummary.max, nsPerPair: fastPerPairNs },
    { method: 'same, in a worker_threads Worker (warm, incl. transfer)', runs: 1, medianMs: worker.ms, minMs: worker.ms, maxMs: worker.ms, nsPerPair: (worker.ms * 1e6) / (eligible * N_ZONES) },
    { method: `turf on every pair (${idx.length} pts subset)`, runs: 1, medianMs: naiveMs, minMs: naiveMs, maxMs: naiveMs, nsPerPair: naivePerPairNs },
    { method: 'turf on every pair, projected to all points', runs: 0, medianMs: naiveProjectedMs, minMs: NaN, maxMs: NaN, nsPerPair: naivePerPairNs },
  ]);
  const okRatio = ratio <= 0.01;
  const okTotal = fastSummary.median < 1000;
  console.log(`\nindex build (median, included in every run) ${round(indexMs)} ms; ratio per pair fast/naive = ${ratio.toExponential(2)} (target ≤ 1e-2: ${okRatio ? 'met' : 'MISSED'}); ` +
    `total ${round(fastSummary.median)} ms (target < 1000 ms: ${okTotal ? 'met' : 'MISSED'}); ` +
    `CPU time: fast ${round(fastCpuMs)} ms, naive subset ${round(naiveCpuMs)} ms (ratio per pair by CPU ${((fastCpuMs / (eligible * N_ZONES)) / (naiveCpuMs / (idx.length * N_ZONES))).toExponential(2)}); ` +
    `subset mismatches ${mismatches}/${idx.length} (${subsetInZones} in zones); worker vs in-process mismatches ${workerMismatches}`);
  const path = writeResults('report', {
    params: { N_POINTS, N_ZONES, VERTICES, SUBSET: idx.length, SEED, WIDTH, HEIGHT },
    eligible, inZones, indexMs, fastMs: fast.ms, fastCpuMs, naiveCpuMs, loadAverage: (await import('node:os')).loadavg(), fast: fastSummary, workerMs: worker.ms, workerInsideMs: worker.inWorkerMs, naiveSubsetMs: naiveMs,
    naivePerPairNs, fastPerPairNs, naiveProjectedMs, ratioPerPair: ratio, mismatches, subsetInZones, workerMismatches,
    targets: { ratioPerPair: 0.01, totalMs: 1000, met: okRatio && okTotal && mismatches === 0 && workerMismatches === 0 },
  });
  console.log(`wrote ${path}`);
  if (mismatches || workerMismatches) process.exit(1);
}

main().catch((err) => { console.error(err); process.exit(1); });
