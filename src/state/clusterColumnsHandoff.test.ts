// The handoff of the cluster columns made with an index: taken once by the map, only if large enough, and dropped
// after a short while if no map takes it (a second copy of the points is not held).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyClusterColumns } from '../core/cluster/columns';
import { HANDOFF_KEEP_MS, offerClusterColumns, takeClusterColumns } from './clusterColumnsHandoff';

afterEach(() => { vi.useRealTimers(); });

describe('cluster columns handed from the load to the map', () => {
  it('are taken once, for their own index, when large enough', () => {
    const ix = {}, other = {};
    const set = emptyClusterColumns(10);
    offerClusterColumns(ix, set);
    expect(takeClusterColumns(other, 10)).toBeNull();
    expect(takeClusterColumns(ix, 10)).toBe(set);
    expect(takeClusterColumns(ix, 10)).toBeNull();
    offerClusterColumns(ix, emptyClusterColumns(10));
    expect(takeClusterColumns(ix, 10_000)).toBeNull(); // too small: dropped
    expect(takeClusterColumns(ix, 10)).toBeNull();
    offerClusterColumns(ix, undefined); // nothing made (the main-thread fallback)
    expect(takeClusterColumns(ix, 1)).toBeNull();
  });

  it('are dropped when no map takes them in time', () => {
    vi.useFakeTimers();
    const ix = {}, later = {};
    offerClusterColumns(ix, emptyClusterColumns(10));
    offerClusterColumns(later, emptyClusterColumns(10));
    vi.advanceTimersByTime(HANDOFF_KEEP_MS - 1);
    expect(takeClusterColumns(later, 10)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(takeClusterColumns(ix, 10)).toBeNull();
  });
});
