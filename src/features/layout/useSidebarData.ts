// Memoised sidebar data: status counts, filtered points, zone and team groupings, recomputed only when the
// loaded arrays change (not on every render, not on a filter change).
import { useDeferredValue, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { pointsAtom, teamsAtom, zonesAtom } from '../../state/data';
import { statusFilterAtom } from '../../state/filters';
import { filterByStatus, groupByTeam, groupByZone, statusCounts } from '../../core/sidebarLists';

export function useStatusCounts() {
  const points = useAtomValue(pointsAtom);
  return useMemo(() => statusCounts(points), [points]);
}

export function useFilteredPoints() {
  const points = useAtomValue(pointsAtom);
  // Deferred: the chip highlights at once, the long list follows.
  const filter = useDeferredValue(useAtomValue(statusFilterAtom));
  return useMemo(() => filterByStatus(points, filter), [points, filter]);
}

export function useZoneGrouping() {
  const points = useAtomValue(pointsAtom);
  const zones = useAtomValue(zonesAtom);
  return useMemo(() => groupByZone(points, zones), [points, zones]);
}

export function useTeamGrouping() {
  const points = useAtomValue(pointsAtom);
  const teams = useAtomValue(teamsAtom);
  return useMemo(() => groupByTeam(points, teams), [points, teams]);
}
