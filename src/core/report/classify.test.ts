import { describe, expect, it } from 'vitest';
import { buildZoneIndex, classifyPoints, classifyPositions, NOT_ELIGIBLE, OUTSIDE_ZONES } from './classify';
import { classifyPositionsNaive } from '../../../test/fixtures/report/classifyNaive';
import { assembleReport, buildReport, packPoints, reportStats, isEmptyReport } from './assemble';
import { buildReportRequest } from './rules';
import { makePoint, rectZone } from '../../../test/fixtures/report/fixtures';
import { mulberry32 } from '../prng';
import type { ImagePoint, Track } from '../types';

const xy = (pts: [number, number][]) => ({ xs: Float64Array.from(pts.map((p) => p[0])), ys: Float64Array.from(pts.map((p) => p[1])) });

describe('classifyPositions', () => {
  const square = rectZone('sq', 0, 0, 10, 10);
  const index = buildZoneIndex([square.points]);

  it('counts points on edges and vertices as inside', () => {
    const { xs, ys } = xy([[10, 5], [0, 0], [5, 0], [10, 10], [5, 5]]);
    expect([...classifyPositions(xs, ys, index)]).toEqual([0, 0, 0, 0, 0]);
  });
  it('puts points just outside the polygon outside every zone', () => {
    const { xs, ys } = xy([[10.0001, 5], [-0.0001, 0], [5, 10.5]]);
    expect([...classifyPositions(xs, ys, index)]).toEqual([OUTSIDE_ZONES, OUTSIDE_ZONES, OUTSIDE_ZONES]);
  });
  it('tests the polygon, not its bounding box', () => {
    const triangle: ImagePoint[] = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }];
    const { xs, ys } = xy([[9, 9], [2, 2], [5, 5]]);
    expect([...classifyPositions(xs, ys, buildZoneIndex([triangle]))]).toEqual([OUTSIDE_ZONES, 0, 0]);
  });
  it('gives the point to the first zone in the given order when zones overlap', () => {
    const a = rectZone('a', 0, 0, 10, 10).points;
    const b = rectZone('b', 5, 5, 15, 15).points;
    const { xs, ys } = xy([[7, 7], [12, 12], [2, 2]]);
    expect([...classifyPositions(xs, ys, buildZoneIndex([a, b]))]).toEqual([0, 1, 0]);
    expect([...classifyPositions(xs, ys, buildZoneIndex([b, a]))]).toEqual([0, 0, 1]);
  });
  it('ignores zones with fewer than three vertices and works with no valid zone', () => {
    const { xs, ys } = xy([[1, 1]]);
    expect([...classifyPositions(xs, ys, buildZoneIndex([[{ x: 0, y: 0 }, { x: 2, y: 2 }]]))]).toEqual([OUTSIDE_ZONES]);
    expect([...classifyPositions(xs, ys, buildZoneIndex([]))]).toEqual([OUTSIDE_ZONES]);
  });
  it('matches turf exactly on and next to the edges of concave polygons with large coordinates', () => {
    const rng = mulberry32(7);
    // A U shape and a wobbly 256-vertex ellipse far from the origin (image px up to ~30000).
    const u: ImagePoint[] = [[29000, 100], [29600, 100], [29600, 700], [29450, 700], [29450, 250], [29150, 250], [29150, 700], [29000, 700]].map(([x, y]) => ({ x, y }));
    const ellipse: ImagePoint[] = Array.from({ length: 256 }, (_, k) => {
      const a = (2 * Math.PI * k) / 256, w = 0.85 + 0.3 * rng();
      return { x: 29300 + 180 * w * Math.cos(a), y: 400 + 90 * w * Math.sin(a) };
    });
    const zones = [u, ellipse];
    const xs: number[] = [], ys: number[] = [];
    for (const ring of zones) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i], b = ring[(i + 1) % ring.length];
        for (const t of [0, 0.25, 0.5, rng(), 1]) {
          for (const d of [0, 1e-9, -1e-9, 1e-7, -1e-7, 0.01, -0.01]) {
            xs.push(a.x + (b.x - a.x) * t + d); ys.push(a.y + (b.y - a.y) * t);
            xs.push(a.x + (b.x - a.x) * t); ys.push(a.y + (b.y - a.y) * t + d);
          }
        }
      }
    }
    for (let i = 0; i < 20000; i++) { xs.push(28950 + rng() * 700); ys.push(50 + rng() * 700); }
    const X = Float64Array.from(xs), Y = Float64Array.from(ys);
    const index = buildZoneIndex(zones);
    expect(index.grids.every((g) => g !== null && g.cells.includes(1))).toBe(true); // grids have inside cells
    expect(classifyPositions(X, Y, index)).toEqual(classifyPositionsNaive(X, Y, index.polygons));
  });
  it('matches turf on every point-zone pair for seeded random polygons and points', () => {
    const rng = mulberry32(42);
    const zones: ImagePoint[][] = [];
    for (let z = 0; z < 60; z++) {
      const cx = rng() * 2000, cy = rng() * 300, r = 20 + rng() * 80, n = 3 + Math.floor(rng() * 40);
      zones.push(Array.from({ length: n }, (_, k) => {
        const a = (2 * Math.PI * k) / n;
        const rr = r * (0.4 + 0.6 * rng());
        return { x: Math.round(cx + rr * Math.cos(a)), y: Math.round(cy + rr * Math.sin(a)) };
      }));
    }
    const n = 10000;
    const xs = new Float64Array(n), ys = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // Half the points on integer coordinates so that many fall exactly on vertices and edges.
      xs[i] = i % 2 ? Math.round(rng() * 2000) : rng() * 2000;
      ys[i] = i % 2 ? Math.round(rng() * 300) : rng() * 300;
    }
    const index = buildZoneIndex(zones);
    const fast = classifyPositions(xs, ys, index);
    const naive = classifyPositionsNaive(xs, ys, index.polygons);
    expect(fast).toEqual(naive);
    expect(fast.filter((c) => c >= 0).length).toBeGreaterThan(1000);
    // Some points sit in two zones: the lowest index must win, as in the naive loop.
    const vertex = zones[5][0];
    const onVertex = classifyPositions(Float64Array.of(vertex.x), Float64Array.of(vertex.y), index)[0];
    expect(onVertex).toBeGreaterThanOrEqual(0);
    expect(onVertex).toBeLessThanOrEqual(5);
  });
});

