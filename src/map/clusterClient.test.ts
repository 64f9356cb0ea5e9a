// The cluster client's two ways of loading the map's points: a point index's columns are sent once per data version
// and levels, then each filter sends its pass table; columns the service lost are sent again. Against the real
// cluster service (the worker's object, on this thread).
import { describe, expect, it } from 'vitest';
import { createClusterService } from '../core/cluster/service';
import { createPointIndex, upsertRows } from '../core/pointIndex/store';
import type { PointIndexRow } from '../core/pointIndex/types';
import { createSeverityScale } from '../core/severity';
import { ClusterClient } from './clusterClient';
import { deriveIndexArrays } from './pointData';

const LEVELS = [{ id: 'attention', order: 1, color: '#f59e0b' }, { id: 'danger', order: 2, color: '#dc2626' }];
const STATUSES = ['signale', 'pris_en_charge', 'resolu'] as const;
const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const row = (n: number): PointIndexRow => ({ id: uuid(n), x: 7 * n + 0.5, y: 3 * (n % 50) + 0.25, km: null, created: n, updated: n, status: STATUSES[n % 3], criticality: n % 2 ? 'danger' : 'attention', teamId: null });

function counted() {
  const service = createClusterService();
  const calls = { setColumns: 0, load: 0, loadFiltered: 0 };
  const setColumns = service.setColumns, load = service.load, loadFiltered = service.loadFiltered;
  service.setColumns = (...a) => { calls.setColumns++; return setColumns(...a); };
  service.load = (...a) => { calls.load++; return load(...a); };
  service.loadFiltered = (...a) => { calls.loadFiltered++; return loadFiltered(...a); };
  return { service, calls };
}

describe('ClusterClient.loadPoints', () => {
  const scale = createSeverityScale(LEVELS);
  const ix = createPointIndex(1024);
  upsertRows(ix, Array.from({ length: 600 }, (_, n) => row(n)));

  it('sends the columns once, then only the filter, and the worker indexes exactly the map points', async () => {
    const { service, calls } = counted();
    const client = new ClusterClient(service);
    for (const filter of ['tous', 'signale', 'resolu', 'tous'] as const) {
      const d = deriveIndexArrays(ix, filter, scale);
      const loaded = await client.loadPoints(d.arrays, 5000, 200, 'L1');
      expect(loaded?.count).toBe(d.arrays.count);
      const all = await service.query(0, 0, 0, 5000, 200);
      expect(Array.from(all.sizes).reduce((a, b) => a + b, 0)).toBe(d.arrays.count);
    }
    expect(calls.setColumns).toBe(1);
    expect(calls.load).toBe(0);
    upsertRows(ix, [row(600)]); // a new data version: sent again
    await client.loadPoints(deriveIndexArrays(ix, 'tous', scale).arrays, 5000, 200, 'L1');
    expect(calls.setColumns).toBe(2);
  });

  it('sends the columns again when the service lost them (a restarted worker)', async () => {
    const { service, calls } = counted();
    const client = new ClusterClient(service);
    const d = deriveIndexArrays(ix, 'tous', scale);
    await client.loadPoints(d.arrays, 5000, 200);
    await service.setColumns(999, { count: 0, x: new Float32Array(0), y: new Float32Array(0), status: new Uint8Array(0), severity: new Uint8Array(0) });
    const loaded = await client.loadPoints(deriveIndexArrays(ix, 'signale', scale).arrays, 5000, 200);
    expect(loaded?.count).toBe(deriveIndexArrays(ix, 'signale', scale).arrays.count);
    expect(calls.setColumns).toBe(3); // the first, the stranger's, and the client's again
  });

  it('builds the first and the last of a burst of loads, not each in turn (chips clicked in a row)', async () => {
    const { service, calls } = counted();
    const client = new ClusterClient(service);
    const filters = ['signale', 'tous', 'resolu', 'pris_en_charge'] as const;
    const first = client.loadPoints(deriveIndexArrays(ix, filters[0], scale).arrays, 5000, 200);
    await new Promise((r) => setTimeout(r, 0)); // the first has started; three more come while it runs
    const rest = filters.slice(1).map((f) => client.loadPoints(deriveIndexArrays(ix, f, scale).arrays, 5000, 200));
    const results = await Promise.all([first, ...rest]);
    expect(calls.loadFiltered).toBe(2);
    expect(results[0]?.count).toBe(deriveIndexArrays(ix, 'signale', scale).arrays.count);
    expect(results.slice(1, 3)).toEqual([null, null]); // superseded before their turn
    expect(results[3]?.count).toBe(deriveIndexArrays(ix, 'pris_en_charge', scale).arrays.count);
    const all = await service.query(0, 0, 0, 5000, 200);
    expect(Array.from(all.sizes).reduce((a, b) => a + b, 0)).toBe(results[3]?.count); // the last one is shown
  });

  it('writes a new data version into the set the service gave back (no fresh memory per version)', async () => {
    const service = createClusterService();
    const given: unknown[] = [];
    const setColumns = service.setColumns;
    service.setColumns = (id, cols) => { given.push(cols.x); return setColumns(id, cols); };
    const client = new ClusterClient(service);
    const grown = createPointIndex(1024);
    upsertRows(grown, Array.from({ length: 300 }, (_, n) => row(n)));
    for (let v = 0; v < 3; v++) {
      upsertRows(grown, [row(300 + v)]);
      const d = deriveIndexArrays(grown, 'signale', scale);
      expect((await client.loadPoints(d.arrays, 5000, 200))?.count).toBe(d.arrays.count);
      await new Promise((r) => setTimeout(r, 0)); // the set given back arrives
    }
    expect(given[2]).toBe(given[0]); // the third version went into the first one's arrays
    expect(given[1]).not.toBe(given[0]);
    client.dispose();
  });

  it('loads arrays given directly (no columns) as before', async () => {
    const { service, calls } = counted();
    const client = new ClusterClient(service);
    const { columns: _, ...plain } = deriveIndexArrays(ix, 'tous', scale).arrays;
    const loaded = await client.loadPoints(plain, 5000, 200);
    expect(loaded?.count).toBe(plain.count);
    expect(calls.load).toBe(1);
    expect(calls.setColumns).toBe(0);
  });
});
