// A bulk change in the outbox, the pure rules: a batch is ONE item whose points are in its
// groups; what the device shows while it waits; which rows the server calls "changed meanwhile" are in fact this
// batch's own earlier write (a replay cut off after a request landed: sent again, never counted twice); and the
// rebase of the later changes of its points on the versions it produced (so they are not taken for conflicts).
import type { BulkConflict, BulkGroup, BulkRow, BulkSet } from '../bulk/plan';
import type { OutboxItem, OutboxOp, PointFields } from './types';

export type BulkOp = Extract<OutboxOp, { kind: 'bulk' }>;
/** The fields of the index a batch sets (the names of the point form). */
export type BulkFields = Pick<Partial<PointFields>, 'status' | 'teamId' | 'criticality'>;

export const BULK_KEY_PREFIX = 'bulk:';

/** The points an item changes: its point, or every row of a batch. */
export const pointIdsOf = (op: OutboxOp): string[] => (op.kind === 'bulk' ? op.groups.flatMap((g) => g.ids) : [op.pointId]);

/** Whether an item of the queue changes this point. */
export const touchesPoint = (op: OutboxOp, id: string): boolean =>
  op.kind === 'bulk' ? op.groups.some((g) => g.ids.includes(id)) : op.pointId === id;

export const bulkRowCount = (op: BulkOp): number => op.groups.reduce((n, g) => n + g.ids.length, 0);

/** A batch's values in the form's terms. */
export function fieldsOfSet(set: BulkSet): BulkFields {
  const f: BulkFields = {};
  if (set.status !== undefined) f.status = set.status;
  if ('team_id' in set) f.teamId = set.team_id ?? null;
  if (set.criticality !== undefined) f.criticality = set.criticality;
  return f;
}

/** The former values of the rows (what a discarded batch puts back), as the batch's own sets. */
export function formerFields(before: readonly BulkRow[]): Map<string, BulkFields> {
  return new Map(before.map((r) => [r.id, { status: r.status, teamId: r.teamId, criticality: r.criticality }]));
}

/** What the waiting batches show, point id → fields laid over the point (a later batch wins). */
export function bulkOverlay(items: readonly OutboxItem[]): Map<string, BulkFields> {
  const out = new Map<string, BulkFields>();
  for (const i of [...items].sort((a, b) => a.seq - b.seq)) {
    if (i.op.kind !== 'bulk') continue;
    for (const g of i.op.groups) {
      const f = fieldsOfSet(g.set);
      for (const id of g.ids) { const prev = out.get(id); out.set(id, prev ? { ...prev, ...f } : f); } // f shared: read-only
    }
  }
  return out;
}

/** Two versions (ISO text or whole ms) name the same moment, at the ms precision the index and the RPC use. */
export function sameVersion(a: string | number | null | undefined, b: string | number | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const ms = (v: string | number) => (typeof v === 'number' ? Math.floor(v) : Math.floor(Date.parse(v)));
  return ms(a) === ms(b);
}

/**
 * The rows the server reports as changed meanwhile, split: `landed` already hold every value their group sets
 * (this batch's own write of an earlier attempt, or the same change made by someone else: nothing to send),
 * `real` differ (the user chooses, in the one conflict dialog).
 */
export function splitConflicts(groups: readonly BulkGroup[], conflicts: readonly BulkConflict[]): { landed: [string, string][]; real: BulkConflict[] } {
  const setOf = new Map<string, BulkSet>();
  for (const g of groups) for (const id of g.ids) setOf.set(id, g.set);
  const landed: [string, string][] = [];
  const real: BulkConflict[] = [];
  for (const c of conflicts) {
    const set = setOf.get(c.id);
    const holds = !!set && (set.status === undefined || set.status === c.status)
      && (!('team_id' in set) || (set.team_id ?? null) === (c.team_id ?? null))
      && (set.criticality === undefined || set.criticality === c.criticality)
      && (!('assignee_id' in set) || (set.assignee_id ?? null) === (c.assignee_id ?? null));
    if (holds) landed.push([c.id, c.updated_at]); else real.push(c);
  }
  return { landed, real };
}

/** The version a batch states for a point, or undefined when the point is not in it. */
export function statedVersion(op: BulkOp, id: string): number | string | undefined {
  for (const g of op.groups) { const k = g.ids.indexOf(id); if (k >= 0) return g.versions[k]; }
  return undefined;
}

/**
 * A later batch that states `from` for point `id` now states `to` (the version an earlier change of this device
 * produced); null when nothing changes.
 */
export function rebaseBulkRow(item: OutboxItem, id: string, from: string | number | null, to: string): OutboxItem | null {
  if (item.op.kind !== 'bulk') return null;
  let changed = false;
  const groups = item.op.groups.map((g) => {
    const k = g.ids.indexOf(id);
    if (k < 0 || (from !== null && !sameVersion(g.versions[k], from))) return g;
    changed = true;
    const versions = g.versions.slice();
    versions[k] = Date.parse(to);
    return { ...g, versions };
  });
  return changed ? { ...item, op: { ...item.op, groups } } : null;
}

/**
 * After batch `sent` landed (`written`: id → the version it produced): the later items of those points that stated
 * the version the batch stated now state the new one. Returns the changed items.
 */
export function rebaseAfterBulk(items: readonly OutboxItem[], sent: OutboxItem, written: ReadonlyMap<string, string>): OutboxItem[] {
  if (sent.op.kind !== 'bulk') return [];
  const op = sent.op;
  const out: OutboxItem[] = [];
  for (const i of items) {
    if (i.id === sent.id || i.seq < sent.seq) continue;
    if (i.op.kind === 'bulk') {
      let cur: OutboxItem = i;
      for (const id of pointIdsOf(i.op)) {
        const to = written.get(id);
        if (to) cur = rebaseBulkRow(cur, id, statedVersion(op, id) ?? null, to) ?? cur;
      }
      if (cur !== i) out.push(cur);
      continue;
    }
    if (i.op.kind === 'create' || i.op.kind === 'event') continue;
    const to = written.get(i.op.pointId);
    if (!to) continue;
    if (i.op.baseVersion === null || sameVersion(i.op.baseVersion, statedVersion(op, i.op.pointId))) out.push({ ...i, op: { ...i.op, baseVersion: to } });
  }
  return out;
}
