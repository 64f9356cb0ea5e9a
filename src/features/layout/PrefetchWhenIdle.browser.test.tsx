// The report's prefetch (./PrefetchWhenIdle) in Chromium: not while the first points load runs or while the hand is
// at work (a drag every 100 ms), then once, a quiet second after the load and the last input.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Provider, createStore } from 'jotai';
import { PrefetchWhenIdle, PREFETCH_QUIET_MS } from './PrefetchWhenIdle';
import { pointsLoadProgressAtom } from '../../state/pointIndex';

let host: HTMLElement;
let root: Root;
afterEach(() => { root.unmount(); host.remove(); });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PrefetchWhenIdle', () => {
  it('loads once, a quiet second after the points load and the last drag', async () => {
    const store = createStore();
    store.set(pointsLoadProgressAtom, { loaded: 10, total: 100, loading: true, fromReplica: false });
    const calls: number[] = [];
    const start = performance.now();
    const load = async () => { calls.push(performance.now() - start); };
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    flushSync(() => root.render(<Provider store={store}><PrefetchWhenIdle load={load} /></Provider>));
    await sleep(PREFETCH_QUIET_MS + 300);
    expect(calls).toEqual([]); // still loading
    store.set(pointsLoadProgressAtom, { loaded: 100, total: 100, loading: false, fromReplica: false });
    let lastDrag = 0;
    const until = performance.now() + 1500;
    while (performance.now() < until) { // a drag: moves with a button down
      document.body.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, buttons: 1 }));
      lastDrag = performance.now() - start;
      await sleep(100);
    }
    expect(calls).toEqual([]); // the hand is at work
    await sleep(PREFETCH_QUIET_MS + 1500);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBeGreaterThanOrEqual(lastDrag + PREFETCH_QUIET_MS - 10);
    store.set(pointsLoadProgressAtom, { loaded: 120, total: 120, loading: false, fromReplica: false });
    await sleep(300);
    expect(calls).toHaveLength(1); // once
  });
});
