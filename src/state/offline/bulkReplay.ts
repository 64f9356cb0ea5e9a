// A batch in the outbox (one write path): queued as ONE item and applied at once, replayed once
// through bulk_update_points (2,500 rows a request, each at the version the device held, progress between them).
// Rows the server calls changed meanwhile that already hold the batch's values landed earlier (not sent twice);
// the others become one conflict item each, resolved in the one conflict dialog (./resolveConflict).
import { BULK_CLIENT_BATCH, chunkGroups, emptyAnswer, mergeAnswers, type BulkConflict, type BulkGroup, type BulkRow, type BulkUpdateAnswer } from '../../core/bulk/plan';
import { BULK_KEY_PREFIX, bulkRowCount, fieldsOfSet, formerFields, rebaseAfterBulk, splitConflicts, statedVersion, type BulkFields, type BulkOp } from '../../core/outbox/bulk';
import type { OutboxItem } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { bulkUpdatePoints } from '../../data/bulkRepository';
import { fetchPoints } from '../../data/outboxRepository';
import { bulkProgressAtom, bulkRepliesAtom } from '../bulk';
import { store } from '../store';
import { teamsAtom } from '../tables';
import { outboxItemsAtom } from './atoms';
import { showBulkFields, showBulkFieldsInSlices } from './bulkPointsPort';
import { showPoints } from './pointsPort';
import { appendItems, queueChange, updateItems } from './queue';
import { OFFLINE_TEXT } from './strings';
import { yieldToPage } from '../../platform/yieldToPage';

/** Records a batch in the outbox (IndexedDB first) and shows it at once. */
export function queueBulk(groups: BulkGroup[], before: BulkRow[]): Promise<OutboxItem | null> {
  const op: BulkOp = { kind: 'bulk', pointId: `${BULK_KEY_PREFIX}${crypto.randomUUID()}`, groups, before };
  return queueChange({ op, view: null, before: null, photos: [] });
}

/** Sends the batch (the replay's step for a 'bulk' item); throws the request's error (the replay classifies it). */
export async function sendBulkItem(item: OutboxItem): Promise<void> {
  const op = item.op as BulkOp;
  const total = bulkRowCount(op);
  let answer = emptyAnswer();
  let done = 0;
  store.set(bulkProgressAtom, { done, total, sending: true }); // 'Envoi de N modifications…' until a first answer
  try {
    for (const chunk of chunkGroups(op.groups, BULK_CLIENT_BATCH)) {
      await yieldToPage(); // each request's body (2,500 rows) is made in a task of its own
      answer = mergeAnswers(answer, await bulkUpdatePoints(chunk));
      done += chunk.reduce((n, g) => n + g.ids.length, 0);
      store.set(bulkProgressAtom, { done, total });
    }
  } finally {
    store.set(bulkProgressAtom, null);
  }
  const { landed, real } = splitConflicts(op.groups, answer.conflicts);
  const written = new Map<string, string>([...answer.updated, ...answer.unchanged, ...landed]);
  const rebased = rebaseAfterBulk(store.get(outboxItemsAtom), item, written);
  if (rebased.length) await updateItems(rebased);
  const fields = new Map<string, BulkFields>();
  for (const g of op.groups) { const f = fieldsOfSet(g.set); for (const id of g.ids) if (written.has(id)) fields.set(id, f); }
  await showBulkFieldsInSlices(fields, written, answer.missing);
  const gone = await queueConflicts(op, real);
  const reply: BulkUpdateAnswer = { updated: [...answer.updated, ...landed], unchanged: answer.unchanged, conflicts: real.filter((c) => !gone.includes(c.id)), missing: [...answer.missing, ...gone] };
  store.set(bulkRepliesAtom, new Map(store.get(bulkRepliesAtom)).set(item.id, reply));
}

/** One conflict item per row changed meanwhile (the server's row, the device's batch value); returns rows deleted since. */
async function queueConflicts(op: BulkOp, real: readonly BulkConflict[]): Promise<string[]> {
  if (!real.length) return [];
  const server = await fetchPoints(real.map((c) => c.id));
  const former = formerFields(op.before);
  const teamName = (id: string | null | undefined) => (id ? store.get(teamsAtom).find((t) => t.id === id)?.name ?? null : null);
  const items: OutboxItem[] = [];
  const gone: string[] = [];
  for (const c of real) {
    const theirs = server.get(c.id);
    if (!theirs) { gone.push(c.id); continue; }
    const set = op.groups.find((g) => g.ids.includes(c.id))!.set;
    const stated = statedVersion(op, c.id)!;
    const baseVersion = new Date(typeof stated === 'number' ? stated : Date.parse(stated)).toISOString();
    const before: Point = { ...theirs, ...former.get(c.id), updatedAt: baseVersion };
    const patch = fieldsOfSet(set);
    const view: Point = { ...before, ...patch, teamName: teamName(patch.teamId !== undefined ? patch.teamId : before.teamId) };
    items.push({
      id: crypto.randomUUID(), seq: 0, userId: '', queuedAt: Date.now(), op: { kind: 'update', pointId: c.id, patch, baseVersion },
      view, before, photos: [], photosDone: [], state: 'conflict', error: OFFLINE_TEXT.conflictChanged, server: theirs, conflict: 'changed', attempts: 1,
    });
  }
  if (gone.length) showBulkFields(new Map(), undefined, gone);
  showPoints([...server.values()]);
  await appendItems(items);
  return gone;
}
