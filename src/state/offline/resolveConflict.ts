// An offline change that met a newer version on the server is resolved in the same dialog as an
// online conflict (features/conflicts, state/conflicts): field by field, text merge, who changed it and when. The
// chosen values become one update stated on the server's current version, sent at once; a choice that equals the
// server's version drops the change.
import { changedFields, fieldsOf } from '../../core/outbox/applied';
import type { PointFields } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { parseKm } from '../../core/validation';
import { askConflict } from '../conflicts';
import { store } from '../store';
import { outboxItemsAtom, outboxPanelOpenAtom } from './atoms';
import { discardItem, updateItems } from './queue';
import { replayOutbox } from './replay';
import { showPoints as patchPoints } from './pointsPort';

/** The editable fields compared field by field on a conflict. */
export const POINT_CONFLICT_FIELDS = ['name', 'description', 'kilometer', 'ticketNumber', 'status', 'criticality', 'teamId', 'imageUrl'] as const;
const FIELDS = [...POINT_CONFLICT_FIELDS, 'position'] as const;

/** True when the item is an offline update in conflict with a newer server version (the dialog applies). */
export const resolvableInDialog = (i: { state: string; conflict: string | null; op: { kind: string }; view: Point | null; server: Point | null }): boolean =>
  i.state === 'conflict' && i.conflict === 'changed' && i.op.kind === 'update' && !!i.view && !!i.server;

/**
 * Opens the conflict dialog for the outbox item. Resolves to the user's answer, not to a failure: true when they
 * chose (the chosen values are queued, or the change dropped when they equal the server's), false when they
 * cancelled or the item is not one the dialog resolves (it stays in conflict).
 */
export async function resolveOutboxConflict(itemId: string): Promise<boolean> {
  const item = store.get(outboxItemsAtom).find((i) => i.id === itemId);
  if (!item || !resolvableInDialog(item)) return false;
  const server = item.server!, view = item.view!;
  const base = fieldsOf(item.before ?? view), mine = fieldsOf(view), theirs = fieldsOf(server);
  store.set(outboxPanelOpenAtom, false); // one modal at a time: the conflict dialog replaces the outbox panel
  // theirs carries its version so that the dialog can say when it was made
  type Versioned = PointFields & { updatedAt?: string };
  const answer = await askConflict<Versioned>('points', base, mine, { ...theirs, updatedAt: server.updatedAt }, FIELDS, item.op.pointId);
  if (!answer) return false;
  const { updatedAt: _version, ...chosen } = answer;
  const resolved: PointFields = { ...chosen, kmValue: parseKm(chosen.kilometer) ?? null };
  const patch = changedFields(theirs, resolved);
  if (!Object.keys(patch).length) {
    await discardItem(item.id);
    return true;
  }
  const shown: Point = { ...server, ...resolved };
  await updateItems([{
    ...item, op: { kind: 'update', pointId: item.op.pointId, patch, baseVersion: server.updatedAt ?? null },
    view: shown, before: server, state: 'pending', error: null, server: null, conflict: null, attempts: 0,
  }]);
  patchPoints([shown]);
  void replayOutbox();
  return true;
}
