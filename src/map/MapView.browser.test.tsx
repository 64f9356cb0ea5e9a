// Browser tests of the map (Debian Chromium): pan, wheel zoom, draw a zone, place a point, open a cluster,
// select a point and a zone, all through real DOM pointer/wheel events on the rendered MapView with test data.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createStore, Provider } from 'jotai';
import Konva from 'konva';
import { MapView } from './MapView';
import { ClusterSheet } from '../features/points/ClusterSheet'; // mounted beside the map, as MainScreen does
import { markersAtom, zonesAtom } from '../state/tables';
import { pointIndexAtom } from '../state/pointIndex';
import { statusFilterAtom } from '../state/filters';
import { indexOfPoints } from '../../test/fixtures/pointIndex/fromPoints';
import { modeAtom } from '../state/mode';
import { centerRequestAtom, clusterSheetAtom, pointFormAtom, selectionAtom, zoneFormAtom } from '../state/selection';
import type { KilometerMarker, Point, Zone } from '../core/types';

const VIEW = { width: 1000, height: 600 }; // container px; fit gives zoom 0.5 at x = 0, y = 0 on the 12000×1500 image
const MARKERS: KilometerMarker[] = [
  { id: 'a', position: 0, value: 10, createdBy: null },
  { id: 'b', position: 12000, value: 22, createdBy: null },
];

/** A readable name → a stable uuid (the point index keys points by uuid). */
const ids = new Map<string, string>();
function uid(name: string): string {
  if (!ids.has(name)) ids.set(name, `00000000-0000-4000-8000-${(ids.size + 1).toString(16).padStart(12, '0')}`);
  return ids.get(name)!;
}
function setPoints(points: Point[]): void {
  const index = indexOfPoints(points);
  store.set(pointIndexAtom, { index, version: index.version });
}

function point(name: string, x: number, y: number, status: Point['status'] = 'signale'): Point {
  const id = uid(name);
  return {
    id, name: `Point ${name}`, description: '', kilometer: '', kmValue: null, position: { x, y }, imageUrl: null, status,
    criticality: 'attention', ticketNumber: null, teamId: null, teamName: null, creationDate: '2026-11-20T10:00:00Z', createdBy: null,
  };
}
// 20 points within 4 image px of (1000, 600): one cluster at every zoom; one lone point at (1600, 900).
const CLUSTERED = Array.from({ length: 20 }, (_, i) => point(`c${i}`, 1000 + (i % 5), 600 + Math.floor(i / 5)));
const LONE = point('lone', 1600, 900);
const ZONE: Zone = {
  id: 'z1', name: 'Zone test', color: '#22c55e', track: 'voie_2', kmStart: null, kmEnd: null, createdBy: null, createdAt: '',
  points: [{ x: 200, y: 1000 }, { x: 700, y: 1000 }, { x: 700, y: 1200 }, { x: 200, y: 1200 }],
};

let host: HTMLDivElement;
let root: Root;
let store: ReturnType<typeof createStore>;

const canvasEl = () => host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
const stage = () => Konva.stages[Konva.stages.length - 1];
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

function pointer(type: string, x: number, y: number, id = 1, pointerType = 'mouse') {
  const r = canvasEl().getBoundingClientRect();
  canvasEl().dispatchEvent(new PointerEvent(type, {
    bubbles: true, cancelable: true, pointerId: id, pointerType, button: 0, buttons: type === 'pointerup' ? 0 : 1,
    clientX: r.left + x, clientY: r.top + y,
  }));
}
async function drag(x0: number, y0: number, x1: number, y1: number) {
  pointer('pointerdown', x0, y0);
  for (let k = 1; k <= 5; k++) pointer('pointermove', x0 + ((x1 - x0) * k) / 5, y0 + ((y1 - y0) * k) / 5);
  pointer('pointerup', x1, y1);
  await frame();
}
async function click(x: number, y: number) {
  pointer('pointerdown', x, y);
  pointer('pointerup', x, y);
  await frame();
}
async function wheel(x: number, y: number, deltaY: number) {
  const r = canvasEl().getBoundingClientRect();
  canvasEl().dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, deltaY, clientX: r.left + x, clientY: r.top + y }));
  await frame();
}
async function ready() {
  await expect.poll(() => Number(canvasEl()?.getAttribute('data-frame-items') ?? 0), { timeout: 15000 }).toBeGreaterThan(0);
  await frame();
}

