// 'en attente' / 'conflit' / 'échec' mark of a point with a change still in the outbox (sidebar rows, sheets).
import { useAtomValue } from 'jotai';
import { pendingByPointAtom } from '../../state/offline/atoms';
import { OFFLINE_UI as T } from './strings';

export function PendingBadge({ pointId }: { pointId: string }) {
  const state = useAtomValue(pendingByPointAtom).get(pointId);
  if (!state) return null;
  const text = state === 'conflict' ? T.conflictBadge : state === 'failed' ? T.failedBadge : T.pendingBadge;
  return <span className={`badge pending-badge pending-${state}`}>{text}</span>;
}
