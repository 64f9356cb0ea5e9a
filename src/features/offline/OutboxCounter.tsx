// The header's outbox counter ('2 en attente', and apart '1 conflit' when changes need the user), opening the outbox panel.
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
  const waiting = items.length - conflicts;
  const text = [conflicts ? T.conflictCount(conflicts) : '', waiting ? T.pendingCount(waiting) : ''].filter(Boolean).join(' · ');
  return (
    <button type="button" className={`btn btn-ghost outbox-counter ${conflicts ? 'outbox-counter-alert' : ''}`} onClick={() => open(true)}
      aria-label={text} data-testid="outbox-counter">
      {conflicts ? <TriangleAlert size={18} aria-hidden="true" /> : <CloudUpload size={18} aria-hidden="true" className={replaying ? 'pulse' : ''} />}
      <span className="outbox-counter-text">{text}</span>
    </button>
  );
}
