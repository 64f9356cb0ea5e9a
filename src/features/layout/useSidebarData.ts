// Memoised sidebar data from the point index: status counts, the filtered newest-first slots, zone and team
// groupings (counts per status), recomputed only when the index, the order or the zones change. Linear passes
// over typed arrays (a few ms at 1M points); the long list follows the filter through useDeferredValue, and a line
// switch through ./ListPoints (the points as the lists show them).
import { useDeferredValue, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { teamsAtom } from '../../state/tables';
import { statusFilterAtom } from '../../state/filters';
import { countsOfSlots, filterSlots, indexStatusCounts, indexTeamCounts, passes, slotsInPolygon } from '../../core/pointIndex/queries';
import type { StatusFilter, StatusCounts } from '../../core/sidebarLists';
import { NO_TEAM_KEY } from '../../core/sidebarLists';
import { listAgeFilterAtom } from '../../state/listAgeFilter';
import { followFilterAtom } from '../../state/followFilter';
import { supervisorListAtom } from '../../state/supervisorList';
import { slotsWithIds } from '../../core/followUp/followFilter';
import { ageFilterSlots } from '../../core/dashboard/ageFilter';
import { useListPoints } from './ListPoints';
import { keptResults } from '../../core/keptResults';
import type { PointIndexSnapshot } from '../../state/pointIndex';

export function useStatusCounts(): StatusCounts {
  const { snap } = useListPoints();
  return useMemo(() => snap.views?.counts ?? indexStatusCounts(snap.index), [snap]);
}

/** The last two status filters' slots of each newest-first order (one order per data version): going back to the
 * previous filter is free (no pass over the whole order). Keyed by the snapshot too: the index
 * is published before its new order, and is changed in place. */
const keptSlots = keptResults<Int32Array, { snap: PointIndexSnapshot; filter: StatusFilter }, Int32Array>({
  size: 2,
  current: (kept, asked) => kept.snap === asked.snap,
  same: (kept, asked) => kept.filter === asked.filter,
});
export function filterSlotsKept(snap: PointIndexSnapshot, order: Int32Array, filter: StatusFilter): Int32Array {
  const views = snap.views;
  return keptSlots.get(order, { snap, filter }, () => (views?.order === order && views.filter === filter ? views.listSlots : filterSlots(snap.index, order, filter)));
}

/** Slots passing the status filter (the follow-up filter, the age filter of a dashboard bar and the supervisor view's
 * filter, if any), newest first. */
export function useFilteredSlots(): Int32Array {
  const { snap, order } = useListPoints();
  // Deferred: the chip highlights at once, the long list follows.
  const filter = useDeferredValue(useAtomValue(statusFilterAtom));
  const age = useAtomValue(listAgeFilterAtom);
  const follow = useAtomValue(followFilterAtom);
  const supervisor = useAtomValue(supervisorListAtom);
  return useMemo(() => {
    const slots = age ? ageFilterSlots(snap.index, order, filter, age) : filterSlotsKept(snap, order, filter);
    const followed = follow?.status === 'ready' ? slotsWithIds(snap.index, slots, follow.ids) : slots;
    return supervisor?.status === 'ready' ? slotsWithIds(snap.index, followed, supervisor.ids) : followed;
  }, [snap, order, filter, age, follow, supervisor]);
}

export interface SlotGrouping { counts: Map<string, StatusCounts>; member: (key: string) => ((slot: number) => boolean) }

export function useZoneGrouping(): SlotGrouping {
  const { snap, zones } = useListPoints();
  return useMemo(() => {
    const ix = snap.index;
    const counts = new Map<string, StatusCounts>();
    const masks = new Map<string, Uint8Array>();
    for (const z of zones) {
      const slots = slotsInPolygon(ix, z.points);
      counts.set(z.id, countsOfSlots(ix, slots));
      const mask = new Uint8Array(ix.count);
      for (let k = 0; k < slots.length; k++) mask[slots[k]] = 1;
      masks.set(z.id, mask);
    }
    return { counts, member: (key) => { const m = masks.get(key); return (s) => !!m && m[s] === 1; } };
  }, [snap, zones]);
}

export function useTeamGrouping(): SlotGrouping {
  const { snap } = useListPoints();
  const teams = useAtomValue(teamsAtom);
  return useMemo(() => {
    const ix = snap.index;
    const known = new Set(teams.map((t) => t.id));
    const counts = new Map<string, StatusCounts>();
    for (const [teamId, c] of indexTeamCounts(ix)) {
      const key = teamId && known.has(teamId) ? teamId : NO_TEAM_KEY;
      const prev = counts.get(key);
      counts.set(key, prev ? { signale: prev.signale + c.signale, pris_en_charge: prev.pris_en_charge + c.pris_en_charge, resolu: prev.resolu + c.resolu } : c);
    }
    const codeOf = new Map(ix.teamKeys.map((k, i) => [k, i + 1]));
    return {
      counts,
      member: (key) => {
        if (key !== NO_TEAM_KEY) { const code = codeOf.get(key) ?? -1; return (s) => ix.team[s] === code; }
        return (s) => { const t = ix.team[s]; return t === 0 || !known.has(ix.teamKeys[t - 1]); };
      },
    };
  }, [snap, teams]);
}

/** The newest-first slots of one group under the filter. */
export function useGroupSlots(g: SlotGrouping, key: string | null, filter: StatusFilter): Int32Array {
  const { snap, order } = useListPoints();
  return useMemo(() => {
    if (!key) return new Int32Array(0);
    const ix = snap.index;
    const inGroup = g.member(key);
    const out = new Int32Array(order.length);
    let n = 0;
    for (let k = 0; k < order.length; k++) { const s = order[k]; if (s < ix.count && inGroup(s) && passes(ix.status[s], filter)) out[n++] = s; }
    return out.slice(0, n);
  }, [snap, order, g, key, filter]);
}
