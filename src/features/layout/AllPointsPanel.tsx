// 'Tout' tab: every point under the status filter (a follow-up filter, a dashboard age bar's or supervisor row's filter, shown as a chip), newest first,
// virtualised (details of the visible rows only). Once a bulk change is written, its selection keeps only the points
// the list still shows (resolved points leave the open ones).
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { bulkOutcomeAtom } from '../../state/bulk';
import { PointList } from '../points/PointList';
import { keepSelectionListed } from '../../state/bulkActions';
import { useListPoints } from './ListPoints';
import { useFilteredSlots } from './useSidebarData';
import { AgeFilterChip } from './AgeFilterChip';
import { FollowFilterChips } from './FollowFilterChips';
import { SupervisorFilterChip } from './SupervisorFilterChip';
import { SIDEBAR_TEXT as T } from './strings';
import { useEmptyListText } from './useEmptyListText';

export function AllPointsPanel({ onPicked }: { onPicked?: () => void }) {
  const slots = useFilteredSlots();
  const list = useListPoints();
  const outcome = useAtomValue(bulkOutcomeAtom);
  const empty = useEmptyListText();
  const shown = useRef({ slots, list });
  shown.current = { slots, list };
  useEffect(() => {
    const { slots: now, list: of } = shown.current;
    if (outcome && !of.stale) keepSelectionListed(now, of.snap.index);
  }, [outcome, slots]);
  return (
    <>
      <FollowFilterChips />
      <AgeFilterChip count={slots.length} />
      <SupervisorFilterChip count={slots.length} />
      {slots.length === 0 ? <p className="empty-text">{empty}</p> : <PointList slots={slots} ariaLabel={T.allPoints} onPicked={onPicked} />}
    </>
  );
}
