import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { buildClusterIndex } from './clusterIndex';
import { greedyReference, type ReferenceItem } from '../../../test/fixtures/cluster/greedyReference';
import { clusterRadiusImagePx, LEVEL_COUNT, levelForZoom, MAX_LEVEL, zoomForLevel } from './levels';
import type { ClusterIndex } from './types';

function uniform(n: number, seed: number, width: number, height: number) {
  const rng = mulberry32(seed);
  const xs = new Float64Array(n), ys = new Float64Array(n), severity = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = rng() * width;
    ys[i] = rng() * height;
    severity[i] = 1 + Math.floor(rng() * 3);
  }
  return { xs, ys, severity, width, height };
}

const ALL = [-Infinity, -Infinity, Infinity, Infinity] as const;

/** Every item of a level as {size, severity, members}, members expanded through leaves(). */
function levelItems(index: ClusterIndex, level: number) {
  const f = index.query(level, ...ALL);
  const items: { size: number; severity: number; members: number[]; x: number; y: number }[] = [];
  for (let i = 0; i < f.count; i++) {
    const members = f.sizes[i] === 1 ? [f.ids[i]] : Array.from(index.leaves(f.ids[i])).sort((a, b) => a - b);
    items.push({ size: f.sizes[i], severity: f.severity[i], members, x: f.xs[i], y: f.ys[i] });
  }
  return items;
}

const key = (it: { members: number[] }) => it.members.join(',');

const datasets = {
  'uniform 1500 on 3000×300': uniform(1500, 7, 3000, 300),
  'track 2000 on 4000×400': trackDataset(2000, 11, { width: 4000, height: 400 }),
  'track 800 on 30000×2000 (3 severities)': trackDataset(800, 3, { severityLevels: 3 }),
  // So sparse that the finest levels are the raw points themselves, unclustered.
  'uniform 300 on 60000×3000': uniform(300, 21, 60000, 3000),
};

describe('levels', () => {
  it('maps zoom 0.5..3 to levels 4..29, the zooms under 0.5 to 0..3, and back', () => {
    expect(LEVEL_COUNT).toBe(30);
    expect(levelForZoom(0.5)).toBe(4);
    expect(levelForZoom(1)).toBe(9);
    expect(levelForZoom(3)).toBe(29);
    expect(levelForZoom(9)).toBe(29);
    expect(levelForZoom(1.04)).toBe(9);
    // Under 0.5: the level at or below the zoom (coarser clusters, never closer than 50 screen px).
    expect(levelForZoom(0.46)).toBe(4);
    expect(levelForZoom(0.44)).toBe(3);
    expect(levelForZoom(0.25)).toBe(3);
    expect(levelForZoom(0.2)).toBe(2);
    expect(levelForZoom(0.1)).toBe(1);
    expect(levelForZoom(390 / 12000)).toBe(0);
    expect(levelForZoom(0.01)).toBe(0);
    for (let l = 0; l <= MAX_LEVEL; l++) expect(levelForZoom(zoomForLevel(l))).toBe(l);
    for (let z = 1 / 32; z < 0.45; z += 0.001) expect(zoomForLevel(levelForZoom(z))).toBeLessThanOrEqual(z + 1e-12);
  });
  it('uses 50 screen px / zoom as image-px radius (60 under zoom 0.5)', () => {
    expect(clusterRadiusImagePx(0)).toBe(1920);
    expect(clusterRadiusImagePx(3)).toBe(240);
    expect(clusterRadiusImagePx(4)).toBe(100);
    expect(clusterRadiusImagePx(9)).toBe(50);
    expect(clusterRadiusImagePx(29)).toBeCloseTo(50 / 3, 12);
  });
});

describe.each(Object.entries(datasets))('buildClusterIndex on %s', (_name, data) => {
  const index = buildClusterIndex(data);
  const ref = greedyReference(data.xs, data.ys, data.severity);

  it('has the same clusters as the brute-force greedy reference at every level', () => {
    for (let level = 0; level < LEVEL_COUNT; level++) {
      const got = levelItems(index, level);
      expect(got.length, `count at level ${level}`).toBe(ref[level].length);
      expect(index.stats.levelCounts[level]).toBe(ref[level].length);
      const want = new Map(ref[level].map((r: ReferenceItem) => [key(r), r]));
      for (const g of got) {
        const r = want.get(key(g));
        expect(r, `cluster ${key(g).slice(0, 40)} at level ${level}`).toBeDefined();
        expect(g.size).toBe(r!.size);
        expect(g.severity).toBe(r!.severity);
        expect(g.x).toBeCloseTo(r!.x, 3);
        expect(g.y).toBeCloseTo(r!.y, 3);
      }
    }
  });

  it('puts every point in exactly one item per level, with the max severity of its points', () => {
    for (const level of [0, 7, 13, 25]) {
      const seen = new Uint8Array(data.xs.length);
      for (const it of levelItems(index, level)) {
        let max = 0;
        for (const m of it.members) {
          seen[m]++;
          max = Math.max(max, data.severity[m]);
        }
        expect(it.members.length).toBe(it.size);
        expect(it.severity).toBe(max);
      }
      expect(seen.every((c) => c === 1)).toBe(true);
    }
  });

  it('says whether its finest level clusters anything', () => {
    expect(index.stats.levelCounts[MAX_LEVEL] === data.xs.length).toBe(_name.startsWith('uniform 300'));
  });

  it('never has more items at a lower zoom', () => {
    const c = index.stats.levelCounts;
    for (let l = 1; l < LEVEL_COUNT; l++) expect(c[l - 1]).toBeLessThanOrEqual(c[l]);
    expect(c[MAX_LEVEL]).toBeLessThanOrEqual(data.xs.length);
    expect(c[0]).toBeLessThan(c[MAX_LEVEL]);
  });
});

