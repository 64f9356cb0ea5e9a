// The line image cache's requests to its worker: one region composed at a time, the views wanted meanwhile
// coalesced into the latest, and a region landing for a zoom no longer wanted (or a parked line) dropped. The worker
// is replaced by a source the test answers by hand (the composing itself is tilePyramid.browser.test.ts's).
import { describe, expect, it } from 'vitest';
import { ImageCache, type RegionSource } from './imageCache';
import type { Viewport } from './viewportMath';

const IMAGE = { width: 12_000, height: 1_500 };
const VIEW = { width: 390, height: 700 };

interface Call { x0: number; x1: number; outW: number; outH: number; answer: () => void; fail: () => void; bitmap?: ImageBitmap }

/** A region source whose answers the test releases one by one (the overview, asked first, is answered at once). */
function handSource() {
  const calls: Call[] = [];
  const source: RegionSource = {
    region: (_url, _tiles, _w, _h, x0, _y0, x1, _y1, outW, outH) => new Promise<ImageBitmap>((resolve, reject) => {
      const make = () => createImageBitmap(new ImageData(Math.max(1, Math.min(outW, 64)), Math.max(1, Math.min(outH, 64))));
      if (outW === 2048) { void make().then(resolve); return; } // the overview
      const call: Call = { x0, x1, outW, outH, answer: () => void make().then((b) => { call.bitmap = b; resolve(b); }), fail: () => reject(new Error('no')) };
      calls.push(call);
    }),
  };
  return { source, calls };
}

const at = (scale: number, x: number): Viewport => ({ scale, x, y: 0 });
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('image cache requests', () => {
  it('composes one region at a time: a pan wanting ten views while one is composed asks for the latest only', async () => {
    const { source, calls } = handSource();
    let ready = 0;
    const cache = new ImageCache('line.png', null, IMAGE, () => ready++, source);
    cache.refresh(at(1, 0), VIEW, 2);
    expect(calls).toHaveLength(1);
    for (let i = 1; i <= 10; i++) cache.panning(at(1, -i * 100), VIEW, 2); // no cache yet: nothing asked
    for (let i = 1; i <= 10; i++) cache.refresh(at(1, -i * 100), VIEW, 2);
    expect(calls).toHaveLength(1);
    expect(cache.awaiting(at(1, -1000), VIEW, 2)).toBe(true);
    calls[0].answer();
    await settle();
    expect(calls).toHaveLength(2); // the latest view's, asked once the first landed
    expect(calls[1].x0).toBe(Math.floor(1000 - 390 * 0.4));
    calls[1].answer();
    await settle();
    expect(calls).toHaveLength(2);
    expect(cache.awaiting(at(1, -1000), VIEW, 2)).toBe(false);
    expect(calls[1].bitmap!.width).toBeGreaterThan(0); // kept as the cache (not closed)
    expect(ready).toBeGreaterThanOrEqual(2); // the overview and the last region
    cache.dispose();
  });

  it('drops a region that lands for a zoom the view left, and one that lands for a parked line', async () => {
    const { source, calls } = handSource();
    const cache = new ImageCache('line.png', null, IMAGE, () => undefined, source);
    cache.refresh(at(1, 0), VIEW, 2);
    calls[0].answer();
    await settle();
    cache.refresh(at(2, 0), VIEW, 2); // zoom in: asked
    expect(calls).toHaveLength(2);
    cache.refresh(at(1, 0), VIEW, 2); // back to the cached zoom before it lands: nothing more asked
    expect(calls).toHaveLength(2);
    calls[1].answer();
    await settle();
    expect(calls[1].bitmap!.width).toBe(0); // closed: made for zoom 2
    expect(cache.awaiting(at(1, 0), VIEW, 2)).toBe(false); // zoom 1's region still there

    cache.refresh(at(3, 0), VIEW, 2);
    expect(calls).toHaveLength(3);
    cache.park();
    calls[2].answer();
    await settle();
    expect(calls[2].bitmap!.width).toBe(0);
    cache.dispose();
  });

  it('asks for the view wanted meanwhile when the region being composed fails', async () => {
    const { source, calls } = handSource();
    const cache = new ImageCache('line.png', null, IMAGE, () => undefined, source);
    cache.refresh(at(1, 0), VIEW, 2);
    cache.refresh(at(1, -2000), VIEW, 2);
    calls[0].fail();
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1].x0).toBe(Math.floor(2000 - 390 * 0.4));
    cache.dispose();
  });
});
