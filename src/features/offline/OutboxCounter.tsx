// The header's outbox counter ('3 en attente', or the conflicts), opening the outbox panel.
import { useAtomValue, useSetAtom } from 'jotai';
import { CloudUpload, TriangleAlert } from 'lucide-react';
import { outboxItemsAtom, outboxPanelOpenAtom, replayingAtom } from '../../state/offline/atoms';
import { OFFLINE_UI as T } from './strings';

export function OutboxCounter() {
  const items = useAtomValue(outboxItemsAtom);
  const replaying = useAtomValue(replayingAtom);
  const open = useSetAtom(outboxPanelOpenAtom);
  if (!items.length) return null;
  const conflicts = items.filter((i) => i.state === 'conflict' || i.state === 'failed').length;
  return (
    <button type="button" className={`btn btn-ghost outbox-counter ${conflicts ? 'outbox-counter-alert' : ''}`} onClick={() => open(true)}
      aria-label={`${T.pendingCount(items.length)}${conflicts ? `, ${T.conflictCount(conflicts)}` : ''}`} data-testid="outbox-counter">
      {conflicts ? <TriangleAlert size={18} aria-hidden="true" /> : <CloudUpload size={18} aria-hidden="true" className={replaying ? 'pulse' : ''} />}
      <span className="outbox-counter-text">{T.pendingCount(items.length)}</span>
    </button>
  );
}
