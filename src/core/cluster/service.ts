// The object the cluster worker exposes, also usable as is on the main thread when Worker is unavailable
// (same async API, no copies): `createClusterService()` there, `createClusterService({ transfer: Comlink.transfer })` in the worker.
// A load naming its line goes through the per-line tree cache (./treeCache): switching back to a line shown lately
// reuses its tree when its points are the same. A tree neither shown nor kept is freed at once, with the input
// arrays the service made for it: a worker at rest may not collect its garbage for minutes.
import { buildClusterIndex, emptyFrame } from './clusterIndex';
import { LEVEL_COUNT } from './levels';
import { createTreeCache } from './treeCache';
import type { ClusterColumns, ClusterIndex, ClusterInput } from './types';
import { placedSlots } from '../pointIndex/queries';
import { releaseBuffers } from '../releaseBuffers';
import { columnsTransferables, frameTransferables, type ClusterWorkerApi, type TransferFn } from './workerApi';

const keep: TransferFn = (value) => value;

/** `build`: how a tree is built (tests watch the trees through it). */
export function createClusterService(options: { transfer?: TransferFn; build?: typeof buildClusterIndex } = {}): ClusterWorkerApi {
  const transfer = options.transfer ?? keep;
  const build = options.build ?? buildClusterIndex;
  let index: ClusterIndex | null = null;
  let columns: { id: number; cols: ClusterColumns } | null = null;
  const trees = createTreeCache();
  let held = new Set<ClusterIndex>();
  const madeInput = new WeakSet<ClusterIndex>();
  const freeUnused = () => {
    const live = new Set(trees.indexes());
    if (index) live.add(index);
    for (const ix of held) if (!live.has(ix)) ix.release(madeInput.has(ix));
    held = live;
  };
  /** `made`: the input arrays were made here (not handed over by the caller), so they may be freed with the tree. */
  const load = (input: ClusterInput, line: string | undefined, made: boolean) => {
    index = null;
    const got = line ? trees.get(line, input, build) : { index: build(input), hit: false };
    index = got.index;
    if (made && got.hit) releaseBuffers([input.xs.buffer, input.ys.buffer, input.severity.buffer]);
    else if (made) madeInput.add(index);
    freeUnused();
    const { buildMs, count, levelCounts } = index.stats;
    return { buildMs: got.hit ? 0 : buildMs, count, levelCounts, cached: got.hit };
  };
  return {
    async load(xs, ys, severity, width, height, line) {
      return load({ xs, ys, severity, width, height }, line, false);
    },
    async setColumns(id, cols) {
      const replaced = columns?.cols ?? null;
      columns = { id, cols };
      return replaced && transfer(replaced, columnsTransferables(replaced));
    },
    async loadFiltered(id, pass, width, height, line) {
      if (!columns || columns.id !== id) throw new Error(`cluster columns ${id} are not loaded`);
      const { count, x, y, status, severity } = columns.cols;
      const slots = placedSlots(x, y, status, count, pass);
      const n = slots.length;
      const xs = new Float32Array(n), ys = new Float32Array(n), sev = new Uint8Array(n); // the index's precision
      for (let k = 0; k < n; k++) { const i = slots[k]; xs[k] = x[i]; ys[k] = y[i]; sev[k] = severity[i]; }
      return load({ xs, ys, severity: sev, width, height }, line, true);
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
