// The outbox panel: every waiting change with its state (en attente, envoi en cours, échec with its reason,
// conflit with both versions), retry or discard, and what was sent during this session.
import { useAtom, useAtomValue } from 'jotai';
import { RotateCw, Send, Trash2 } from 'lucide-react';
import { Button, Dialog } from '../../ui';
import { formatDateTimeFr } from '../../core/format';
import type { OutboxItem } from '../../core/outbox/types';
import { offlineAtom, outboxItemsAtom, outboxPanelOpenAtom, recentlySentAtom, replayingAtom } from '../../state/offline/atoms';
import { discardItem, retryItem } from '../../state/offline/queue';
import { replayOutbox } from '../../state/offline/replay';
import { itemName, OFFLINE_TEXT } from '../../state/offline/strings';
import { ConflictView } from './ConflictView';
import { OFFLINE_UI as T } from './strings';

function ItemRow({ item }: { item: OutboxItem }) {
  const name = itemName(item);
  return (
    <li className={`outbox-item outbox-${item.state}`} data-testid="outbox-item">
      <div className="outbox-item-head">
        <span className="outbox-item-title">{OFFLINE_TEXT.opLabel[item.op.kind]} : {name}{item.photos.length ? ` (${T.photo})` : ''}</span>
        <span className={`badge outbox-state outbox-state-${item.state}`}>{T.state[item.state]}</span>
      </div>
      <span className="outbox-item-meta">{T.queuedAt(formatDateTimeFr(item.queuedAt))}</span>
      {item.state === 'failed' && <p className="field-error" role="alert">{item.error}</p>}
      {item.state === 'conflict' && <ConflictView item={item} />}
      {item.state === 'failed' && (
        <div className="outbox-item-actions">
          <Button size="sm" icon={<RotateCw size={16} aria-hidden="true" />} onClick={async () => { await retryItem(item.id); void replayOutbox(); }}>{T.retry}</Button>
          <Button size="sm" variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => void discardItem(item.id)}>{T.discard}</Button>
        </div>
      )}
    </li>
  );
}

export function OutboxPanel() {
  const [open, setOpen] = useAtom(outboxPanelOpenAtom);
  const items = useAtomValue(outboxItemsAtom);
  const sent = useAtomValue(recentlySentAtom);
  const offline = useAtomValue(offlineAtom);
  const replaying = useAtomValue(replayingAtom);
  if (!open) return null;
  return (
    <Dialog open onOpenChange={setOpen} title={T.outboxTitle} size="md" className="outbox-dialog" dismissOnOutsideClick
      footer={
        <>
          <Button onClick={() => setOpen(false)}>{T.close}</Button>
          {items.length > 0 && (
            <Button variant="primary" icon={<Send size={16} aria-hidden="true" />} disabled={offline || replaying} busy={replaying} onClick={() => void replayOutbox()}>
              {replaying ? T.sending : T.sendNow}
            </Button>
          )}
        </>
      }>
      {items.length === 0 ? <p>{T.outboxEmpty}</p> : (
        <ul className="outbox-list">{[...items].sort((a, b) => a.seq - b.seq).map((i) => <ItemRow key={i.id} item={i} />)}</ul>
      )}
      {sent.length > 0 && (
        <>
          <h3 className="outbox-sent-title">{T.sentTitle}</h3>
          <ul className="outbox-list outbox-sent">
            {sent.map((s) => (
              <li key={s.id} className="outbox-item outbox-sent-item">
                <span className="outbox-item-title">{s.label}</span>
                <span className="badge outbox-state outbox-state-sent">{T.sent}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
