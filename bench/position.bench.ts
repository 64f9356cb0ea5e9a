// Position on the line: projection of 10,000 seeded fixes on a 200 km double-track line (a vertex every 10 m,
// anchors every 100 m, one jump), and the nearest line among 50, through src/core/position.
// Baseline in the same run: a linear scan over every segment (same distances required).
// Run: node --import tsx bench/position.bench.ts
import { buildLineIndex, type LineIndex } from '../src/core/position/lineIndex';
import { locate } from '../src/core/position/locate';
import { toX, toY } from '../src/core/position/localFrame';
import { curvedLine } from '../test/fixtures/position/curvedLine';
import { mulberry32 } from './lib/prng';
import { printTable, summarize, timeRuns, writeResults } from './lib/stats';

const SEED = 44;
const FIXES = 10_000;
const rng = mulberry32(SEED);

const long = curvedLine({ lengthM: 200_000, radiusM: 60_000, vertexStepM: 10, anchorStepM: 100, jump: { atM: 100_000, toPk: 101.5 } });
const built = timeRuns(() => buildLineIndex(long.input), 3, 1);
const index = built.result;
const vertices = long.input.axes.reduce((n, a) => n + a.coordinates.length, 0);

const fixes = Array.from({ length: FIXES }, () => {
  const s = rng() * 200_000;
  return { ...long.at(s, (rng() - 0.5) * 60), accuracyM: 3 + rng() * 12, at: 0 };
});

function linearNearest(line: LineIndex, coords: readonly (readonly (readonly [number, number])[])[], lat: number, lon: number): number {
  const px = toX(line.frame, lon), py = toY(line.frame, lat);
  let best = Infinity;
  for (const c of coords) {
    for (let i = 0; i < c.length - 1; i++) {
      const ax = toX(line.frame, c[i][0]), ay = toY(line.frame, c[i][1]);
      const dx = toX(line.frame, c[i + 1][0]) - ax, dy = toY(line.frame, c[i + 1][1]) - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
      const d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
      if (d < best) best = d;
    }
  }
  return best;
}

const answers = new Float64Array(FIXES);
const indexed = timeRuns(() => { for (let i = 0; i < FIXES; i++) { const h = index.nearestTracks(fixes[i].lat, fixes[i].lon, 100); answers[i] = h.length ? h[0].distanceM : Infinity; } }, 5, 1);
const located = timeRuns(() => { let n = 0; for (const f of fixes) if (locate([index], f).kind !== 'imprecise') n++; return n; }, 5, 1);
const LINEAR_FIXES = 200;
const coords = long.input.axes.map((a) => a.coordinates);
const lin = timeRuns(() => { let mismatches = 0; for (let i = 0; i < LINEAR_FIXES; i++) if (Math.abs(linearNearest(index, coords, fixes[i].lat, fixes[i].lon) - answers[i]) > 1e-6) mismatches++; return mismatches; }, 3, 1);

// A network of 50 lines of 40 km (a vertex every 10 m), spread over about 300 × 300 km; fixes near a random line.
const network = Array.from({ length: 50 }, (_, k) => curvedLine({
  lineId: `L${k}`, name: `L${k}`, lat0: 46 + (k % 7) * 0.4 + rng() * 0.1, lon0: 1 + Math.floor(k / 7) * 0.55 + rng() * 0.1,
  lengthM: 40_000, radiusM: 30_000 + rng() * 30_000, heading: rng() * Math.PI * 2, vertexStepM: 10, anchorStepM: 100,
}));
const netBuilt = timeRuns(() => network.map((l) => buildLineIndex(l.input)), 1, 0);
const lines = netBuilt.result;
const netFixes = Array.from({ length: FIXES }, () => {
  const k = Math.floor(rng() * 50);
  return { k, fix: { ...network[k].at(rng() * 40_000, (rng() - 0.5) * 40), accuracyM: 3, at: 0 } };
});
let wrongLine = 0;
const netRun = timeRuns(() => { wrongLine = 0; for (const { k, fix } of netFixes) { const r = locate(lines, fix, { chosenTrack: 'voie_1' }); if (r.kind === 'far' || r.kind === 'imprecise' || r.kind === 'no_axes' || (r.lineId !== `L${k}` && !r.nearby.some((n) => n.lineId === `L${k}`))) wrongLine++; } }, 5, 1);

const perFixUs = (ms: number[]) => (summarize(ms).median * 1000) / FIXES;
const rows = [
  { case: '200 km line, nearestTracks', vertices, 'build p50 ms': summarize(built.ms).median, 'µs/fix p50': perFixUs(indexed.ms) },
  { case: '200 km line, locate (PK, tracks)', vertices, 'build p50 ms': summarize(built.ms).median, 'µs/fix p50': perFixUs(located.ms) },
  { case: '200 km line, linear scan (baseline)', vertices, 'build p50 ms': 0, 'µs/fix p50': (summarize(lin.ms).median * 1000) / LINEAR_FIXES },
  { case: 'nearest line among 50 (locate)', vertices: network.reduce((n, l) => n + l.input.axes.reduce((m, a) => m + a.coordinates.length, 0), 0), 'build p50 ms': summarize(netBuilt.ms).median, 'µs/fix p50': perFixUs(netRun.ms) },
];
printTable(`Position: ${FIXES} fixes (node, this machine; the phone class is about 4× slower)`, rows);
const sameAnswers = lin.result === 0;
console.log(`linear scan same distances: ${sameAnswers}; fixes whose own line was neither chosen nor offered: ${wrongLine}`);
const path = writeResults('position', { seed: SEED, fixes: FIXES, rows, sameAnswers, wrongLine });
console.log(`Wrote ${path}`);
if (!sameAnswers || wrongLine > 0) process.exitCode = 1;