describe('query', () => {
  const data = trackDataset(3000, 5, { width: 6000, height: 600 });
  const index = buildClusterIndex(data);
  it('returns exactly the items whose position lies in the bbox', () => {
    const all = index.query(10, ...ALL);
    const bbox = [1000, 100, 2500, 450] as const;
    const part = index.query(10, ...bbox);
    const inside = [];
    for (let i = 0; i < all.count; i++) if (all.xs[i] >= bbox[0] && all.xs[i] <= bbox[2] && all.ys[i] >= bbox[1] && all.ys[i] <= bbox[3]) inside.push(all.ids[i]);
    expect(Array.from(part.ids).sort((a, b) => a - b)).toEqual(inside.sort((a, b) => a - b));
    expect(part.count).toBeGreaterThan(0);
    expect(part.level).toBe(10);
  });
  it('returns single points at their exact input position', () => {
    const f = index.query(MAX_LEVEL, ...ALL);
    let singles = 0;
    for (let i = 0; i < f.count; i++) {
      if (f.sizes[i] !== 1) continue;
      singles++;
      expect(f.xs[i]).toBe(data.xs[f.ids[i]]);
      expect(f.ys[i]).toBe(data.ys[f.ids[i]]);
    }
    expect(singles).toBeGreaterThan(0);
  });
});

describe('leaves, sizeOf and expansionLevel', () => {
  const data = trackDataset(3000, 9, { width: 6000, height: 600 });
  const index = buildClusterIndex(data);
  const f = index.query(0, ...ALL);
  const big = Array.from(f.sizes).indexOf(Math.max(...f.sizes));
  const id = f.ids[big];
  it('lists the points of a cluster, honouring the limit', () => {
    expect(index.leaves(id).length).toBe(f.sizes[big]);
    expect(index.leaves(id, 5).length).toBe(5);
    expect(index.sizeOf(id)).toBe(f.sizes[big]);
    expect(Array.from(index.leaves(17))).toEqual([17]);
  });
  it('gives the level at which a cluster splits', () => {
    const lvl = index.expansionLevel(id);
    expect(lvl).toBeGreaterThan(0);
    expect(lvl).toBeLessThanOrEqual(LEVEL_COUNT);
    if (lvl < LEVEL_COUNT) {
      const members = new Set(index.leaves(id));
      const next = index.query(lvl, ...ALL);
      let parts = 0;
      for (let i = 0; i < next.count; i++) {
        const first = next.sizes[i] === 1 ? next.ids[i] : index.leaves(next.ids[i], 1)[0];
        if (members.has(first)) parts++;
      }
      expect(parts).toBeGreaterThan(1);
    }
  });
  it('rejects unknown cluster ids', () => {
    expect(() => index.leaves(3000 + 32 * 99999 + 3)).toThrow();
  });
});

describe('empty input', () => {
  it('builds and queries nothing', () => {
    const index = buildClusterIndex({ xs: new Float64Array(0), ys: new Float64Array(0), severity: new Uint8Array(0), width: 100, height: 100 });
    expect(index.query(3, 0, 0, 100, 100).count).toBe(0);
    expect(index.stats.levelCounts.every((c) => c === 0)).toBe(true);
  });
});

describe('nearest', () => {
  it('finds the same point as a linear scan', async () => {
    const { nearestLinear } = await import('../nearestPoint');
    const data = trackDataset(5000, 12);
    const index = buildClusterIndex(data);
    const rng = mulberry32(5);
    for (let p = 0; p < 500; p++) {
      const j = Math.floor(rng() * 5000);
      const x = data.xs[j] + (rng() - 0.5) * 30, y = data.ys[j] + (rng() - 0.5) * 30, r = 5 + rng() * 25;
      expect(index.nearest(x, y, r)).toBe(nearestLinear(data.xs, data.ys, 5000, x, y, r));
    }
  });
});
