// The map's marks laid out on a frame (src/core/cluster/frameMarks.ts, docs/product.md#map-marks): at 10k/100k/1M seeded
// track points with 2 % selected and 5 % late, pointMarks (once per selection or late change) and frameMarks for a
// 1440×900 view (with the frame's margin) at the line's middle, per level, CPU and wall time.
// Run: node --import tsx bench/frameMarks.bench.ts
import { buildClusterIndex } from '../src/core/cluster/clusterIndex';
import { clusterRadiusImagePx, zoomForLevel } from '../src/core/cluster/levels';
import { frameMarks, pointMarks } from '../src/core/cluster/frameMarks';
import { mulberry32 } from './lib/prng';
import { machineLoad, printTable, timeRuns, writeResults } from './lib/stats';
import { trackDataset } from './lib/trackDataset';

const SIZES = [10_000, 100_000, 1_000_000];
const LEVELS = [0, 2, 4, 10, 20, 29];
const VIEW = { width: 1440, height: 900 }; // screen px
const MARGIN = 0.75; // the frame's margin beyond each edge (src/map/MapCanvas.tsx FRAME_MARGIN)
const rows: Record<string, unknown>[] = [];
const results: Record<string, unknown>[] = [];

for (const n of SIZES) {
  const d = trackDataset(n, 42, { width: 30000, height: 2000 });
  const index = buildClusterIndex(d);
  const rng = mulberry32(7);
  const selected: number[] = [], late: number[] = [];
  for (let i = 0; i < n; i++) { const r = rng(); if (r < 0.02) selected.push(i); else if (r < 0.07) late.push(i); }
  const made = timeRuns(() => pointMarks(n, d.xs, d.ys, selected, late), 5);
  const marks = made.result;
  const identity = Int32Array.from({ length: n }, (_, i) => i);
  rows.push({ points: n, step: 'pointMarks', marks: marks.slots.length, items: '', 'wall p50 ms': med(made.ms), 'cpu p50 ms': med(made.cpu) });
  results.push({ points: n, step: 'pointMarks', ms: made.ms, cpu: made.cpu });
  for (const level of LEVELS) {
    const z = zoomForLevel(level);
    const w = (VIEW.width / z) * (1 + 2 * MARGIN), h = (VIEW.height / z) * (1 + 2 * MARGIN);
    const box = { minX: 15000 - w / 2, maxX: 15000 + w / 2, minY: 1000 - h / 2, maxY: 1000 + h / 2 };
    const frame = index.query(level, box.minX, box.minY, box.maxX, box.maxY);
    const laid = timeRuns(() => frameMarks(frame, identity, marks, box, clusterRadiusImagePx(level)), 9);
    rows.push({ points: n, step: `frameMarks level ${level}`, marks: marks.slots.length, items: frame.count, 'wall p50 ms': med(laid.ms), 'cpu p50 ms': med(laid.cpu) });
    results.push({ points: n, step: 'frameMarks', level, items: frame.count, ms: laid.ms, cpu: laid.cpu });
  }
}

function med(a: number[]): number {
  const s = [...a].sort((x, y) => x - y);
  return Math.round(s[s.length >> 1] * 100) / 100;
}

printTable('Map marks (2 % selected, 5 % late)', rows);
console.log(`\nwritten ${writeResults('frameMarks', { date: new Date().toISOString(), load: machineLoad(), rows, results })}`);
