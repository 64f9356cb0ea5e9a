// The one write path of a batch: recorded in the outbox and shown at once, sent at once by the
// outbox's replay when the network is there, left queued otherwise (the same item is replayed when it returns).
import type { BulkGroup, BulkRow, BulkUpdateAnswer } from '../../core/bulk/plan';
import { bulkRepliesAtom } from '../bulk';
import { store } from '../store';
import { outboxItemsAtom } from './atoms';
import { queueBulk } from './bulkReplay';
import { discardItem } from './queue';
import { replayOutbox } from './replay';

export type BatchResult =
  | { kind: 'sent'; answer: BulkUpdateAnswer }
  /** On the device, waiting for the network (or for another tab's replay). */
  | { kind: 'queued'; rows: number }
  /** Refused by the server (reason in French): the batch is dropped and its rows show their former values. */
  | { kind: 'refused'; error: string };

export async function sendBatch(groups: BulkGroup[], before: BulkRow[]): Promise<BatchResult> {
  const rows = groups.reduce((n, g) => n + g.ids.length, 0);
  const item = await queueBulk(groups, before);
  if (!item) return { kind: 'sent', answer: { updated: [], unchanged: [], conflicts: [], missing: [] } };
  await replayOutbox();
  const replies = store.get(bulkRepliesAtom);
  const answer = replies.get(item.id);
  if (answer) {
    const rest = new Map(replies); rest.delete(item.id);
    store.set(bulkRepliesAtom, rest);
    return { kind: 'sent', answer };
  }
  const left = store.get(outboxItemsAtom).find((i) => i.id === item.id);
  if (left?.state === 'failed') {
    await discardItem(left.id);
    return { kind: 'refused', error: left.error ?? 'Refusé par le serveur.' };
  }
  return { kind: 'queued', rows };
}
