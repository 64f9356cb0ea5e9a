// Main-thread side of the cluster worker: loads typed arrays (transferred, not cloned), asks for one level's
// frame in a bbox with at most one query in flight (the latest request wins) and fetches a cluster's leaves.
import * as Comlink from 'comlink';
import type { ClusterFrame, Coords } from '../core/cluster/types';
import type { ClusterLoadResult, ClusterWorkerApi } from '../core/cluster/workerApi';
import { createClusterService } from '../core/cluster/service';
import { hostWorker } from '../platform/workerHost';

/** What the engine needs of the worker API (workers/cluster.worker.ts, src/core/cluster/workerApi.ts). */
export type ClusterSource = Pick<ClusterWorkerApi, 'load' | 'query' | 'leaves'>;

export interface FrameRequest { level: number; minX: number; minY: number; maxX: number; maxY: number }

export class ClusterClient {
  private generation = 0;
  private loading: Promise<ClusterLoadResult | null> = Promise.resolve(null);
  private inFlight = false;
  private pending: FrameRequest | null = null;
  private host: { terminate(): void } | null;
  /** Called with each fresh frame (stale answers of an older load are dropped). */
  onFrame: ((frame: ClusterFrame, request: FrameRequest) => void) | null = null;

  /** `host`: the worker host behind `api` (calls go through Comlink, so arrays are transferred), or null for a direct API. */
  constructor(private api: ClusterSource, host: { terminate(): void } | null = null) {
    this.host = host;
  }

  /** Replaces the indexed points. The arrays are transferred to the worker: do not use them afterwards.
   * `line`: the points' line; the worker then keeps the last lines' trees and reuses one for the same points. */
  load(xs: Coords, ys: Coords, severity: Uint8Array, width: number, height: number, line?: string): Promise<ClusterLoadResult | null> {
    const gen = ++this.generation;
    const t = <A extends Coords | Uint8Array>(a: A): A => (this.host ? Comlink.transfer(a, [a.buffer as ArrayBuffer]) : a);
    this.loading = this.api.load(t(xs), t(ys), t(severity), width, height, line).catch((e) => { console.error('cluster load failed', e); return null; });
    const done = this.loading;
    void done.then(() => { if (gen === this.generation) this.flush(); });
    return done;
  }

  /** Ask for a frame; if one is in flight the newest request replaces any waiting one. */
  request(req: FrameRequest): void {
    this.pending = req;
    this.flush();
  }

  async leaves(clusterId: number): Promise<number[]> {
    await this.loading;
    return Array.from(await this.api.leaves(clusterId));
  }

  dispose(): void {
    this.onFrame = null;
    this.generation++;
    this.host?.terminate();
    this.host = null;
  }

  private flush(): void {
    if (this.inFlight || !this.pending) return;
    const req = this.pending;
    this.pending = null;
    this.inFlight = true;
    const gen = this.generation;
    void this.loading
      .then(() => this.api.query(req.level, req.minX, req.minY, req.maxX, req.maxY))
      .then((frame) => { if (gen === this.generation && frame) this.onFrame?.(frame, req); })
      .catch((e) => console.error('cluster query failed', e))
      .finally(() => { this.inFlight = false; this.flush(); });
  }
}

/** The app's cluster worker (src/platform/workerHost); the same service on the main thread if the worker cannot start. */
export function createClusterWorkerClient(): ClusterClient {
  const host = hostWorker<ClusterWorkerApi>({
    create: () => new Worker(new URL('../../workers/cluster.worker.ts', import.meta.url), { type: 'module' }),
    fallback: () => createClusterService(),
    onFallback: (reason) => console.warn('cluster worker unavailable: clustering on the main thread', reason),
  });
  return new ClusterClient(host.api as unknown as ClusterSource, host);
}
