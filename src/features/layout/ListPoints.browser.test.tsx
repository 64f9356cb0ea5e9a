// The sidebar's points on a line switch (warm switch), in Chromium with React: the render that shows the
// new line's index keeps the lists on the previous line's snapshot (index, order and zones of one line together),
// marked stale (rows not drawn), a deferred render then brings them to the new line; a change within a line reaches
// the lists in the same render.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { useLayoutEffect } from 'react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { ListPointsProvider, useListPoints } from './ListPoints';
import { newestOrderAtom, pointIndexAtom } from '../../state/pointIndex';
import { zonesAtom } from '../../state/tables';
import { indexOfPoints } from '../../../test/fixtures/pointIndex/fromPoints';
import type { Point, Zone } from '../../core/types';

function points(line: string, n: number): Point[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${line === 'A' ? 'a' : 'b'}${i.toString(16).padStart(11, '0')}`, name: `${line}${i}`, description: '',
    kilometer: '', kmValue: i, position: { x: i * 10, y: 5 }, imageUrl: null, status: 'signale', criticality: 'attention',
    ticketNumber: null, teamId: null, teamName: null, creationDate: '2026-11-20T10:00:00Z', createdBy: null,
  }));
}
const zone = (id: string): Zone => ({ id, name: id, color: '#000', track: null, points: [], kmStart: null, kmEnd: null, createdBy: null, createdAt: '2026-11-20T10:00:00Z' });

interface Commit { shownLine: string | null; shownVersion: number; listLine: string | null; listVersion: number; listZone: string; listOrder: number; stale: boolean }

/** Records, at each commit, the index shown (the map's) and the lists' snapshot. */
function Probe({ commits }: { commits: Commit[] }) {
  const shown = useAtomValue(pointIndexAtom);
  const list = useListPoints();
  useLayoutEffect(() => {
    commits.push({ shownLine: shown.line ?? null, shownVersion: shown.version, listLine: list.snap.line ?? null, listVersion: list.snap.version,
      listZone: list.zones[0]?.id ?? '', listOrder: list.order.length, stale: !!list.stale });
  });
  return null;
}

describe('ListPointsProvider', () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => { host = document.createElement('div'); document.body.append(host); root = createRoot(host); });
  afterEach(() => { root.unmount(); host.remove(); });

  it('keeps the lists on the line they show until a deferred render brings the new line, all of one line at a time', async () => {
    const store = createStore();
    const a = indexOfPoints(points('A', 30)), b = indexOfPoints(points('B', 20));
    store.set(pointIndexAtom, { index: a, version: a.version, line: 'A' });
    store.set(newestOrderAtom, new Int32Array(30));
    store.set(zonesAtom, [zone('zone-A')]);
    const commits: Commit[] = [];
    root.render(<Provider store={store}><ListPointsProvider><Probe commits={commits} /></ListPointsProvider></Provider>);
    await expect.poll(() => commits.at(-1)?.listLine).toBe('A');

    // The switch, as src/state/lineActions makes it: zones, index and order of line B in one synchronous step.
    store.set(zonesAtom, [zone('zone-B')]);
    store.set(pointIndexAtom, { index: b, version: b.version, line: 'B' });
    store.set(newestOrderAtom, new Int32Array(20));
    await expect.poll(() => commits.at(-1)?.listLine).toBe('B');

    const after = commits.slice(commits.findIndex((c) => c.shownLine === 'B'));
    // The first render showing B keeps the lists on A (the deferral: fails if the lists follow in the same render).
    expect(after[0]).toMatchObject({ shownLine: 'B', listLine: 'A', listZone: 'zone-A', listOrder: 30, stale: true }); // rows not drawn
    // Never one line's index with another's zones or order.
    for (const c of commits) {
      expect(c.listZone).toBe(`zone-${c.listLine}`);
      expect(c.listOrder).toBe(c.listLine === 'A' ? 30 : 20);
    }
    expect(commits.at(-1)).toMatchObject({ shownLine: 'B', listLine: 'B', listZone: 'zone-B', listOrder: 20, stale: false });
    expect(commits.filter((c) => c.stale).every((c) => c.shownLine !== c.listLine)).toBe(true);
  });

  it('follows a new index of the same line (a cold load adopting its built index) in a deferred render, rows drawn', async () => {
    const store = createStore();
    const first = indexOfPoints(points('A', 10)), built = indexOfPoints(points('A', 25));
    store.set(pointIndexAtom, { index: first, version: first.version, line: 'A' });
    store.set(newestOrderAtom, new Int32Array(10));
    store.set(zonesAtom, [zone('zone-A')]);
    const commits: Commit[] = [];
    root.render(<Provider store={store}><ListPointsProvider><Probe commits={commits} /></ListPointsProvider></Provider>);
    await expect.poll(() => commits.at(-1)?.listOrder).toBe(10);
    built.version = first.version + 1; // as succeed() does
    store.set(pointIndexAtom, { index: built, version: built.version, line: 'A' });
    store.set(newestOrderAtom, new Int32Array(25));
    await expect.poll(() => commits.at(-1)?.listOrder).toBe(25);
    const after = commits.slice(commits.findIndex((c) => c.shownVersion === built.version));
    // The map's render keeps the lists on the previous index (fails if they follow in the same render), not stale.
    expect(after[0]).toMatchObject({ listVersion: first.version, listOrder: 10, stale: false });
    expect(commits.every((c) => !c.stale)).toBe(true);
    expect(commits.at(-1)).toMatchObject({ listVersion: built.version, listOrder: 25, stale: false });
  });

  it('shows a change within the line shown in the same render as the map', async () => {
    const store = createStore();
    const a = indexOfPoints(points('A', 10));
    store.set(pointIndexAtom, { index: a, version: a.version, line: 'A' });
    store.set(zonesAtom, [zone('zone-A')]);
    const commits: Commit[] = [];
    root.render(<Provider store={store}><ListPointsProvider><Probe commits={commits} /></ListPointsProvider></Provider>);
    await expect.poll(() => commits.at(-1)?.listLine).toBe('A');
    store.set(pointIndexAtom, { index: a, version: a.version + 1, line: 'A' });
    await expect.poll(() => commits.at(-1)?.shownVersion).toBe(a.version + 1);
    const first = commits.find((c) => c.shownVersion === a.version + 1)!;
    expect(first.listVersion).toBe(a.version + 1);
  });
});
