// The cluster worker's part of a warm line switch: back and forth between two lines of PER_LINE points
// (default 20,000, the 50 × 20k network's lines), through the service the worker runs (src/core/cluster/service.ts,
// in this process). Baseline = a load that names no line (every switch rebuilds the 26 levels, as before the tree
// cache); current = loads naming their line (a switch back reuses the kept tree). Both in the same run; prints
// medians, p95 and ratios, the memory the kept trees hold, and the load average.
//   npm run bench linesClusterSwitch            (PER_LINE=20000 ROUNDS=10)
import { createClusterService } from '../src/core/cluster/service';
import { buildClusterIndex } from '../src/core/cluster/clusterIndex';
import { TREE_CACHE_BYTES } from '../src/core/cluster/treeCache';
import { machineLoad, printTable, round, summarize, writeResults } from './lib/stats';
import { trackDataset } from './lib/trackDataset';

const PER_LINE = Number(process.env.PER_LINE ?? 20_000);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
const lines = [trackDataset(PER_LINE, 1, { width: 15_000, height: 2_000 }), trackDataset(PER_LINE, 2, { width: 15_000, height: 2_000 })];

/** ms per switch: load the line's points (copies, as the map transfers them) then the first frame (level 8, whole line). */
async function switches(named: boolean): Promise<number[]> {
  const service = createClusterService();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS * 2 + 2; i++) {
    const d = lines[i % 2];
    const t = performance.now();
    await service.load(d.xs.slice(), d.ys.slice(), d.severity.slice(), d.width, d.height, named ? `line-${i % 2}` : undefined);
    await service.query(8, 0, 0, d.width, d.height);
    if (i >= 2) out.push(performance.now() - t); // the first visit of each line is a cold open, not a switch back
  }
  return out;
}

const load0 = machineLoad().load1;
const baseline = summarize(await switches(false));
const current = summarize(await switches(true));
const bytesPerLine = buildClusterIndex(lines[0]).stats.bytes;
const load = round((load0 + machineLoad().load1) / 2, 1);
printTable(`Cluster worker, warm line switch, 2 lines × ${PER_LINE} points (load ${load}, ${machineLoad().cores} cores)`, [
  { metric: 'switch back: load + first frame (median ms)', baseline: round(baseline.median, 1), current: round(current.median, 1), 'baseline/current': `${round(baseline.median / current.median, 1)}×` },
  { metric: 'switch back: load + first frame (p95 ms)', baseline: round(baseline.p95, 1), current: round(current.p95, 1), 'baseline/current': `${round(baseline.p95 / current.p95, 1)}×` },
  { metric: 'memory of one kept tree (MB)', baseline: '—', current: round(bytesPerLine / 2 ** 20, 1), 'baseline/current': `bound ${TREE_CACHE_BYTES / 2 ** 20} MB` },
]);
writeResults('linesClusterSwitch', { perLine: PER_LINE, rounds: ROUNDS, baseline, current, bytesPerLine, loadAvg: load });
