// Replay order: FIFO by seq; a point's later items wait behind one of its items that failed or is in conflict
// (its changes must land in order); other points go on. After a success, the point's later items state the
// version the server answered, so this device's own write is never mistaken for someone else's.
import type { OutboxItem } from './types';
import { rebaseBulkRow } from './bulk';

export const bySeq = (a: OutboxItem, b: OutboxItem) => a.seq - b.seq;

/** The next item to send, or null. 'sending' counts as pending (a replay cut off by a closed page resumes). */
export function nextToSend(items: readonly OutboxItem[]): OutboxItem | null {
  const blocked = new Set<string>();
  for (const i of [...items].sort(bySeq)) {
    if (blocked.has(i.op.pointId)) continue;
    if (i.state === 'failed' || i.state === 'conflict') { blocked.add(i.op.pointId); continue; }
    return i;
  }
  return null;
}

/** Waiting, failed and conflicting items count; nothing else is kept in the queue. */
export const pendingCount = (items: readonly OutboxItem[]): number => items.length;

/**
 * After `sent` landed with the server version `version`: later items of the same point whose base was the
 * one `sent` stated (or none, for a point created on this device) now state `version`. Returns changed items.
 */
export function rebaseAfter(items: readonly OutboxItem[], sent: OutboxItem, version: string): OutboxItem[] {
  if (sent.op.kind === 'bulk') return []; // a batch's own rule: rebaseAfterBulk (./bulk.ts)
  if (sent.op.kind === 'event') return []; // a comment states no version and changes none
  const sentBase = sent.op.kind === 'create' ? null : sent.op.baseVersion;
  const out: OutboxItem[] = [];
  for (const i of items) {
    if (i.id === sent.id || i.seq < sent.seq) continue;
    if (i.op.kind === 'bulk') { const r = rebaseBulkRow(i, sent.op.pointId, sentBase, version); if (r) out.push(r); continue; }
    if (i.op.pointId !== sent.op.pointId || i.op.kind === 'create' || i.op.kind === 'event') continue;
    if (i.op.baseVersion === null || i.op.baseVersion === sentBase) out.push({ ...i, op: { ...i.op, baseVersion: version } });
  }
  return out;
}
