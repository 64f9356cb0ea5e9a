// Cluster columns made with a line's index in the point-index worker (src/core/cluster/columns.ts), handed from the
// load that adopts the index to the map that sends its points to the cluster worker (src/map/pointData.ts). Kept per
// index object, weakly, and for a short while only: a map not shown then does not hold a second copy of the points
// (10 MB at 1M).
import type { ClusterColumns } from '../core/cluster/types';
import { columnsFit } from '../core/cluster/columns';

/** How long an offered set waits for the map. */
export const HANDOFF_KEEP_MS = 5_000;

const offered = new WeakMap<object, { columns: ClusterColumns; timer: ReturnType<typeof setTimeout> }>();

/** Offers `columns` for `index`'s points (replacing an earlier offer). */
export function offerClusterColumns(index: object, columns: ClusterColumns | undefined): void {
  if (!columns) return;
  clearTimeout(offered.get(index)?.timer);
  const timer = setTimeout(() => { if (offered.get(index)?.columns === columns) offered.delete(index); }, HANDOFF_KEEP_MS);
  offered.set(index, { columns, timer });
}

/** The set offered for `index` if it holds `count` slots (taken: asked once), else null (a set too small is dropped). */
export function takeClusterColumns(index: object, count: number): ClusterColumns | null {
  const got = offered.get(index);
  if (!got) return null;
  offered.delete(index);
  clearTimeout(got.timer);
  return columnsFit(got.columns, count) ? got.columns : null;
}