describe('classifyPoints', () => {
  const zones = [rectZone('a', 0, 0, 10, 10).points];
  it('keeps only unresolved points with a km value inside the inclusive range', () => {
    const pts = [
      makePoint('in', 5, 5, 12), makePoint('start', 5, 5, 10), makePoint('end', 5, 5, 15),
      makePoint('before', 5, 5, 9.99), makePoint('after', 5, 5, 15.01), makePoint('nokm', 5, 5, null),
      makePoint('resolved', 5, 5, 12, { status: 'resolu' }), makePoint('taken', 5, 5, 12, { status: 'pris_en_charge' }),
      makePoint('out', 50, 50, 12),
    ];
    const codes = classifyPoints(packPoints(pts), 10, 15, buildZoneIndex(zones));
    expect([...codes]).toEqual([0, 0, 0, NOT_ELIGIBLE, NOT_ELIGIBLE, NOT_ELIGIBLE, NOT_ELIGIBLE, 0, OUTSIDE_ZONES]);
  });
});

describe('buildReport', () => {
  const zA = rectZone('a', 0, 0, 10, 10, { kmStart: 14, kmEnd: 15, track: 'voie_1' });
  const zB = rectZone('b', 20, 0, 30, 10, { kmStart: 11, kmEnd: 12, track: null });
  const zC = rectZone('c', 40, 0, 50, 10, { kmStart: 12, kmEnd: 13, track: 'voie_2' });
  const zones = [zA, zB, zC];
  const points = [
    makePoint('a2', 5, 5, 14.8), makePoint('a1', 6, 6, 14.1, { criticality: 'danger' }),
    makePoint('b1', 25, 5, 11.5), makePoint('c1', 45, 5, 12.5, { criticality: 'danger' }),
    makePoint('o2', 100, 5, 13), makePoint('o1', 100, 5, 11, { criticality: 'custom-level' }),
    makePoint('r', 5, 5, 14, { status: 'resolu' }),
  ];

  it('sorts zones by kmStart and points by kmValue, and excludes points of non-selected zones', () => {
    const req = buildReportRequest({ start: 16, end: 10 }, ['a', 'b'], ['voie_1'], null)!;
    const r = buildReport(req, zones, points);
    expect(r.pointsInZones.map((s) => s.zone.id)).toEqual(['b', 'a']);
    expect(r.pointsInZones.map((s) => s.points.map((p) => p.id))).toEqual([['b1'], ['a1', 'a2']]);
    expect(r.pointsOutsideZones.map((p) => p.id)).toEqual(['o1', 'o2']);
    expect(r.tracks).toEqual(['voie_1']);
    expect(reportStats(r)).toEqual({ unresolved: 5, zonesWithAnomalies: 2, dangers: 1 });
  });
  it('falls back to both tracks when none is selected', () => {
    const req = buildReportRequest({ start: 10, end: 16 }, ['b'], [] as Track[], null)!;
    const r = buildReport(req, zones, points);
    expect(r.tracks).toEqual(['voie_1', 'voie_2']);
    expect(r.pointsInZones.map((s) => s.zone.id)).toEqual(['b']);
  });
  it('is empty when nothing unresolved lies in the range', () => {
    const req = buildReportRequest({ start: 50, end: 60 }, ['a'], ['voie_1'], null)!;
    const r = buildReport(req, zones, points);
    expect(isEmptyReport(r)).toBe(true);
    expect(reportStats(r)).toEqual({ unresolved: 0, zonesWithAnomalies: 0, dangers: 0 });
  });
  it('assembles from worker codes the same as in-process', () => {
    const req = buildReportRequest({ start: 10, end: 16 }, ['a', 'b', 'c'], ['voie_1', 'voie_2'], null)!;
    const codes = classifyPoints(packPoints(points), 10, 16, buildZoneIndex(zones.map((z) => z.points)));
    expect(assembleReport(req, zones, points, codes)).toEqual(buildReport(req, zones, points));
  });
});
