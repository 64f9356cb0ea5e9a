// The object the cluster worker exposes, also usable as is on the main thread when Worker is unavailable
// (same async API, no copies): `createClusterService()` there, `createClusterService({ transfer: Comlink.transfer })` in the worker.
// A load naming its line goes through the per-line tree cache (./treeCache): switching back to a line shown lately
// reuses its tree when its points are the same (issue 20).
import { buildClusterIndex, emptyFrame } from './clusterIndex';
import { LEVEL_COUNT } from './levels';
import { createTreeCache } from './treeCache';
import type { ClusterIndex } from './types';
import { frameTransferables, type ClusterWorkerApi, type TransferFn } from './workerApi';

const keep: TransferFn = (value) => value;

export function createClusterService(options: { transfer?: TransferFn } = {}): ClusterWorkerApi {
  const transfer = options.transfer ?? keep;
  let index: ClusterIndex | null = null;
  const trees = createTreeCache();
  return {
    async load(xs, ys, severity, width, height, line) {
      index = null; // let the old index be collected before building the new one
      const input = { xs, ys, severity, width, height };
      const got = line ? trees.get(line, input, buildClusterIndex) : { index: buildClusterIndex(input), hit: false };
      index = got.index;
      const { buildMs, count, levelCounts } = index.stats;
      return { buildMs: got.hit ? 0 : buildMs, count, levelCounts, cached: got.hit };
    },

    async query(level, minX, minY, maxX, maxY) {
      const frame = index ? index.query(level, minX, minY, maxX, maxY) : emptyFrame(level);
      return transfer(frame, frameTransferables(frame));
    },
    async leaves(clusterId, limit) {
      const leaves = index ? index.leaves(clusterId, limit) : new Uint32Array(0);
      return transfer(leaves, [leaves.buffer as ArrayBuffer]);
    },
    async expansionLevel(clusterId) {
      return index ? index.expansionLevel(clusterId) : LEVEL_COUNT;
    },
    async nearest(x, y, radius) {
      return index ? index.nearest(x, y, radius) : -1;
    },
  };
}
