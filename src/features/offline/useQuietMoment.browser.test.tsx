// The service worker's quiet moment (./useQuietMoment) in Chromium: it comes after the quiet delay with nobody
// touching the page (a 1 s delay: a loaded machine must stall a whole second between two events to break it), waits while the user's hand is at work (presses, drags, wheel), and comes at the cap anyway.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Provider, createStore } from 'jotai';
import { useQuietMoment } from './useQuietMoment';

let host: HTMLElement;
let root: Root;
let quietAt: number | null;
let start: number;

function Probe(props: { quietMs: number; maxWaitMs: number }) {
  const quiet = useQuietMoment(props);
  if (quiet && quietAt === null) quietAt = performance.now() - start;
  return null;
}
function mount(quietMs: number, maxWaitMs: number) {
  quietAt = null;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  start = performance.now();
  flushSync(() => root.render(<Provider store={createStore()}><Probe quietMs={quietMs} maxWaitMs={maxWaitMs} /></Provider>));
}
afterEach(() => { root.unmount(); host.remove(); });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const waitQuiet = async (limitMs: number) => { while (quietAt === null && performance.now() - start < limitMs) await sleep(20); };
/** The user's hand for `ms`: one event every 100 ms, dispatched on the page the way the browser would; returns
 * when the last one was sent (ms since mount). */
async function hand(ms: number, make: () => Event): Promise<number> {
  const until = performance.now() + ms;
  let last = 0;
  while (performance.now() < until) { document.body.dispatchEvent(make()); last = performance.now() - start; await sleep(100); }
  return last;
}

describe('the service worker waits for a quiet moment', () => {
  it('comes after the quiet delay when nobody touches the page', async () => {
    mount(1000, 10_000);
    await waitQuiet(5000);
    expect(quietAt).not.toBeNull();
    expect(quietAt!).toBeGreaterThanOrEqual(990);
  });

  it('waits while the hand is at work: presses, a drag, the wheel; a hover does not count', async () => {
    mount(1000, 10_000);
    await hand(500, () => new PointerEvent('pointerdown', { bubbles: true }));
    await hand(500, () => new PointerEvent('pointermove', { bubbles: true, buttons: 1 }));
    const lastInput = await hand(500, () => new WheelEvent('wheel', { bubbles: true, deltaY: 120 }));
    expect(quietAt).toBeNull(); // 1.5 s of input, never 1 s without it
    // A hover (no button down) for twice the delay: had it counted, the moment could not have come meanwhile.
    await hand(2000, () => new PointerEvent('pointermove', { bubbles: true, buttons: 0 }));
    expect(quietAt).not.toBeNull();
    expect(quietAt! - lastInput).toBeGreaterThanOrEqual(990);
  });

  it('comes at the cap even while the hand keeps working', async () => {
    mount(1000, 1500);
    await hand(2500, () => new KeyboardEvent('keydown', { bubbles: true, key: 'ArrowLeft' }));
    expect(quietAt).not.toBeNull(); // keys every 100 ms: only the cap can have brought it
    expect(quietAt!).toBeGreaterThanOrEqual(1490);
  });
});
