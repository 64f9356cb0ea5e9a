// The density strip's worker API (workers/densityStrip.worker.ts): bins the columns it is given (transferred in, dropped
// after the pass: the worker keeps no copy of the points) and transfers the cells back. Also the main-thread fallback.
import { binOpenPoints, type DensityBins, type DensityInput } from './bins';

export interface DensityService { bin(input: DensityInput): DensityBins }

export function createDensityService(opts: { transfer?: <T>(value: T, buffers: Transferable[]) => T } = {}): DensityService {
  return {
    bin(input) {
      const bins = binOpenPoints(input);
      return opts.transfer ? opts.transfer(bins, [bins.counts.buffer, bins.worst.buffer, bins.worstCount.buffer] as ArrayBuffer[]) : bins;
    },
  };
}
