// 'Tout' tab: every point under the status filter (a follow-up filter, and a dashboard age bar's filter shown as a chip), newest first,
// virtualised (details of the visible rows only).
import { PointList } from '../points/PointList';
import { useFilteredSlots } from './useSidebarData';
import { AgeFilterChip } from './AgeFilterChip';
import { FollowFilterChips } from './FollowFilterChips';
import { SIDEBAR_TEXT as T } from './strings';

export function AllPointsPanel({ onPicked }: { onPicked?: () => void }) {
  const slots = useFilteredSlots();
  return (
    <>
      <FollowFilterChips />
      <AgeFilterChip count={slots.length} />
      {slots.length === 0 ? <p className="empty-text">{T.noPoints}</p> : <PointList slots={slots} ariaLabel={T.allPoints} onPicked={onPicked} />}
    </>
  );
}
