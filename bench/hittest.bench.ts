// Hit-test benchmark: 10k seeded probes, kdbush index (src/core/nearestPoint) vs a linear scan,
// same answers required; also the cluster index's own nearest() (used by the worker). Seeded track datasets.
// Run: node --import tsx bench/hittest.bench.ts
import { buildClusterIndex } from '../src/core/cluster/clusterIndex';
import { createHitIndex, hitRadiusImagePx, nearestLinear } from '../src/core/nearestPoint';
import { mulberry32 } from './lib/prng';
import { printTable, summarize, timeRuns, writeResults } from './lib/stats';
import { trackDataset, type TrackDataset } from './lib/trackDataset';

const SEED = 42;
const PROBES = 10_000;
const SIZES = [10_000, 100_000, 1_000_000];
const LINEAR_MAX_WORK = 2e9; // point×probe pairs for the linear scan; beyond, it runs on the first probes only

function probes(d: TrackDataset, count: number) {
  const rng = mulberry32(SEED + 1);
  const px = new Float64Array(count), py = new Float64Array(count), pr = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const j = Math.floor(rng() * d.xs.length);
    const near = i % 2 === 0; // half next to a point (likely hits), half anywhere on the image
    px[i] = near ? d.xs[j] + (rng() - 0.5) * 30 : rng() * d.width;
    py[i] = near ? d.ys[j] + (rng() - 0.5) * 30 : rng() * d.height;
    pr[i] = hitRadiusImagePx(0.5 + 0.1 * Math.floor(rng() * 26)); // 15 px / zoom at a random zoom step
  }
  return { px, py, pr };
}

const rows: Record<string, unknown>[] = [];
const results: Record<string, unknown>[] = [];
let allSame = true;
for (const n of SIZES) {
  const d = trackDataset(n, SEED);
  const { px, py, pr } = probes(d, PROBES);
  const build = timeRuns(() => createHitIndex(d.xs, d.ys), 3, 1);
  const index = build.result;

  const answers = new Int32Array(PROBES);
  const kd = timeRuns(() => { for (let i = 0; i < PROBES; i++) answers[i] = index.nearest(px[i], py[i], pr[i]); }, 5, 1);
  const kdPerProbeUs = (summarize(kd.ms).median * 1000) / PROBES;

  const linearProbes = Math.min(PROBES, Math.max(100, Math.floor(LINEAR_MAX_WORK / n / 2)));
  const linear = new Int32Array(linearProbes);
  const lin = timeRuns(() => { for (let i = 0; i < linearProbes; i++) linear[i] = nearestLinear(d.xs, d.ys, n, px[i], py[i], pr[i]); }, n >= 1_000_000 ? 1 : 3, n >= 1_000_000 ? 0 : 1);
  const linPerProbeUs = (summarize(lin.ms).median * 1000) / linearProbes;
  let mismatches = 0;
  let hits = 0;
  for (let i = 0; i < linearProbes; i++) {
    if (answers[i] !== linear[i]) mismatches++;
    if (linear[i] >= 0) hits++;
  }

  const ci = buildClusterIndex(d);
  let clusterMismatches = 0;
  const t0 = performance.now();
  for (let i = 0; i < linearProbes; i++) if (ci.nearest(px[i], py[i], pr[i]) !== linear[i]) clusterMismatches++;
  const ciPerProbeUs = ((performance.now() - t0) * 1000) / linearProbes;

  allSame &&= mismatches === 0 && clusterMismatches === 0;
  const row = {
    points: n,
    'build p50 ms': summarize(build.ms).median,
    'kdbush µs/probe': kdPerProbeUs,
    'linear µs/probe': linPerProbeUs,
    speedup: linPerProbeUs / kdPerProbeUs,
    'checked probes': linearProbes,
    hits,
    'same answers': mismatches === 0,
    'clusterIndex.nearest same': clusterMismatches === 0,
    'clusterIndex µs/probe': ciPerProbeUs,
  };
  rows.push(row);
  results.push({ ...row, buildMs: summarize(build.ms), kdbush10kProbesMs: summarize(kd.ms), linearMs: summarize(lin.ms), mismatches, clusterMismatches });
  console.log(`${n} points done`);
}

printTable(`Hit-test: ${PROBES} probes, radius 15 px / zoom (kdbush vs linear scan; at 1M the linear scan checks the first probes only)`, rows);
const path = writeResults('hittest', { seed: SEED, probes: PROBES, results, allSame });
console.log(`Wrote ${path}`);
if (!allSame) process.exitCode = 1;
