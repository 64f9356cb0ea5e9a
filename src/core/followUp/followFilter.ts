// The sidebar's follow-up filters (docs/product.md#follow-up-filters): 'Assignés à moi', 'Mes signalements'
// (created by me or assigned to me) and 'En retard' (due time passed, not resolved). The point index carries
// neither assignee nor due time: the matching ids are asked of the server (PostgREST filters, the device's clock
// for 'now' so that the list is the one the user's time says), then the list keeps the slots of those ids.
import type { PointIndex } from '../pointIndex/types';
import { findSlot } from '../pointIndex/store';

export type FollowFilterKind = 'assigned' | 'mine' | 'late';

export const FOLLOW_FILTER_LABELS: Record<FollowFilterKind, string> = {
  assigned: 'Assignés à moi', mine: 'Mes signalements', late: 'En retard',
};

/** The PostgREST query parameters selecting the points of the filter. */
export function followFilterParams(kind: FollowFilterKind, me: string, now: number): Record<string, string> {
  if (kind === 'assigned') return { assignee_id: `eq.${me}` };
  if (kind === 'mine') return { or: `(created_by.eq.${me},assignee_id.eq.${me})` };
  return { due_at: `lt.${new Date(now).toISOString()}`, status: 'neq.resolu' };
}

/** The slots of `slots` (in their order) whose point id is in `ids`. */
export function slotsWithIds(ix: PointIndex, slots: ArrayLike<number>, ids: ReadonlySet<string>): Int32Array {
  const mask = new Uint8Array(ix.count);
  for (const id of ids) { const s = findSlot(ix, id); if (s >= 0) mask[s] = 1; }
  const out = new Int32Array(slots.length);
  let n = 0;
  for (let k = 0; k < slots.length; k++) if (mask[slots[k]] === 1) out[n++] = slots[k];
  return out.slice(0, n);
}
