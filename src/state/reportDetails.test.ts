// The report's details cache: batched by frame, paged, bounded, and the paged reader keeps the ids' order.
import { describe, expect, it, vi } from 'vitest';
import type { PointDetails } from '../core/report/reportIndex';

vi.mock('../data/reportDetailsRepository', () => ({ DETAILS_PAGE: 100, fetchPointDetails: vi.fn() }));
const { createDetailsCache } = await import('./reportDetails');

const detail = (id: string): PointDetails => ({ id, name: `n-${id}`, description: '', ticketNumber: null, imageUrl: null, teamName: null });
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `p${from + i}`);

describe('details cache', () => {
  it('batches the ids asked during a frame into pages of 100, skips known ones and notifies', async () => {
    const calls: string[][] = [];
    const cache = createDetailsCache(async (page) => { calls.push([...page]); return page.filter((id) => id !== 'p3').map(detail); });
    const seen = vi.fn();
    cache.subscribe(seen);
    cache.request(ids(0, 150));
    cache.request(ids(100, 60)); // overlaps: only p150..p159 are new
    await vi.waitFor(() => expect(cache.get('p159')).toBeDefined());
    expect(calls.map((c) => c.length)).toEqual([100, 60]);
    expect(cache.get('p1')!.name).toBe('n-p1');
    expect(cache.get('p3')!.name).toBe(''); // deleted meanwhile: an empty entry, not asked again
    cache.request(ids(0, 10));
    await new Promise((r) => setTimeout(r, 40));
    expect(calls).toHaveLength(2);
    expect(seen).toHaveBeenCalled();
    expect(cache.version()).toBeGreaterThan(0);
  });

  it('`now` sends at once (no frame wait), with what was already queued; later ids of the frame go in the next page', () => {
    const calls: string[][] = [];
    const cache = createDetailsCache(async (page) => { calls.push([...page]); return page.map(detail); });
    cache.request(ids(0, 3));
    cache.request(ids(3, 2), { now: true });
    expect(calls).toEqual([ids(0, 5)]); // synchronously: the request left before any timer
    cache.request(ids(3, 4)); // p3, p4 pending: only p5, p6 are queued, for the frame's batch
    expect(calls).toHaveLength(1);
  });

  it('keeps at most `max` entries and retries after a failure', async () => {
    let fail = true;
    const cache = createDetailsCache(async (page) => { if (fail) throw new Error('offline'); return page.map(detail); }, 120);
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    cache.request(ids(0, 10));
    await vi.waitFor(() => expect(cache.failed()).toBe(true));
    expect(cache.get('p0')).toBeUndefined();
    fail = false;
    cache.request(ids(0, 200));
    await vi.waitFor(() => expect(cache.get('p199')).toBeDefined());
    expect(cache.get('p0')).toBeUndefined(); // evicted: the oldest go first
    expect(cache.failed()).toBe(false);
    err.mockRestore();
    cache.dispose();
  });
});
