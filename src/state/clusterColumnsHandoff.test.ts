// The handoff of the cluster columns made with an index: taken once by the map, only if large enough, and released
// when another set is offered, another index is shown or the session ends (a second copy of the points is not held).
import { afterEach, describe, expect, it } from 'vitest';
import { emptyClusterColumns } from '../core/cluster/columns';
import { createPointIndex } from '../core/pointIndex/store';
import { replaceSession } from '../data/currentSession';
import { offerClusterColumns, takeClusterColumns } from './clusterColumnsHandoff';
import { pointIndexAtom } from './pointIndex';
import { store } from './store';

afterEach(() => { replaceSession(null); });

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

  it('are released when another set is offered, another index is shown or the session ends', () => {
    const ix = createPointIndex(16), later = createPointIndex(16);
    offerClusterColumns(ix, emptyClusterColumns(10));
    offerClusterColumns(later, emptyClusterColumns(10));
    expect(takeClusterColumns(ix, 10)).toBeNull(); // replaced by the later offer
    expect(takeClusterColumns(later, 10)).not.toBeNull();

    store.set(pointIndexAtom, { index: ix, version: 1 });
    offerClusterColumns(ix, emptyClusterColumns(10));
    store.set(pointIndexAtom, { index: ix, version: 2 }); // the same index, changed: kept
    expect(takeClusterColumns(ix, 10)).not.toBeNull();

    offerClusterColumns(later, emptyClusterColumns(10)); // offered before its index is shown
    store.set(pointIndexAtom, { index: later, version: 1 });
    store.set(pointIndexAtom, { index: ix, version: 3 }); // another index shown: released
    expect(takeClusterColumns(later, 10)).toBeNull();

    offerClusterColumns(ix, emptyClusterColumns(10));
    replaceSession('someone else'); // sign-out and sign-in: released
    expect(takeClusterColumns(ix, 10)).toBeNull();
  });
});
