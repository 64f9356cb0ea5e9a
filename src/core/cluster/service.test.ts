import { describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { nearestLinear } from '../nearestPoint';
import { buildClusterIndex } from './clusterIndex';
import { createClusterService } from './service';
import type { ClusterFrame } from './types';
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
});
