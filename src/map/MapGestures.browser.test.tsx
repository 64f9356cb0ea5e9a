// Browser tests of the map engine during gestures (Debian Chromium): no layer is redrawn while a wheel zoom
// (its notches a little apart included) or a drag goes on (the drawn layers are moved by CSS transforms), each is redrawn once after the view rests, and a
// point is still hit where it is shown, during and after a zoom.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { MapCanvas, type MapEngineApi } from './MapCanvas';
import { pointArrays } from './pointData';
import type { MapHit } from './hitTarget';
import { SETTLE_MS, WHEEL_SETTLE_MS } from './viewportController';
import { DEFAULT_LINE_IMAGE } from '../core/constants';
import { levelForZoom } from '../core/cluster/levels';

const VIEW = { width: 800, height: 500 };
const LEVELS = [{ color: '#6b7280', icon: 'AlertCircle' }, { color: '#dc2626', icon: 'AlertTriangle' }];
// A lone point at image (2000, 700) and a far group, so the frame has a single point to hit.
const XS = [2000, 9000, 9004, 9008];
const YS = [700, 600, 600, 604];
const points = pointArrays(Float64Array.from(XS), Float64Array.from(YS), Uint8Array.from([1, 1, 1, 1]));

let host: HTMLDivElement;
let root: Root;
let api: MapEngineApi;
let taps: { hit: MapHit | null }[];

const el = () => host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const oneFrame = () => new Promise((r) => requestAnimationFrame(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const layers = () => api.stage()!.getLayers();
/** Draws per layer (Konva's 'draw' event of each layer), from now on. */
function countDraws(): number[] {
  const counts = layers().map(() => 0);
  layers().forEach((l, i) => l.on('draw.test', () => { counts[i]++; }));
  return counts;
}
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

function wheel(x: number, y: number, deltaY: number) {
  const r = el().getBoundingClientRect();
  el().dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY, clientX: r.left + x, clientY: r.top + y }));
}
function pointer(type: string, x: number, y: number) {
  const r = el().getBoundingClientRect();
  el().dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, pointerType: 'mouse', button: 0, buttons: type === 'pointerup' ? 0 : 1, clientX: r.left + x, clientY: r.top + y }));
}
/** Where image (x, y) is on screen now. */
const onScreen = (x: number, y: number) => { const v = api.controller.viewport; return { x: x * v.scale + v.x, y: y * v.scale + v.y }; };

beforeEach(async () => {
  host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${VIEW.width}px;height:${VIEW.height}px`;
  document.body.appendChild(host);
  taps = [];
  let ready: MapEngineApi | null = null;
  root = createRoot(host);
  flushSync(() => root.render(
    <MapCanvas image={DEFAULT_LINE_IMAGE} points={points} levels={LEVELS} ariaLabel="Plan" onReady={(a) => { ready = a; }} onTap={(e) => taps.push({ hit: e.hit })} />,
  ));
  await expect.poll(() => Number(el()?.getAttribute('data-frame-items') ?? 0), { timeout: 15000 }).toBeGreaterThan(0);
  api = ready!;
  await sleep(SETTLE_MS * 3); // image overview and sprites in, everything drawn
  await frame();
});

afterEach(() => {
  root.unmount();
  host.remove();
});

describe('map gestures', () => {
  it('draws no layer during a wheel zoom, moves them by CSS transforms, and redraws the map once after it rests', async () => {
    const draws = countDraws();
    for (let i = 0; i < 5; i++) wheel(400, 250, -100);
    await oneFrame();
    expect(api.controller.viewport.scale).toBeCloseTo(1); // fitted at the minimum 0.5, then 5 notches of 0.1
    expect(sum(draws)).toBe(0);
    const map = layers()[0].getNativeCanvasElement();
    expect(map.style.transform).toMatch(/scale\(2\)/);
    // The gesture goes on (4 px drags, a frame apart) until the worker has sent the clusters of the new zoom.
    pointer('pointerdown', 300, 300);
    for (let k = 1; Number(el().getAttribute('data-frame-level')) !== levelForZoom(1); k++) { pointer('pointermove', k % 2 ? 304 : 300, 300); await oneFrame(); }
    pointer('pointerup', 300, 300);
    expect(sum(draws)).toBe(0);
    await expect.poll(() => draws[0], { timeout: 3000 }).toBe(1);
    await sleep(SETTLE_MS * 3);
    // The image at the new zoom, the points and the ruler over them: once (the points, prepared, waited for the image).
    expect(draws[0]).toBe(1);
    expect(map.style.transform).toBe('');
  });

  it('keeps the notches of one wheel spin one gesture: no layer drawn between notches further apart than SETTLE_MS', async () => {
    const drawTimes: number[] = [];
    layers().forEach((l) => l.on('draw.test', () => { drawTimes.push(performance.now()); }));
    const notches: number[] = [];
    for (let i = 0; i < 4; i++) {
      notches.push(performance.now());
      wheel(400, 250, -100);
      await sleep(SETTLE_MS + 60);
    }
    await expect.poll(() => drawTimes.length, { timeout: 3000 }).toBeGreaterThan(0);
    // Each draw comes once the hold of the notch before it has run out (a slow machine may only make them later).
    for (const t of drawTimes) {
      const notch = Math.max(...notches.filter((n) => n <= t));
      expect(t - notch).toBeGreaterThanOrEqual(WHEEL_SETTLE_MS - 5);
    }
  });

  it("sends pointer and wheel events to the container's handlers, past Konva's own (no hit-graph lookup per event)", () => {
    const r = el().getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + 300, r.top + 200)!;
    expect(el().contains(hit)).toBe(true);
    expect(api.stage()!.content.contains(hit)).toBe(false);
  });

  it('draws no layer during a drag pan, and redraws once after it', async () => {
    const draws = countDraws();
    pointer('pointerdown', 600, 250);
    for (let k = 1; k <= 10; k++) pointer('pointermove', 600 - k * 20, 250);
    await oneFrame();
    expect(sum(draws)).toBe(0);
    expect(layers()[0].getNativeCanvasElement().style.transform).toMatch(/translate\(-200px, 0px\)/);
    pointer('pointerup', 400, 250);
    await expect.poll(() => draws[0], { timeout: 3000 }).toBe(1);
    await sleep(SETTLE_MS * 3);
    expect(draws[0]).toBe(1);
  });

  it('hits a point where it is shown during and after a zoom', async () => {
    const p0 = onScreen(XS[0], YS[0]);
    for (let i = 0; i < 4; i++) { wheel(p0.x + 30, p0.y, -100); await frame(); }
    let p = onScreen(XS[0], YS[0]);
    pointer('pointerdown', p.x + 3, p.y + 2);
    pointer('pointerup', p.x + 3, p.y + 2);
    expect(taps.at(-1)?.hit).toEqual({ kind: 'point', index: 0 });
    await sleep(SETTLE_MS * 3);
    p = onScreen(XS[0], YS[0]);
    pointer('pointerdown', p.x - 2, p.y + 3);
    pointer('pointerup', p.x - 2, p.y + 3);
    expect(taps.at(-1)?.hit).toEqual({ kind: 'point', index: 0 });
    pointer('pointerdown', p.x + 60, p.y);
    pointer('pointerup', p.x + 60, p.y);
    expect(taps.at(-1)?.hit).toBeNull();
  });
});
