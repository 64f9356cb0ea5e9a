// Browser tests of the map's marks (docs/product.md#map-marks), in Chromium on the rendered MapView: the opened point
// drawn out of its cluster, the bulk selection ringed (a count on its cluster), the late points badged, the legend.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { createStore, Provider } from 'jotai';
import Konva from 'konva';
import { MapView } from './MapView';
import { markersAtom } from '../state/tables';
import { pointIndexAtom } from '../state/pointIndex';
import { selectionAtom } from '../state/selection';
import { bulkSelectionAtom } from '../state/bulk';
import { latePointsAtom } from '../state/latePoints';
import { indexOfPoints } from '../../test/fixtures/pointIndex/fromPoints';
import type { Point } from '../core/types';

const VIEW = { width: 1000, height: 600 }; // fit gives zoom 0.5 at x = 0, y = 0 on the 12000×1500 image
const ids = new Map<string, string>();
const uid = (name: string) => {
  if (!ids.has(name)) ids.set(name, `00000000-0000-4000-8000-${(ids.size + 1).toString(16).padStart(12, '0')}`);
  return ids.get(name)!;
};
function point(name: string, x: number, y: number): Point {
  return {
    id: uid(name), name, description: '', kilometer: '', kmValue: null, position: { x, y }, imageUrl: null, status: 'signale',
    criticality: 'attention', ticketNumber: null, teamId: null, teamName: null, creationDate: '2026-11-20T10:00:00Z', createdBy: null,
  };
}
// 20 points within 4 image px of (1000, 600): one cluster; a lone point at (1600, 900); another at (1800, 300).
const CLUSTERED = Array.from({ length: 20 }, (_, i) => point(`c${i}`, 1000 + (i % 5), 600 + Math.floor(i / 5)));
const LONE = point('lone', 1600, 900);
const FAR = point('far', 1800, 300);

let host: HTMLDivElement;
let root: Root;
let store: ReturnType<typeof createStore>;
const canvasEl = () => host.querySelector<HTMLElement>('[data-testid="map-canvas"]')!;
const attr = (name: string) => canvasEl().getAttribute(name);
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** The map layer's pixel at screen (x, y), as [r, g, b, a]. */
function pixel(x: number, y: number): number[] {
  const layer = Konva.stages[Konva.stages.length - 1].getLayers()[0];
  const c = layer.getNativeCanvasElement();
  const pr = layer.getCanvas().getPixelRatio();
  return Array.from(c.getContext('2d')!.getImageData(Math.round(x * pr), Math.round(y * pr), 1, 1).data);
}
const isBlue = ([r, g, b, a]: number[]) => a > 200 && b > 180 && r < 80 && g < 110; // #1d4ed8
const isRed = ([r, g, b, a]: number[]) => a > 200 && r > 150 && g < 60 && b < 60; // #b91c1c

beforeEach(async () => {
  host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${VIEW.width}px;height:${VIEW.height}px`;
  document.body.appendChild(host);
  store = createStore();
  const index = indexOfPoints([...CLUSTERED, LONE, FAR]);
  store.set(pointIndexAtom, { index, version: index.version });
  store.set(markersAtom, [{ id: 'a', position: 0, value: 10, createdBy: null }, { id: 'b', position: 12000, value: 22, createdBy: null }]);
  root = createRoot(host);
  flushSync(() => root.render(<Provider store={store}><MapView /></Provider>));
  await expect.poll(() => Number(attr('data-frame-items') ?? 0), { timeout: 15000 }).toBe(3); // the cluster, the lone and the far points
  await frame();
});

afterEach(() => {
  root.unmount();
  host.remove();
});

describe('map marks', () => {
  it('draws the opened point by itself over its cluster, with its ring; a single point opened is ringed in place', async () => {
    // c3 at image (1003, 600) = screen (501.5, 300), inside the 20-point cluster; the ring is 17 px from its centre.
    expect(isBlue(pixel(501.5 + 17, 300))).toBe(false);
    flushSync(() => store.set(selectionAtom, { kind: 'point', id: uid('c3') }));
    await expect.poll(() => attr('data-marks-loose')).toBe('true');
    await frame();
    expect(isBlue(pixel(501.5 + 17, 300))).toBe(true);
    flushSync(() => store.set(selectionAtom, { kind: 'point', id: uid('lone') }));
    await expect.poll(() => attr('data-marks-loose')).toBe('false');
    await frame();
    expect(isBlue(pixel(800 + 17, 450))).toBe(true); // lone at screen (800, 450)
    expect(isBlue(pixel(501.5 + 17, 300))).toBe(false);
  });

  it('rings each selected point and counts the selected points of a cluster in a badge', async () => {
    flushSync(() => store.set(bulkSelectionAtom, new Set([uid('c0'), uid('c1'), uid('c2'), uid('c7'), uid('c9'), uid('lone')])));
    await expect.poll(() => attr('data-marks-selected')).toBe('6');
    expect(attr('data-marks-selected-clusters')).toBe('1');
    await frame();
    expect(isBlue(pixel(800 + 17, 450))).toBe(true); // the lone point's ring
    expect(isBlue(pixel(900 + 17, 150))).toBe(false); // the far point is not selected
    flushSync(() => store.set(bulkSelectionAtom, new Set()));
    await expect.poll(() => attr('data-marks-selected')).toBe('0');
    await frame();
    expect(isBlue(pixel(800 + 17, 450))).toBe(false);
  });

  it('badges the late points and the clusters holding one', async () => {
    flushSync(() => store.set(latePointsAtom, { line: null, ids: new Set([uid('c4'), uid('far')]) }));
    await expect.poll(() => attr('data-marks-late')).toBe('2');
    expect(attr('data-marks-late-clusters')).toBe('1');
    await frame();
    // The far point at screen (900, 150): its badge is centred 11 px up and left of the marker's centre ('!' in white at its middle).
    expect(isRed(pixel(900 - 11 - 5, 150 - 11))).toBe(true);
    expect(isRed(pixel(800 - 11 - 5, 450 - 11))).toBe(false); // the lone point is not late
    // The marks of another line are not this line's.
    flushSync(() => store.set(latePointsAtom, { line: 'other-line', ids: new Set([uid('far')]) }));
    await expect.poll(() => attr('data-marks-late')).toBe('0');
  });

  it('names both marks in the legend, and says when there are too many late points to mark', async () => {
    const legend = () => host.querySelector('.map-legend')!.textContent!;
    expect(legend()).toContain('Cerclé de bleu : sélectionné');
    expect(legend()).toContain('Pastille rouge : en retard');
    expect(legend()).not.toContain('Trop de signalements en retard');
    flushSync(() => store.set(latePointsAtom, { line: null, ids: new Set<string>(), tooMany: true }));
    await frame();
    expect(legend()).toContain('Trop de signalements en retard pour les marquer sur le plan');
  });
});
