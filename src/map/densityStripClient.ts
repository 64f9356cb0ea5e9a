// Main-thread side of the density strip worker: sends copies of the point index's PK, status and criticality columns
// (transferred, so the worker holds them only during one pass), at most one pass in flight, the latest request wins.
// The worker starts when the strip is shown and ends when it is hidden (no worker, no memory while it is off).
import * as Comlink from 'comlink';
import type { PointIndex } from '../core/pointIndex/types';
import type { DensityBins } from '../core/densityStrip/bins';
import { createDensityService, type DensityService } from '../core/densityStrip/service';
import { hostWorker } from '../platform/workerHost';

export interface DensityRequest { index: PointIndex; counted: Uint8Array; rankOfCode: Uint8Array }

export class DensityStripClient {
  private host = hostWorker<DensityService>({
    create: () => new Worker(new URL('../../workers/densityStrip.worker.ts', import.meta.url), { type: 'module' }),
    fallback: () => createDensityService(),
    onFallback: (reason) => console.warn('density strip worker unavailable: binning on the main thread', reason),
  });
  private inFlight = false;
  private pending: DensityRequest | null = null;
  private disposed = false;
  /** Called with the cells of the latest request. */
  onBins: ((bins: DensityBins) => void) | null = null;

  request(req: DensityRequest): void {
    this.pending = req;
    this.flush();
  }

  dispose(): void {
    this.disposed = true;
    this.onBins = null;
    this.host.terminate();
  }

  private flush(): void {
    if (this.inFlight || !this.pending || this.disposed) return;
    const { index: ix, counted, rankOfCode } = this.pending;
    this.pending = null;
    this.inFlight = true;
    // Copies of the live columns (the index is mutated in place), read now, transferred to the worker.
    const km = ix.km.slice(0, ix.count);
    const status = ix.status.slice(0, ix.count);
    const crit = ix.crit.slice(0, ix.count);
    const input = { count: ix.count, km, status, crit, counted, rankOfCode: rankOfCode.slice() };
    void this.host.api.bin(Comlink.transfer(input, [km.buffer, status.buffer, crit.buffer]))
      .then((bins) => { if (!this.disposed && !this.pending) this.onBins?.(bins as DensityBins); })
      .catch((e) => { if (!this.disposed) console.error('density strip binning failed', e); })
      .finally(() => { this.inFlight = false; this.flush(); });
  }
}
