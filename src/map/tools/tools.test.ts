import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { drawPointTool } from './drawPoint';
import { drawZoneTool, validateDraftZone } from './drawZone';
import { viewTool } from './view';
import { toolForMode } from './index';
import type { ToolContext } from './types';
import { clusterSheetAtom, draftZoneAtom, pointFormAtom, selectionAtom, zoneFormAtom } from '../../state/selection';
import { modeAtom } from '../../state/mode';
import type { MapEngineApi } from '../MapCanvas';

function ctx(api: Partial<MapEngineApi> | null = null): ToolContext {
  return {
    store: createStore(),
    api: api as MapEngineApi | null,
    pointIds: ['p0', 'p1', 'p2'],
    markers: [{ id: 'a', position: 0, value: 10, createdBy: null }, { id: 'b', position: 1000, value: 11, createdBy: null }],
    image: { width: 12000, height: 1500 },
  };
}

describe('toolForMode', () => {
  it('maps each mode to its tool; route-report keeps the view tool', () => {
    expect(toolForMode('view')).toBe(viewTool);
    expect(toolForMode('route-report')).toBe(viewTool);
    expect(toolForMode('draw-point')).toBe(drawPointTool);
    expect(toolForMode('draw-zone')).toBe(drawZoneTool);
  });
});

describe('drawPointTool', () => {
  it('opens the create form with the interpolated PK', () => {
    const c = ctx();
    drawPointTool.click(c, { image: { x: 250.4, y: 600.6 }, hit: null });
    expect(c.store.get(pointFormAtom)).toEqual({ mode: 'create', position: { x: 250, y: 601 }, kmValue: 10.25 });
  });
  it('gives no PK outside the markers and ignores clicks off the image', () => {
    const c = ctx();
    drawPointTool.click(c, { image: { x: 5000, y: 600 }, hit: null });
    expect(c.store.get(pointFormAtom)).toEqual({ mode: 'create', position: { x: 5000, y: 600 }, kmValue: null });
    c.store.set(pointFormAtom, null);
    drawPointTool.click(c, { image: { x: -5, y: 600 }, hit: null });
    expect(c.store.get(pointFormAtom)).toBeNull();
  });
});

describe('drawPointTool.cancel', () => {
  it('closes an open create form first, then leaves for view', () => {
    const c = ctx();
    c.store.set(modeAtom, 'draw-point');
    drawPointTool.click(c, { image: { x: 100, y: 600 }, hit: null });
    drawPointTool.cancel(c);
    expect(c.store.get(pointFormAtom)).toBeNull();
    expect(c.store.get(modeAtom)).toBe('draw-point');
    drawPointTool.cancel(c);
    expect(c.store.get(modeAtom)).toBe('view');
  });
});

describe('drawZoneTool', () => {
  it('appends vertices and validates only from 3', () => {
    const c = ctx();
    drawZoneTool.enter(c);
    drawZoneTool.click(c, { image: { x: 1, y: 2 }, hit: null });
    drawZoneTool.click(c, { image: { x: 3, y: 4 }, hit: null });
    expect(validateDraftZone(c)).toBe(false);
    expect(c.store.get(zoneFormAtom)).toBeNull();
    drawZoneTool.click(c, { image: { x: 5, y: 6 }, hit: null });
    expect(validateDraftZone(c)).toBe(true);
    expect(c.store.get(zoneFormAtom)).toEqual({ mode: 'create', vertices: [{ x: 1, y: 2 }, { x: 3, y: 4 }, { x: 5, y: 6 }] });
  });
  it('cancel clears the vertices and returns to view', () => {
    const c = ctx();
    c.store.set(modeAtom, 'draw-zone');
    drawZoneTool.click(c, { image: { x: 1, y: 2 }, hit: null });
    drawZoneTool.cancel(c);
    expect(c.store.get(draftZoneAtom)).toEqual([]);
    expect(c.store.get(modeAtom)).toBe('view');
  });
});

describe('viewTool', () => {
  it('selects and opens a point, selects a zone, clears on empty', () => {
    const c = ctx();
    viewTool.click(c, { image: { x: 0, y: 0 }, hit: { kind: 'point', index: 1 } });
    expect(c.store.get(selectionAtom)).toEqual({ kind: 'point', id: 'p1' });
    expect(c.store.get(pointFormAtom)).toEqual({ mode: 'edit', pointId: 'p1' });
    viewTool.click(c, { image: { x: 0, y: 0 }, hit: { kind: 'zone', zoneId: 'z' } });
    expect(c.store.get(selectionAtom)).toEqual({ kind: 'zone', id: 'z' });
    viewTool.click(c, { image: { x: 0, y: 0 }, hit: null });
    expect(c.store.get(selectionAtom)).toBeNull();
  });
  it('opens the cluster sheet with the ids of the worker leaves', async () => {
    const c = ctx({ leaves: async () => [2, 0] });
    viewTool.click(c, { image: { x: 0, y: 0 }, hit: { kind: 'cluster', clusterId: 99, size: 2, imageX: 0, imageY: 0 } });
    await new Promise((r) => setTimeout(r, 0));
    expect(c.store.get(clusterSheetAtom)).toEqual(['p2', 'p0']);
  });
});
