// The points as the sidebar's lists show them (warm line switch). On a line switch the map shows the new
// line in the click's own render and the lists (status counts, rows, zone and team groups) follow in a deferred
// render: until then they keep the last snapshot they showed, index, newest-first order and zones together (never
// one line's slots read against another line's index), marked `stale`: the rows naming points or zones are not
// drawn meanwhile (never a point of the line left under the new line's name). The same holds, unmarked, when a
// line's index is replaced by another object (a cold load adopting the index its worker built): the
// lists' passes over a million points then run in their own render, not in the map's task. Within one index object
// every change shows at once, as before (the index is mutated in place: an older snapshot of it would be stale).
// One provider computes it for all.
import { createContext, useContext, useDeferredValue, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import type { Zone } from '../../core/types';
import { newestOrderAtom, pointIndexAtom, type PointIndexSnapshot } from '../../state/pointIndex';
import { zonesAtom } from '../../state/tables';

export interface ListPoints { snap: PointIndexSnapshot; order: Int32Array; zones: Zone[]; stale?: boolean }

const ListPointsContext = createContext<ListPoints | null>(null);
const lineOf = (s: PointIndexSnapshot) => s.line ?? null;

export function ListPointsProvider({ children }: { children: ReactNode }) {
  const snap = useAtomValue(pointIndexAtom);
  const order = useAtomValue(newestOrderAtom);
  const zones = useAtomValue(zonesAtom);
  const now = useMemo<ListPoints>(() => ({ snap, order, zones }), [snap, order, zones]);
  // An index object left is never changed again (the new one is the one changed), so its last snapshot stays whole.
  const followed = useDeferredValue(snap.index);
  const shown = useRef<ListPoints>(now);
  const lagging = followed !== snap.index && shown.current.snap.index === followed;
  const base = lagging ? shown.current : now;
  const value = lagging && lineOf(base.snap) !== lineOf(snap) ? staleOf(base) : base;
  useLayoutEffect(() => { shown.current = base; }, [base]);
  return <ListPointsContext.Provider value={value}>{children}</ListPointsContext.Provider>;
}

const staleCopies = new WeakMap<ListPoints, ListPoints>();
function staleOf(v: ListPoints): ListPoints {
  let s = staleCopies.get(v);
  if (!s) { s = { ...v, stale: true }; staleCopies.set(v, s); }
  return s;
}

/** The sidebar's points (inside <ListPointsProvider>). */
export function useListPoints(): ListPoints {
  const v = useContext(ListPointsContext);
  if (!v) throw new Error('useListPoints outside <ListPointsProvider>');
  return v;
}
