import { describe, expect, it } from 'vitest';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { buildClusterIndex } from './clusterIndex';
import { createClusterService } from './service';
import { createTreeCache, fingerprintInput } from './treeCache';
import type { ClusterInput } from './types';

const copy = (d: ClusterInput): ClusterInput => ({ ...d, xs: d.xs.slice(), ys: d.ys.slice(), severity: d.severity.slice() });

function counting() {
  let builds = 0;
  return { build: (i: ClusterInput) => { builds++; return buildClusterIndex(i); }, builds: () => builds };
}

describe('per-line cluster tree cache', { timeout: 60_000 }, () => {
  it('reuses the tree of a line shown again with the same points (a copy of them, as the worker receives)', () => {
    const a = trackDataset(3000, 1), b = trackDataset(2000, 2);
    const cache = createTreeCache();
    const c = counting();
    const first = cache.get('A', copy(a), c.build);
    expect(first.hit).toBe(false);
    expect(cache.get('B', copy(b), c.build).hit).toBe(false);
    const again = cache.get('A', copy(a), c.build);
    expect(again.hit).toBe(true);
    expect(again.index).toBe(first.index);
    expect(c.builds()).toBe(2);
    expect(cache.lines()).toEqual(['B', 'A']);
  });

  it('rebuilds when the line\'s points changed (one moved, a severity changed, or the image size) and keeps one tree per line', () => {
    const a = trackDataset(3000, 1);
    const cache = createTreeCache();
    const c = counting();
    const first = cache.get('A', copy(a), c.build).index;
    const moved = copy(a); moved.xs[1234] += 0.5;
    const second = cache.get('A', moved, c.build);
    expect(second.hit).toBe(false);
    expect(second.index).not.toBe(first);
    const severe = copy(moved); severe.severity[7] = (severe.severity[7] + 1) % 4;
    expect(cache.get('A', severe, c.build).hit).toBe(false);
    expect(cache.get('A', { ...copy(severe), height: severe.height + 1 }, c.build).hit).toBe(false);
    expect(cache.lines()).toEqual(['A']);
    expect(cache.bytes()).toBe(cache.get('A', severe, c.build).index.stats.bytes);
    // The same points under another line's key are that line's own tree (never another line's).
    expect(cache.get('B', copy(a), c.build).hit).toBe(false);
  });

  it('is bounded by lines and by the memory the trees hold, least recently shown evicted first', () => {
    const bytesOf = (n: number, seed: number) => buildClusterIndex(trackDataset(n, seed)).stats.bytes;
    const small = bytesOf(1000, 66), big = bytesOf(8500, 5);
    expect(small).toBeGreaterThan(1000 * 17); // at least the input arrays
    const cache = createTreeCache(3, small * 2 + big - 1);
    const c = counting();
    for (const k of ['A', 'B', 'C', 'D']) cache.get(k, trackDataset(1000, 66), c.build);
    expect(cache.lines()).toEqual(['B', 'C', 'D']);
    cache.get('B', trackDataset(1000, 66), c.build); // B shown again: most recent
    cache.get('E', trackDataset(8500, 5), c.build); // 3 lines now weigh more than the bound: the least recent go
    expect(cache.lines()).toEqual(['B', 'E']);
    expect(cache.bytes()).toBe(small + big);
    const tiny = createTreeCache(3, small - 1);
    tiny.get('F', trackDataset(1000, 66), c.build); // heavier than the bound: not kept
    expect(tiny.lines()).toEqual([]);
    cache.drop('E');
    expect(cache.lines()).toEqual(['B']);
    cache.get('E', trackDataset(8500, 5), c.build);
    cache.drop();
    expect(cache.bytes()).toBe(0);
  });

  it('fingerprints differ for inputs differing in one bit and agree for equal copies', () => {
    const a = trackDataset(5000, 3);
    expect(fingerprintInput(copy(a))).toBe(fingerprintInput(copy(a)));
    const b = copy(a);
    new Uint8Array(b.ys.buffer)[8 * 4000] ^= 1; // lowest mantissa bit of one y
    expect(fingerprintInput(b)).not.toBe(fingerprintInput(a));
  });

  it('the cluster service reuses a line\'s tree on a switch back and answers that line\'s frames', async () => {
    const a = trackDataset(4000, 1), b = trackDataset(4000, 2);
    const service = createClusterService();
    const la = await service.load(a.xs.slice(), a.ys.slice(), a.severity.slice(), a.width, a.height, 'A');
    const frameA = await service.query(8, 0, 0, a.width, a.height);
    const lb = await service.load(b.xs.slice(), b.ys.slice(), b.severity.slice(), b.width, b.height, 'B');
    const back = await service.load(a.xs.slice(), a.ys.slice(), a.severity.slice(), a.width, a.height, 'A');
    expect([la.cached, lb.cached, back.cached]).toEqual([false, false, true]);
    expect(back.buildMs).toBe(0);
    const again = await service.query(8, 0, 0, a.width, a.height);
    expect(Array.from(again.ids)).toEqual(Array.from(frameA.ids));
    expect(Array.from(again.xs)).toEqual(Array.from(frameA.xs));
    // Without a line nothing is kept.
    expect((await service.load(a.xs.slice(), a.ys.slice(), a.severity.slice(), a.width, a.height)).cached).toBe(false);
    expect((await service.load(a.xs.slice(), a.ys.slice(), a.severity.slice(), a.width, a.height)).cached).toBe(false);
  });
});
