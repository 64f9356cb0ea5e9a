// 'Tout' tab: every point under the status filter, newest first, virtualised (details of the visible rows only).
import { PointList } from '../points/PointList';
import { useFilteredSlots } from './useSidebarData';
import { SIDEBAR_TEXT as T } from './strings';

export function AllPointsPanel({ onPicked }: { onPicked?: () => void }) {
  const slots = useFilteredSlots();
  if (slots.length === 0) return <p className="empty-text">{T.noPoints}</p>;
  return <PointList slots={slots} ariaLabel={T.allPoints} onPicked={onPicked} />;
}
