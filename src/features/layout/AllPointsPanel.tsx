// 'Tout' tab: every point under the status filter, newest first, virtualised.
import { PointList } from '../points/PointList';
import { useFilteredPoints } from './useSidebarData';
import { SIDEBAR_TEXT as T } from './strings';

export function AllPointsPanel({ onPicked }: { onPicked?: () => void }) {
  const points = useFilteredPoints();
  if (points.length === 0) return <p className="empty-text">{T.noPoints}</p>;
  return <PointList points={points} ariaLabel={T.allPoints} onPicked={onPicked} />;
}