/** The map mounted again on a fresh store holding only `points` (no zone, no marker yet). */
async function remountWith(points: Point[]) {
  root.unmount();
  store = createStore();
  setPoints(points);
  root = createRoot(host);
  flushSync(() => root.render(<Provider store={store}><MapView /></Provider>));
  await ready();
}

beforeEach(async () => {
  host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${VIEW.width}px;height:${VIEW.height}px`;
  document.body.appendChild(host);
  store = createStore();
  setPoints([...CLUSTERED, LONE, point('done', 5000, 600, 'resolu')]);
  store.set(zonesAtom, [ZONE]);
  store.set(markersAtom, MARKERS);
  root = createRoot(host);
  flushSync(() => root.render(<Provider store={store}><MapView /><ClusterSheet /></Provider>));
  await ready();
});

afterEach(() => {
  root.unmount();
  host.remove();
});

describe('MapView', () => {
  it('describes what it shows and starts fitted to the line', () => {
    expect(canvasEl().getAttribute('role')).toBe('img');
    expect(canvasEl().getAttribute('aria-label')).toBe('Plan de la ligne : 21 signalements, 1 zone');
    expect(stage().scaleX()).toBeCloseTo(0.5);
    expect(stage().position()).toEqual({ x: 0, y: 0 });
  });

  it('starts at the first kilometre marker when the line begins before it', async () => {
    await remountWith([LONE]);
    expect(stage().x()).toBeCloseTo(0); // no marker yet: the fitted view at the image's left edge
    store.set(markersAtom, [{ id: 'm', position: 3000, value: 12, createdBy: null }, { id: 'n', position: 9000, value: 18, createdBy: null }]);
    await expect.poll(() => stage().x()).toBeCloseTo(24 - 3000 * 0.5); // marker 12 sits 24 px from the left edge
    expect(stage().scaleX()).toBeCloseTo(0.5);
    store.set(markersAtom, [{ id: 'm', position: 4000, value: 12, createdBy: null }]);
    await frame();
    await frame();
    expect(stage().x()).toBeCloseTo(24 - 3000 * 0.5); // only the first view: later changes do not move the map
  });

  it('keyboard capture: Enter places a point at the centre crosshair, Space a zone vertex, announced', async () => {
    const announcer = host.querySelector('[data-testid="map-announcer"]')!;
    flushSync(() => store.set(modeAtom, 'draw-point'));
    await frame();
    expect(announcer.textContent).toContain('Mode Signaler');
    expect(host.querySelector('[data-testid="map-crosshair"]')).not.toBeNull();
    canvasEl().focus();
    canvasEl().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await frame();
    canvasEl().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await frame();
    // View 1000×600 at zoom 0.5 panned 100 px: the centre is image (1000 + 200, 600).
    expect(store.get(pointFormAtom)).toMatchObject({ mode: 'create', position: { x: 1200, y: 600 } });
    await expect.poll(() => announcer.textContent).toMatch(/^Position choisie au PK \d+,\d{2} : formulaire de signalement ouvert\.$/);
    flushSync(() => { store.set(pointFormAtom, null); store.set(modeAtom, 'draw-zone'); });
    await frame();
    expect(announcer.textContent).toContain('Mode Zone');
    canvasEl().focus();
    canvasEl().dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true }));
    await frame();
    await expect.poll(() => announcer.textContent).toMatch(/^Sommet 1 ajouté au PK \d+,\d{2}\. 2 de plus au minimum\.$/);
  });

  it('is keyboard operable: arrows pan, + and - zoom, zoom buttons have French labels', async () => {
    const describedBy = canvasEl().getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toContain('Flèches');
    canvasEl().focus();
    canvasEl().dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await frame();
    expect(stage().x()).toBeCloseTo(-100);
    canvasEl().dispatchEvent(new KeyboardEvent('keydown', { key: '+', bubbles: true }));
    await frame();
    expect(stage().scaleX()).toBeCloseTo(0.6);
    const zoomOut = host.querySelector<HTMLButtonElement>('button[aria-label="Zoom arrière"]')!;
    expect(host.querySelector('button[aria-label="Zoom avant"]')).not.toBeNull();
    expect(host.querySelector('button[aria-label="Ajuster à la ligne"]')).not.toBeNull();
    zoomOut.click();
    await frame();
    expect(stage().scaleX()).toBeCloseTo(0.5);
  });

  it('pans the stage by a mouse drag and keeps the line on screen', async () => {
    await drag(500, 300, 300, 250);
    expect(stage().x()).toBeCloseTo(-200);
    expect(stage().y()).toBeCloseTo(-50);
    await drag(300, 300, 900, 900); // would pull the image's left/top edge into view: clamped
    expect(stage().x()).toBe(0);
    expect(stage().y()).toBe(0);
  });

  it('zooms by 0.1 per wheel notch anchored at the pointer, bounded to 0.5-3', async () => {
    await drag(600, 300, 400, 300); // x = -200
    const before = { x: stage().x(), s: stage().scaleX() };
    const imageXUnderPointer = (400 - before.x) / before.s;
    await wheel(400, 200, -100);
    expect(stage().scaleX()).toBeCloseTo(0.6);
    expect((400 - stage().x()) / stage().scaleX()).toBeCloseTo(imageXUnderPointer);
    for (let i = 0; i < 30; i++) await wheel(400, 200, -100);
    expect(stage().scaleX()).toBeCloseTo(3);
    for (let i = 0; i < 40; i++) await wheel(400, 200, 100);
    expect(stage().scaleX()).toBeCloseTo(0.5);
    await wheel(400, 200, -20); // trackpad deltas add up to one notch
    await wheel(400, 200, -20);
    expect(stage().scaleX()).toBeCloseTo(0.5);
    await wheel(400, 200, -20);
    expect(stage().scaleX()).toBeCloseTo(0.6);
  });

  it('draws a zone with three clicks and opens the zone form on validate', async () => {
    store.set(modeAtom, 'draw-zone');
    await frame();
    const validate = () => host.ownerDocument.querySelector<HTMLButtonElement>('.map-toolbar .btn-primary')!;
    expect(validate().textContent).toBe('Valider la zone');
    await click(100, 100);
    await click(300, 100);
    expect(validate().disabled).toBe(true);
    await click(300, 200);
    expect(store.get(zoneFormAtom)).toBeNull();
    await expect.poll(() => validate().disabled).toBe(false);
    validate().click();
    await frame();
    expect(store.get(zoneFormAtom)).toEqual({ mode: 'create', vertices: [{ x: 200, y: 200 }, { x: 600, y: 200 }, { x: 600, y: 400 }] });
  });

  it('holds one stage-sized canvas with a zone shown (image, zones, points, ruler); the draft has pixels only while drawn', async () => {
    const sized = () => [...canvasEl().querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0).length;
    expect(sized()).toBe(1);
    expect(canvasEl().querySelectorAll('canvas').length).toBe(1); // no draft canvas made (even 0×0) before drawing
    store.set(modeAtom, 'draw-zone');
    await frame();
    await click(100, 100);
    await click(300, 100);
    await expect.poll(sized).toBe(2);
    host.ownerDocument.querySelector<HTMLButtonElement>('.map-toolbar .btn-secondary')!.click();
    await expect.poll(sized).toBe(1);
  });

  it('cancels a zone drawing: vertices cleared, back to view', async () => {
    store.set(modeAtom, 'draw-zone');
    await frame();
    await click(100, 100);
    const cancel = host.ownerDocument.querySelector<HTMLButtonElement>('.map-toolbar .btn-secondary')!;
    cancel.click();
    await frame();
    expect(store.get(modeAtom)).toBe('view');
  });

  it('opens the point form at a draw-point click with the interpolated PK', async () => {
    store.set(modeAtom, 'draw-point');
    await frame();
    await click(500, 300); // image (1000, 600): 10 km + 1000/12000 × 12 km
    expect(store.get(pointFormAtom)).toEqual({ mode: 'create', position: { x: 1000, y: 600 }, kmValue: 11 });
  });

  it('opens the cluster sheet with the ids of the clicked cluster', async () => {
    await click(501, 300); // the 20 clustered points around image (1002, 601)
    await expect.poll(() => store.get(clusterSheetAtom)?.length ?? 0).toBe(20);
    expect(new Set(store.get(clusterSheetAtom))).toEqual(new Set(CLUSTERED.map((p) => p.id)));
    await expect.poll(() => document.querySelector('[role="dialog"]')?.textContent ?? '').toContain('20 signalement(s)');
  });

  it('selects a single point and opens its form; a tap in a zone selects the zone', async () => {
    await click(803, 452); // lone point at image (1600, 900) = screen (800, 450); within 15 px
    expect(store.get(selectionAtom)).toEqual({ kind: 'point', id: uid('lone') });
    expect(store.get(pointFormAtom)).toEqual({ mode: 'edit', pointId: uid('lone') });
    await click(200, 550); // image (400, 1100), inside the zone
    expect(store.get(selectionAtom)).toEqual({ kind: 'zone', id: 'z1' });
    await click(800, 100); // nothing there
    expect(store.get(selectionAtom)).toBeNull();
  });

  it('waits for the 5 px touch threshold before panning; a shorter touch is a tap', async () => {
    store.set(modeAtom, 'draw-point');
    await frame();
    pointer('pointerdown', 500, 300, 7, 'touch');
    pointer('pointermove', 504, 300, 7, 'touch');
    pointer('pointerup', 504, 300, 7, 'touch');
    await frame();
    expect(stage().x()).toBe(0);
    expect(store.get(pointFormAtom)).toMatchObject({ mode: 'create', position: { x: 1000, y: 600 } });
    store.set(pointFormAtom, null);
    pointer('pointerdown', 500, 300, 8, 'touch');
    pointer('pointermove', 494, 300, 8, 'touch');
    pointer('pointermove', 480, 300, 8, 'touch');
    pointer('pointerup', 480, 300, 8, 'touch');
    await frame();
    expect(stage().x()).toBeCloseTo(-20);
    expect(store.get(pointFormAtom)).toBeNull();
  });

  it('zooms with a two-finger pinch around the fingers', async () => {
    pointer('pointerdown', 400, 300, 1, 'touch');
    pointer('pointerdown', 600, 300, 2, 'touch');
    pointer('pointermove', 300, 300, 1, 'touch');
    pointer('pointermove', 700, 300, 2, 'touch');
    pointer('pointerup', 300, 300, 1, 'touch');
    pointer('pointerup', 700, 300, 2, 'touch');
    await frame();
    expect(stage().scaleX()).toBeCloseTo(1);
    expect((500 - stage().x()) / stage().scaleX()).toBeCloseTo(1000); // image x under the fingers' midpoint kept
    expect(store.get(pointFormAtom)).toBeNull();
  });

  it('re-clusters when the points change (a new point becomes clickable)', async () => {
    const before = Number(canvasEl().getAttribute('data-frame-items'));
    setPoints([...CLUSTERED, LONE, point('done', 5000, 600, 'resolu'), point('new', 1800, 600)]);
    await expect.poll(() => Number(canvasEl().getAttribute('data-frame-items'))).toBe(before + 1);
    await click(900, 300);
    expect(store.get(selectionAtom)).toEqual({ kind: 'point', id: uid('new') });
    expect(canvasEl().getAttribute('aria-label')).toBe('Plan de la ligne : 22 signalements, 1 zone');
  });

  it('follows a status filter change (the worker filters its kept columns) and still opens the right point', async () => {
    const items = () => Number(canvasEl().getAttribute('data-frame-items'));
    setPoints([...CLUSTERED, LONE, point('done', 400, 400, 'resolu')]); // a resolved point in view
    await expect.poll(items).toBe(2); // the cluster and the lone point; the resolved one is not shown under 'tous'
    store.set(statusFilterAtom, 'resolu');
    await expect.poll(items).toBe(1);
    store.set(statusFilterAtom, 'signale');
    await expect.poll(items).toBe(2);
    setPoints([...CLUSTERED, point('lone', 1600, 900, 'pris_en_charge'), point('done', 400, 400, 'resolu')]); // new data, same filter
    await expect.poll(items).toBe(1);
    store.set(statusFilterAtom, 'tous');
    await expect.poll(items).toBe(2);
    await click(800, 450); // the lone point at image (1600, 900), zoom 0.5
    expect(store.get(selectionAtom)).toEqual({ kind: 'point', id: uid('lone') });
  });

  it("'Ajuster à la ligne' before the markers are known is not undone by the first view at the first marker", async () => {
    await remountWith([LONE]);
    host.querySelector<HTMLButtonElement>('button[aria-label="Ajuster à la ligne"]')!.click();
    await new Promise((r) => setTimeout(r, 50)); // the fit's animation under way when the markers arrive
    store.set(markersAtom, [{ id: 'm', position: 3000, value: 12, createdBy: null }, { id: 'n', position: 9000, value: 18, createdBy: null }]);
    await new Promise((r) => setTimeout(r, 600)); // past the animation
    const whole = Math.min(VIEW.width / 12000, VIEW.height / 1500);
    expect(stage().scaleX()).toBeCloseTo(whole); // the whole line: 12000 px in 1000
    expect(stage().x()).toBeCloseTo((VIEW.width - 12000 * whole) / 2);
  });

  it('centres on a requested image position', async () => {
    store.set(centerRequestAtom, { x: 6000, y: 750, nonce: 1 });
    await expect.poll(() => stage().x(), { timeout: 3000 }).toBeCloseTo(500 - 6000 * 0.5);
  });

  it('a centre requested before the map is laid out (a PK link at start) wins over the first view at the first marker', async () => {
    root.unmount();
    store = createStore();
    setPoints([LONE, point('mid', 6000, 760)]); // one point in each view
    store.set(markersAtom, [{ id: 'm', position: 3000, value: 12, createdBy: null }, { id: 'n', position: 9000, value: 18, createdBy: null }]);
    store.set(centerRequestAtom, { x: 6000, y: 750, nonce: 1 });
    host.style.width = '0px'; // the map's box is not laid out yet when the request comes (a slow start)
    root = createRoot(host);
    flushSync(() => root.render(<Provider store={store}><MapView /></Provider>));
    await frame();
    await frame();
    host.style.width = `${VIEW.width}px`;
    await ready();
    await expect.poll(() => stage().x(), { timeout: 3000 }).toBeCloseTo(500 - 6000 * 0.5);
    await new Promise((r) => setTimeout(r, 400)); // past any animation: nothing moves it back to the marker
    expect(stage().x()).toBeCloseTo(500 - 6000 * 0.5);
  });

  it('a resize during the centring animation does not stop it half-way: it ends centred in the new size', async () => {
    store.set(centerRequestAtom, { x: 6000, y: 750, nonce: 1 });
    await frame();
    host.style.width = '900px'; // measured after the 150 ms debounce, within the 250 ms animation
    await new Promise((r) => setTimeout(r, 800));
    expect(stage().x()).toBeCloseTo(450 - 6000 * 0.5);
  });
});
