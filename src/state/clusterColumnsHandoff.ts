// Cluster columns made with a line's index by the point-index API (src/core/cluster/columns.ts), handed from the load
// that adopts the index to the map that sends its points to the cluster worker (src/map/pointData.ts). The session
// owns one offered set at a time and releases it when the map takes it, when another set is offered, when another
// index is shown (pointIndexAtom: a line switch, a reload) and at sign-out: no second copy of the points is held for
// an index no map shows.
import type { ClusterColumns } from '../core/cluster/types';
import { columnsFit } from '../core/cluster/columns';
import { definePart } from '../core/session/scope';
import { currentSession } from '../data/currentSession';
import { pointIndexAtom } from './pointIndex';
import { store } from './store';

interface Handoff { offer: { index: object; columns: ClusterColumns } | null; release: () => void }

const handoffPart = definePart('clusterColumnsHandoff', (): Handoff => {
  const h: Handoff = { offer: null, release: () => undefined };
  h.release = store.sub(pointIndexAtom, () => {
    if (h.offer && store.get(pointIndexAtom).index !== h.offer.index) h.offer = null;
  });
  return h;
}, (h) => { h.offer = null; h.release(); });

/** Offers `columns` for `index`'s points (releasing any set offered before). */
export function offerClusterColumns(index: object, columns: ClusterColumns | undefined): void {
  currentSession().part(handoffPart).offer = columns ? { index, columns } : null;
}

/** The set offered for `index` if it holds `count` slots (taken: asked once), else null (a set too small is dropped). */
export function takeClusterColumns(index: object, count: number): ClusterColumns | null {
  const h = currentSession().part(handoffPart);
  const got = h.offer;
  if (!got || got.index !== index) return null;
  h.offer = null;
  return columnsFit(got.columns, count) ? got.columns : null;
}
