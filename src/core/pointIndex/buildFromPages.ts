// A line's index built from its precomputed pages in the point-index API: one index sized once (a line's pages hold
// disjoint ids: no lookup per point), the seed (what the map shows already) appended last, the newest-first order.
import { appendPage, createPointIndex, pageBuffers } from './store';
import { newestFirstOrder } from './queries';
import { earliest } from './readingTimes';
import type { PointColumns, PointIndex, PointIndexPage } from './types';
import type { IndexViews } from './queries';
import type { ClusterColumns } from '../cluster/types';
import { columnsTransferables } from '../cluster/workerApi';

/** An index made by the point-index API (built or restored), with its order, the map's cluster columns and views. */
export interface ReadyIndex { index: PointIndex; order: Int32Array; cluster?: ClusterColumns; views?: IndexViews }

/** A built index and the earliest reading time of its pages (every change committed before it is in the index). */
export interface BuiltIndex extends ReadyIndex { asOf: string | null }

export interface BuildRequest {
  /** Page ranges [from, to) still to read, `concurrency` calls at a time. */
  ranges: [number, number][];
  concurrency: number;
  /** Expected points (the first answer's total), to size the columns once. */
  total: number;
  /** Points already known (appended last, with lookups: a newer row wins). */
  seed: PointColumns | null;
}

/** Builds the index; `fetchPages` reads pages [from, to) of the line (decoded). */
export async function buildIndexFromPages(
  req: BuildRequest,
  fetchPages: (from: number, to: number) => Promise<{ pages: PointIndexPage[] }>,
): Promise<BuiltIndex> {
  const ix = createPointIndex(Math.max(16, req.total + (req.seed?.count ?? 0)));
  let asOf: string | null = null;
  const take = (p: PointIndexPage) => {
    appendPage(ix, p, true);
    asOf = earliest(p.asOf, asOf);
  };
  const ranges = [...req.ranges];
  const lanes = Array.from({ length: Math.max(1, req.concurrency) }, async () => {
    for (let r = ranges.shift(); r; r = ranges.shift()) (await fetchPages(r[0], r[1])).pages.forEach(take);
  });
  await Promise.all(lanes);
  if (req.seed?.count) appendPage(ix, req.seed);
  return { index: ix, order: newestFirstOrder(ix), asOf };
}

/** The transferable buffers of a ready index: its columns, id hash, order, cluster columns and views. */
export function builtBuffers(b: ReadyIndex): ArrayBuffer[] {
  const own = [...pageBuffers(b.index), b.index.lookup.buffer as ArrayBuffer, b.order.buffer as ArrayBuffer];
  const views = b.views ? [b.views.listSlots.buffer as ArrayBuffer, b.views.placed.buffer as ArrayBuffer] : [];
  return [...own, ...views, ...(b.cluster ? columnsTransferables(b.cluster) : [])];
}
