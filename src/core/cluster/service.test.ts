import { describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { nearestLinear } from '../nearestPoint';
import { buildClusterIndex } from './clusterIndex';
import { createClusterService } from './service';
import type { ClusterColumns, ClusterFrame, ClusterIndex } from './types';
import { placedSlots, statusPassTable } from '../pointIndex/queries';
import type { ClusterWorkerApi } from './workerApi';

/** The worker's object behind a real MessageChannel, as in workers/cluster.worker.ts. */
function connect() {
  const { port1, port2 } = new MessageChannel();
  const sent: ClusterFrame[] = [];
  const service = createClusterService({ transfer: Comlink.transfer });
  const query = service.query;
  service.query = async (...args) => {
    const f = await query(...args);
    sent.push(f);
    return f;
  };
  Comlink.expose(service, port1 as unknown as Comlink.Endpoint);
  const api = Comlink.wrap<ClusterWorkerApi>(port2 as unknown as Comlink.Endpoint);
  return { api, sent, close: () => { port1.close(); port2.close(); } };
}

describe('cluster service over Comlink', () => {
  it('loads transferred arrays and returns frames whose buffers are transferred, not cloned', async () => {
    const d = trackDataset(5000, 4);
    const expected = buildClusterIndex({ ...d, xs: d.xs.slice(), ys: d.ys.slice(), severity: d.severity.slice() }).query(8, 0, 0, 15000, 2000);
    const { api, sent, close } = connect();
    const xs = d.xs.slice(), ys = d.ys.slice(), sev = d.severity.slice();
    const loaded = await api.load(Comlink.transfer(xs, [xs.buffer]), Comlink.transfer(ys, [ys.buffer]), Comlink.transfer(sev, [sev.buffer]), d.width, d.height);
    expect(loaded.count).toBe(5000);
    expect(xs.byteLength).toBe(0); // moved into the service side
    const frame = await api.query(8, 0, 0, 15000, 2000);
    expect(frame.count).toBe(expected.count);
    expect(Array.from(frame.ids)).toEqual(Array.from(expected.ids));
    expect(Array.from(frame.sizes)).toEqual(Array.from(expected.sizes));
    expect(sent[0].xs.byteLength).toBe(0); // detached on the sending side = transferred
    expect(sent[0].ids.byteLength).toBe(0);
    const big = frame.ids[Array.from(frame.sizes).indexOf(Math.max(...frame.sizes))];
    const leaves = await api.leaves(big);
    expect(leaves).toBeInstanceOf(Uint32Array);
    expect(leaves.length).toBe(Math.max(...frame.sizes));
    expect(await api.expansionLevel(big)).toBeGreaterThan(8);
    const [x, y] = [d.xs[123] + 1, d.ys[123] - 1];
    expect(await api.nearest(x, y, 15)).toBe(nearestLinear(d.xs, d.ys, d.xs.length, x, y, 15));
    close();
  });

  it('works on the main thread without a worker and answers empty before a load', async () => {
    const service = createClusterService();
    expect((await service.query(3, 0, 0, 10, 10)).count).toBe(0);
    expect(await service.nearest(0, 0, 10)).toBe(-1);
    const d = trackDataset(1000, 2);
    await service.load(d.xs, d.ys, d.severity, d.width, d.height);
    const f = await service.query(0, 0, 0, d.width, d.height);
    expect(Array.from(f.sizes).reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('filters kept columns itself: the same points, order and frames as a load of the filtered arrays', async () => {
    const d = trackDataset(6000, 4);
    const status = Uint8Array.from(d.xs, (_, i) => i % 3);
    const x = d.xs.slice(), y = d.ys.slice();
    x[7] = NaN; y[11] = NaN; // points without a position are left out on both sides
    const { api, close } = connect();
    const cols: ClusterColumns = { count: x.length, x: x.slice(), y: y.slice(), status: status.slice(), severity: d.severity.slice() };
    await api.setColumns(1, Comlink.transfer(cols, [cols.x.buffer, cols.y.buffer, cols.status.buffer, cols.severity.buffer] as ArrayBuffer[]));
    expect(cols.x.byteLength).toBe(0); // transferred
    for (const filter of ['tous', 'resolu', 'signale'] as const) {
      const slots = placedSlots(x, y, status, x.length, statusPassTable(filter));
      const pick = (a: ArrayLike<number>) => Array.from(slots, (s) => a[s]);
      const expected = buildClusterIndex({ xs: Float32Array.from(pick(x)), ys: Float32Array.from(pick(y)), severity: Uint8Array.from(pick(d.severity)), width: d.width, height: d.height });
      const loaded = await api.loadFiltered(1, statusPassTable(filter), d.width, d.height);
      expect(loaded.count).toBe(slots.length);
      for (const level of [0, 8, 20]) {
        const got = await api.query(level, 0, 0, d.width, d.height), want = expected.query(level, 0, 0, d.width, d.height);
        expect(Array.from(got.ids)).toEqual(Array.from(want.ids));
        expect(Array.from(got.sizes)).toEqual(Array.from(want.sizes));
        expect(Array.from(got.severity)).toEqual(Array.from(want.severity));
      }
    }
    await expect(api.loadFiltered(2, statusPassTable('tous'), d.width, d.height)).rejects.toThrow(/columns 2/);
    close();
  });

  it('frees a tree once it is neither shown nor kept for its line, with the input it made, and keeps the others', async () => {
    const built: ClusterIndex[] = [];
    const service = createClusterService({ build: (input) => { const ix = buildClusterIndex(input); built.push(ix); return ix; } });
    const d = trackDataset(3000, 6);
    const cols = (sev: Uint8Array): ClusterColumns => ({ count: d.xs.length, x: d.xs.slice(), y: d.ys.slice(), status: new Uint8Array(d.xs.length), severity: sev });
    const all = statusPassTable('tous');
    const pointsOf = (f: ClusterFrame) => Array.from(f.sizes).reduce((a, b) => a + b, 0);
    await service.setColumns(1, cols(d.severity.slice()));
    await service.loadFiltered(1, all, d.width, d.height, 'A');
    await service.loadFiltered(1, all, d.width, d.height, 'B');
    expect(built).toHaveLength(2);
    await service.setColumns(2, cols(d.severity.map((s) => 3 - s)));
    await service.loadFiltered(2, all, d.width, d.height, 'A'); // a new version of line A's points
    expect(built).toHaveLength(3);
    expect(pointsOf(built[0].query(0, 0, 0, d.width, d.height))).toBe(0); // A's first tree: freed
    expect(pointsOf(built[1].query(0, 0, 0, d.width, d.height))).toBe(3000); // B's, kept for its line
    expect(pointsOf(await service.query(0, 0, 0, d.width, d.height))).toBe(3000);
    await service.setColumns(1, cols(d.severity.slice()));
    await service.loadFiltered(1, all, d.width, d.height, 'B'); // B again, same points: its kept tree, nothing built
    expect(built).toHaveLength(3);
    expect(pointsOf(built[2].query(0, 0, 0, d.width, d.height))).toBe(3000); // A's second tree, still kept
  });

  it('release empties an index and detaches its arrays (the input too when asked)', () => {
    const d = trackDataset(2000, 8);
    const input = { ...d, xs: d.xs.slice(), ys: d.ys.slice(), severity: d.severity.slice() };
    const index = buildClusterIndex(input);
    index.release(true);
    expect(input.xs.byteLength).toBe(0);
    expect(index.query(5, 0, 0, d.width, d.height).count).toBe(0);
    expect(index.nearest(d.xs[0], d.ys[0], 10)).toBe(-1);
  });
});
