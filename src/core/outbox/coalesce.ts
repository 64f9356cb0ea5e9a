// Queuing a change: coalesced with the point's last waiting item when possible, else appended (FIFO).
// create+update → create (the later gallery kept); create+delete → nothing; update+update → update (first base version kept);
// update+delete → delete. An item being sent, or in conflict, is never merged into (the new change waits after it).
import type { OutboxItem, OutboxOp, PointFields } from './types';

export interface QueueResult { items: OutboxItem[]; put: OutboxItem[]; removed: string[] }

const mergeable = (i: OutboxItem) => i.state === 'pending' || i.state === 'failed';

export function lastItemOf(items: readonly OutboxItem[], pointId: string): OutboxItem | undefined {
  let last: OutboxItem | undefined;
  for (const i of items) if (i.op.pointId === pointId && (!last || i.seq > last.seq)) last = i;
  return last;
}

export const nextSeq = (items: readonly OutboxItem[]): number => items.reduce((m, i) => Math.max(m, i.seq), 0) + 1;

/** Merges `fresh` (a new item, not yet in `items`) into the queue. */
export function enqueue(items: readonly OutboxItem[], fresh: OutboxItem): QueueResult {
  const last = lastItemOf(items, fresh.op.pointId);
  const append = (): QueueResult => {
    const item = { ...fresh, seq: nextSeq(items) };
    return { items: [...items, item], put: [item], removed: [] };
  };
  if (!last || !mergeable(last)) return append();
  const merged = mergeOps(last.op, fresh.op);
  if (merged === 'append') return append();
  const photos = [...new Set([...last.photos, ...fresh.photos])];
  if (merged === null) {
    return { items: items.filter((i) => i.id !== last.id), put: [], removed: [last.id] };
  }
  const item: OutboxItem = { ...last, op: merged, view: fresh.view, photos, state: 'pending', error: null, attempts: 0 };
  return { items: items.map((i) => (i.id === last.id ? item : i)), put: [item], removed: [] };
}

/** The later gallery of two changes (the whole gallery, never merged photo by photo). */
const galleryOf = (a: OutboxOp, b: OutboxOp) => {
  const g = (b.kind === 'update' ? b.gallery : undefined) ?? (a.kind === 'create' || a.kind === 'update' ? a.gallery : undefined);
  return g ? { gallery: g } : {};
};

/** The op replacing `a` then `b` on the same point; null: nothing left to send; 'append': not mergeable. */
export function mergeOps(a: OutboxOp, b: OutboxOp): OutboxOp | null | 'append' {
  if (a.kind === 'create') {
    if (b.kind === 'update') return { ...a, fields: { ...a.fields, ...b.patch } as PointFields, ...galleryOf(a, b) };
    if (b.kind === 'delete') return null;
    return 'append';
  }
  if (a.kind === 'update') {
    if (b.kind === 'update') return { ...a, patch: { ...a.patch, ...b.patch }, ...galleryOf(a, b) };
    if (b.kind === 'delete') return { kind: 'delete', pointId: a.pointId, baseVersion: a.baseVersion, imageUrl: b.imageUrl };
    return 'append';
  }
  return 'append';
}
