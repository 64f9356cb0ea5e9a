// Cluster build and query benchmark: our one 26-level index vs the naive baseline of
// 26 independent Supercluster indexes, on seeded track datasets of 10k, 100k and 1M points, same process.
// Run: node --import tsx bench/cluster.bench.ts [--quick]   (--quick: naive baseline at 10k and 100k only)
import { buildClusterIndex } from '../src/core/cluster/clusterIndex';
import { greedyReference } from '../test/fixtures/cluster/greedyReference';
import { LEVEL_COUNT, levelForZoom, MAX_LEVEL } from '../src/core/cluster/levels';
import { buildNaive, lngLatBBox, toFeatures } from './lib/naiveCluster';
import { cpuMs, machineLoad, memoryBytes, printTable, summarize, timeRuns, writeResults, type Summary } from './lib/stats';
import { trackCentreY, trackDataset } from './lib/trackDataset';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const SEED = 42;
const SIZES = [10_000, 100_000, 1_000_000];
const SCREEN = { width: 1920, height: 1080 }; // screen px of the viewport used for query timings
const MB = 1024 * 1024;

function referenceCheck() {
  const sets = [trackDataset(2000, 7, { width: 4000, height: 400 }), trackDataset(1000, 8)];
  const mismatches: string[] = [];
  for (const [s, d] of sets.entries()) {
    const ours = buildClusterIndex(d).stats.levelCounts;
    const ref = greedyReference(d.xs, d.ys, d.severity).map((l) => l.length);
    for (let l = 0; l < LEVEL_COUNT; l++) if (ours[l] !== ref[l]) mismatches.push(`set ${s} level ${l}: ${ours[l]} vs ${ref[l]}`);
  }
  return { ok: mismatches.length === 0, sets: sets.map((d) => d.xs.length), mismatches };
}

/** Viewport queries panning along the line at a zoom: image-px bbox of the screen, centred on the track. */
function viewports(width: number, height: number, zoom: number, count: number) {
  const vw = SCREEN.width / zoom;
  const vh = SCREEN.height / zoom;
  return Array.from({ length: count }, (_, i) => {
    const cx = vw / 2 + ((width - vw) * i) / Math.max(1, count - 1);
    const cy = Math.min(Math.max(trackCentreY(cx, width, height), vh / 2), height - vh / 2);
    return [cx - vw / 2, cy - vh / 2, cx + vw / 2, cy + vh / 2] as const;
  });
}

function timeEach(boxes: readonly (readonly [number, number, number, number])[], fn: (b: readonly [number, number, number, number]) => number) {
  const ms: number[] = [];
  let items = 0;
  for (const b of boxes) fn(b); // warm-up
  for (const b of boxes) {
    const t0 = performance.now();
    items += fn(b);
    ms.push(performance.now() - t0);
  }
  return { ...summarize(ms), meanItems: items / boxes.length };
}

const load = machineLoad();
console.log(`Machine: ${load.cores} cores, load average ${load.load1.toFixed(1)} (wall times stretch when it exceeds the cores; CPU ms are shown too)`);
const ref = referenceCheck();
console.log(`Reference check (brute-force greedy, ${ref.sets.join(' + ')} points, 26 levels): ${ref.ok ? 'counts equal' : 'MISMATCH ' + ref.mismatches.join('; ')}`);

