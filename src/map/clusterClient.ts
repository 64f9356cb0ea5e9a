// Main-thread side of the cluster worker: loads the map's points (the index's columns once per data version, then
// a filter's pass table; or typed arrays, transferred, not cloned), asks for one level's frame in a bbox with at most
// one query in flight (the latest request wins) and fetches a cluster's leaves.
import * as Comlink from 'comlink';
import type { ClusterColumns, ClusterFrame, Coords } from '../core/cluster/types';
import type { MapPointArrays } from './pointData';
import { columnsTransferables, type ClusterLoadResult, type ClusterWorkerApi } from '../core/cluster/workerApi';
import { createClusterService } from '../core/cluster/service';
import { hostWorker } from '../platform/workerHost';

/** What the engine needs of the worker API (workers/cluster.worker.ts, src/core/cluster/workerApi.ts). */
export type ClusterSource = Pick<ClusterWorkerApi, 'load' | 'setColumns' | 'loadFiltered' | 'query' | 'leaves'>;

/** How long a set of columns given back by the worker is kept for reuse. */
const SPARE_KEEP_MS = 5_000;

export interface FrameRequest { level: number; minX: number; minY: number; maxX: number; maxY: number }

export class ClusterClient {
  private generation = 0;
  private loading: Promise<ClusterLoadResult | null> = Promise.resolve(null);
  private inFlight = false;
  private pending: FrameRequest | null = null;
  private host: { terminate(): void } | null;
  /** The columns last sent (their key and id), or null. */
  private sent: { key: object; id: number } | null = null;
  private columnsId = 0;
  /** The set of columns the worker gave back when it took newer ones: the next set is written into it, for a while. */
  private spare: ClusterColumns | null = null;
  private spareTimer: ReturnType<typeof setTimeout> | undefined;
  /** Called with each fresh frame (stale answers of an older load are dropped). */
  onFrame: ((frame: ClusterFrame, request: FrameRequest) => void) | null = null;

  /** `host`: the worker host behind `api` (calls go through Comlink, so arrays are transferred), or null for a direct API. */
  constructor(private api: ClusterSource, host: { terminate(): void } | null = null) {
    this.host = host;
  }

  /** Replaces the indexed points. The arrays are transferred to the worker: do not use them afterwards.
   * `line`: the points' line; the worker then keeps the last lines' trees and reuses one for the same points. */
  load(xs: Coords, ys: Coords, severity: Uint8Array, width: number, height: number, line?: string): Promise<ClusterLoadResult | null> {
    const t = <A extends Coords | Uint8Array>(a: A): A => (this.host ? Comlink.transfer(a, [a.buffer as ArrayBuffer]) : a);
    return this.loaded(() => this.api.load(t(xs), t(ys), t(severity), width, height, line));
  }

  /** Replaces the indexed points with the map's points: through their columns when they have them (sent only when
   * their key changed, so a filter change sends 3 bytes), else as arrays. */
  loadPoints(points: Pick<MapPointArrays, 'clusterInput' | 'columns'>, width: number, height: number, line?: string): Promise<ClusterLoadResult | null> {
    const cols = points.columns;
    if (!cols) {
      const input = points.clusterInput();
      return this.load(input.xs, input.ys, input.severity, width, height, line);
    }
    const send = () => {
      const id = ++this.columnsId;
      this.sent = { key: cols.key, id };
      const into = this.spare;
      this.spare = null;
      void this.api.setColumns(id, this.transferred(cols.make(into)))
        .then((back) => this.keepSpare(back))
        .catch(() => {}); // a failure shows in loadFiltered
      return id;
    };
    return this.loaded(() => {
      const id = this.sent?.key === cols.key ? this.sent.id : send();
      return this.api.loadFiltered(id, cols.pass, width, height, line).catch(() => {
        // The worker lost them (restarted, or fell back to the main thread): send them again, once.
        if (this.sent?.id === id) this.sent = null;
        return this.api.loadFiltered(send(), cols.pass, width, height, line);
      });
    });
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

  /** Runs `start` after the load in progress, unless a newer load came meanwhile (it then resolves to null): a burst
   * of changes (filter chips clicked in a row, a load's pages) builds the first and the last, not each in turn. */
  private loaded(start: () => Promise<ClusterLoadResult>): Promise<ClusterLoadResult | null> {
    const gen = ++this.generation;
    const done = this.loading.then(() => (gen === this.generation ? start() : null)).catch((e) => { console.error('cluster load failed', e); return null; });
    this.loading = done;
    void done.then(() => { if (gen === this.generation) this.flush(); });
    return done;
  }

  private transferred(c: ClusterColumns): ClusterColumns {
    return this.host ? Comlink.transfer(c, columnsTransferables(c)) : c;
  }

  /** Keeps a set given back for the next data version (a load's pages, live changes), dropped after a quiet while so
   * a map at rest does not hold a second copy (10 MB at 1M points). */
  private keepSpare(back: ClusterColumns | null): void {
    if (!back) return;
    this.spare = back;
    clearTimeout(this.spareTimer);
    this.spareTimer = setTimeout(() => { this.spare = null; }, SPARE_KEEP_MS);
  }

  dispose(): void {
    this.onFrame = null;
    clearTimeout(this.spareTimer);
    this.spare = null;
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
