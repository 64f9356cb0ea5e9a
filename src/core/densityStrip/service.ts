// The density strip's worker API (workers/densityStrip.worker.ts): bins the columns it is given (copies handed over,
// freed at once after the pass: the worker keeps no copy of the points, not even as garbage) and transfers the cells
// back. Also the main-thread fallback.
import { binOpenPoints, type DensityBins, type DensityInput } from './bins';
import { releaseBuffers } from '../releaseBuffers';

/** The columns are the caller's throwaway copies: they are detached once binned. */
export interface DensityService { bin(input: DensityInput & { km: Float64Array; status: Uint8Array; crit: Uint8Array }): DensityBins }

export function createDensityService(opts: { transfer?: <T>(value: T, buffers: Transferable[]) => T } = {}): DensityService {
  return {
    bin(input) {
      const bins = binOpenPoints(input);
      releaseBuffers([input.km.buffer, input.status.buffer, input.crit.buffer]);
      return opts.transfer ? opts.transfer(bins, [bins.counts.buffer, bins.worst.buffer, bins.worstCount.buffer] as ArrayBuffer[]) : bins;
    },
  };
}