const results: Record<string, unknown>[] = [];
const queryRows: Record<string, unknown>[] = [];
for (const n of SIZES) {
  const d = trackDataset(n, SEED);
  const S = Math.max(d.width, d.height);
  const runs = 3;

  // Ours: median of 3 timed builds after 1 warm-up, then memory of one more build kept alive.
  const ours = timeRuns(() => buildClusterIndex(d), runs, 1);
  const oursTime = summarize(ours.ms);
  const oursCpu = summarize(ours.cpu);
  ours.result = undefined as never;
  // What a build frees (releaseBuffers) goes with a closed port's message, a moment later: measured once it went.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
  await settled();
  const m0 = memoryBytes();
  let index: ReturnType<typeof buildClusterIndex> | null = buildClusterIndex(d);
  await settled();
  const oursMem = memoryBytes() - m0;

  // Naive: 26 stock indexes from GeoJSON features (feature creation timed apart, not counted in the baseline).
  const naiveRuns = n >= 1_000_000 ? (QUICK ? 0 : 1) : runs;
  let naiveTime: Summary | null = null;
  let naiveCpu: Summary | null = null;
  let naiveMem: number | null = null;
  let featuresMs: number | null = null;
  let naiveLevelCheck: boolean | null = null;
  const query: Record<string, unknown> = {};
  if (naiveRuns > 0) {
    const tf = performance.now();
    const features = toFeatures(d.xs, d.ys, d.severity, S);
    featuresMs = performance.now() - tf;
    const ms: number[] = [];
    const cpu: number[] = [];
    if (naiveRuns > 1) buildNaive(features, S); // warm-up
    for (let r = 0; r < naiveRuns - 1; r++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      buildNaive(features, S);
      ms.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
    }
    const n0 = memoryBytes();
    const c0 = cpuMs();
    const t0 = performance.now();
    const naive = buildNaive(features, S);
    ms.push(performance.now() - t0);
    cpu.push(cpuMs() - c0);
    naiveMem = memoryBytes() - n0;
    naiveTime = summarize(ms);
    naiveCpu = summarize(cpu);
    // Level 25 clusters the raw points with the same radius in the same order in both: the counts must agree.
    const world = [-180, -85.06, 180, 85.06] as [number, number, number, number];
    naiveLevelCheck = naive[MAX_LEVEL].getClusters(world, 0).length === index.stats.levelCounts[MAX_LEVEL];
    for (const zoom of [0.5, 1, 3]) {
      const level = levelForZoom(zoom);
      const boxes = viewports(d.width, d.height, zoom, 100);
      query[`naive@${zoom}`] = timeEach(boxes, (b) => naive[level].getClusters(lngLatBBox(b[0], b[1], b[2], b[3], S), 0).length);
    }
  }
  for (const zoom of [0.5, 1, 3]) {
    const level = levelForZoom(zoom);
    const boxes = viewports(d.width, d.height, zoom, 100);
    query[`ours@${zoom}`] = timeEach(boxes, (b) => index!.query(level, b[0], b[1], b[2], b[3]).count);
  }
  for (const zoom of [0.5, 1, 3]) {
    const o = query[`ours@${zoom}`] as Summary & { meanItems: number };
    const nv = query[`naive@${zoom}`] as (Summary & { meanItems: number }) | undefined;
    queryRows.push({ points: n, zoom, items: Math.round(o.meanItems), 'ours p50 ms': o.median, 'ours p95 ms': o.p95, 'ours max ms': o.max, 'naive p50 ms': nv?.median ?? '-', 'naive p95 ms': nv?.p95 ?? '-' });
  }

  const row = {
    points: n,
    'build p50 ms': oursTime.median,
    'build max ms': oursTime.max,
    'build cpu ms': oursCpu.median,
    'index MB': oursMem / MB,
    'naive p50 ms': naiveTime?.median ?? '-',
    'naive cpu ms': naiveCpu?.median ?? '-',
    'naive MB': naiveMem === null ? '-' : naiveMem / MB,
    'time ratio': naiveTime ? oursTime.median / naiveTime.median : '-',
    'cpu ratio': naiveCpu ? oursCpu.median / naiveCpu.median : '-',
    'mem ratio': naiveMem ? oursMem / naiveMem : '-',
    'L25 = naive': naiveLevelCheck ?? '-',
  };
  console.log(`${n} points: built in ${oursTime.median.toFixed(0)} ms (median of ${runs})${naiveTime ? `, naive ${naiveTime.median.toFixed(0)} ms (${naiveTime.runs} run${naiveTime.runs > 1 ? 's' : ''})` : ''}`);
  results.push({ ...row, buildMs: oursTime, buildCpuMs: oursCpu, indexBytes: oursMem, naiveMs: naiveTime, naiveCpuMs: naiveCpu, naiveBytes: naiveMem, featuresMs, levelCounts: index.stats.levelCounts, query });
  index = null;
}

printTable('Cluster build, 26 levels (ours: one hierarchical LevelSupercluster; naive: 26 stock Supercluster indexes)', results.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !['buildMs', 'buildCpuMs', 'naiveCpuMs', 'indexBytes', 'naiveMs', 'naiveBytes', 'featuresMs', 'levelCounts', 'query'].includes(k)))));
printTable(`Viewport query (${SCREEN.width}×${SCREEN.height} screen px, 100 pans along the line)`, queryRows);

const big = results.find((r) => r.points === 1_000_000)!;
const withNaive = [...results].reverse().find((r) => r.naiveMs);
const targets = {
  'build 1M ≤ 1500 ms': (big.buildMs as Summary).median <= 1500,
  'build 1M cpu ≤ 1500 ms': (big.buildCpuMs as Summary).median <= 1500,
  'time ≤ 0.1× naive': withNaive ? (withNaive['time ratio'] as number) <= 0.1 : null,
  'cpu time ≤ 0.1× naive': withNaive ? (withNaive['cpu ratio'] as number) <= 0.1 : null,
  'memory ≤ 0.1× naive': withNaive ? (withNaive['mem ratio'] as number) <= 0.1 : null,
  'counts = brute-force reference': ref.ok,
  naiveRatiosMeasuredAt: withNaive?.points,
};
console.log('\nTargets:', JSON.stringify(targets));
const path = writeResults('cluster', { seed: SEED, quick: QUICK, screen: SCREEN, loadBefore: load, reference: ref, results, targets });
console.log(`Wrote ${path}`);
if (!ref.ok) process.exitCode = 1;
