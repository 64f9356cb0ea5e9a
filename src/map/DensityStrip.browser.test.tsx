// The density strip in Chromium: MapView with known points and markers; the toggle bins them in the
// worker and draws the cells under the ruler (pixels read from the ruler layer's canvas), a tap on a cell and the
// arrow keys on the readout tell its French text, the choice is remembered, and switching off removes the strip.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createStore, Provider } from 'jotai';
import Konva from 'konva';
import { MapView } from './MapView';
import { markersAtom } from '../state/tables';
import { pointIndexAtom } from '../state/pointIndex';
import { statusFilterAtom } from '../state/filters';
import { modeAtom } from '../state/mode';
import { pointFormAtom } from '../state/selection';
import { indexOfPoints } from '../../test/fixtures/pointIndex/fromPoints';
import type { KilometerMarker, Point } from '../core/types';
import { stripTop, STRIP_PX } from './densityStripDraw';

const VIEW = { width: 1000, height: 600 };
const IMAGE = { width: 12000, height: 1500 };
const MARKERS: KilometerMarker[] = [ // 1 km = 1000 image px
  { id: 'a', position: 0, value: 10, createdBy: null },
  { id: 'b', position: 12000, value: 22, createdBy: null },
];

let n = 0;
function point(km: number, criticality: string, status: Point['status'] = 'signale'): Point {
  n++;
  return {
    id: `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`, name: `P${n}`, description: '', kilometer: '',
    kmValue: km, position: { x: (km - 10) * 1000, y: 700 }, imageUrl: null, status, criticality, ticketNumber: null,
    teamId: null, teamName: null, creationDate: '2026-11-20T10:00:00Z', createdBy: null,
  };
}
// Cell 10,50-10,60: 3 attention + 2 danger open (+1 danger resolved, not counted); cell 11,00-11,10: 1 attention.
const POINTS = [
  point(10.52, 'attention'), point(10.5, 'attention'), point(10.59, 'attention', 'pris_en_charge'),
  point(10.55, 'danger'), point(10.56, 'danger'), point(10.57, 'danger', 'resolu'), point(11.03, 'attention'),
];

let host: HTMLDivElement;
let root: Root;
let store: ReturnType<typeof createStore>;
const canvasEl = () => host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
const stage = () => Konva.stages[Konva.stages.length - 1];
const toggle = () => host.querySelector<HTMLButtonElement>('[data-testid="density-toggle"]')!;
const readout = () => host.querySelector<HTMLElement>('[data-testid="density-readout"]');
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
const viewport = () => ({ scale: stage().scaleX(), x: stage().x(), y: stage().y() });

/** The map layer's pixel (image, points, the strip and the ruler) at screen (x, y) as [r, g, b, a]. */
function pixel(x: number, y: number): number[] {
  const canvas = stage().getLayers()[0].getCanvas();
  const pr = canvas.getPixelRatio();
  const d = canvas.getContext()._context.getImageData(Math.round(x * pr), Math.round(y * pr), 1, 1).data;
  return [d[0], d[1], d[2], d[3]];
}
const stripY = () => stripTop(viewport(), VIEW, IMAGE) + STRIP_PX / 2;
const screenXOfKm = (km: number) => (km - 10) * 1000 * viewport().scale + viewport().x;

function tap(x: number, y: number) {
  const r = canvasEl().getBoundingClientRect();
  for (const type of ['pointerdown', 'pointerup']) {
    canvasEl().dispatchEvent(new PointerEvent(type, {
      bubbles: true, cancelable: true, pointerId: 1, pointerType: 'touch', button: 0, buttons: type === 'pointerup' ? 0 : 1,
      clientX: r.left + x, clientY: r.top + y,
    }));
  }
}

beforeEach(async () => {
  localStorage.removeItem('ldm.map.densityStrip');
  host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${VIEW.width}px;height:${VIEW.height}px`;
  document.body.appendChild(host);
  store = createStore();
  const index = indexOfPoints(POINTS);
  store.set(pointIndexAtom, { index, version: index.version });
  store.set(markersAtom, MARKERS);
  root = createRoot(host);
  flushSync(() => root.render(<Provider store={store}><MapView /></Provider>));
  await expect.poll(() => Number(canvasEl()?.getAttribute('data-frame-items') ?? 0), { timeout: 15000 }).toBeGreaterThan(0);
  await frame();
});

afterEach(() => {
  root.unmount();
  host.remove();
});

describe('density strip', () => {
  it('draws each 100 m cell in its worst level colour, tells a tapped cell, follows the filter, and switches off', async () => {
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(readout()).toBeNull();
    const under = pixel(screenXOfKm(10.55), stripY()); // the image there, before the strip is drawn over it
    expect(under).not.toEqual([239, 68, 68, 255]);
    toggle().click();
    await expect.poll(() => readout()?.textContent, { timeout: 10000 }).toContain('6 anomalies ouvertes le long de la ligne');
    expect(localStorage.getItem('ldm.map.densityStrip')).toBe('1');
    // Full-strength danger red in the busy cell; orange (weaker) in the lone attention cell; nothing between.
    await expect.poll(() => pixel(screenXOfKm(10.55), stripY())).toEqual([239, 68, 68, 255]);
    const [r, g, b] = pixel(screenXOfKm(11.05), stripY());
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(150);
    expect(b).toBeLessThan(150);
    expect(pixel(screenXOfKm(10.8), stripY())[1]).toBeGreaterThan(200); // empty cell: the strip's light background

    tap(screenXOfKm(10.55), stripY());
    await expect.poll(() => readout()?.textContent).toBe('PK 10,50-10,60 : 5 anomalies ouvertes (2 danger sécurité)');
    const group = readout()!.parentElement!;
    group.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await expect.poll(() => readout()?.textContent).toBe('PK 11,00-11,10 : 1 anomalie ouverte (1 attention sur ce risque)');

    // The status filter applies: 'pris_en_charge' only leaves one open attention point in 10,50-10,60.
    store.set(statusFilterAtom, 'pris_en_charge');
    tap(screenXOfKm(10.55), stripY());
    await expect.poll(() => readout()?.textContent).toBe('PK 10,50-10,60 : 1 anomalie ouverte (1 attention sur ce risque)');

    toggle().click();
    await expect.poll(() => readout()).toBeNull();
    expect(localStorage.getItem('ldm.map.densityStrip')).toBe('0');
    await frame();
    await expect.poll(() => pixel(screenXOfKm(10.55), stripY())).toEqual(under); // nothing drawn above the ruler any more
  });

  it("keeps a tap on a cell to itself in 'Signaler' mode (no point form there), while a tap elsewhere still places one", async () => {
    toggle().click();
    await expect.poll(() => readout()?.textContent, { timeout: 10000 }).toContain('6 anomalies ouvertes le long de la ligne');
    store.set(modeAtom, 'draw-point');
    await frame();
    tap(screenXOfKm(10.55), stripY());
    await expect.poll(() => readout()?.textContent).toBe('PK 10,50-10,60 : 5 anomalies ouvertes (2 danger sécurité)');
    expect(store.get(pointFormAtom)).toBeNull();
    tap(screenXOfKm(10.8), stripY() - 80); // on the image above the strip: the tool's tap
    await expect.poll(() => store.get(pointFormAtom)?.mode).toBe('create');
  });
});
