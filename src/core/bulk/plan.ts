// Bulk changes of points (docs/product.md#bulk-changes), the pure part: what one batch sends (groups of ids with
// the version each was read at, at most BULK_MAX_PER_REQUEST per request), how its answer is read, and the undo
// of a batch (one group per former value, stating the versions the batch produced).
import type { PointStatus } from '../types';

/** The database refuses more per request (public.bulk_update_points / bulk_delete_points). */
export const BULK_MAX_PER_REQUEST = 10_000;
/**
 * Rows the app sends per request: each request must end inside the 8 s statement timeout of Supabase (and of the
 * embedded server on PostgreSQL) even on a loaded server; 5,000 deletes took over 8 s on a 2-core machine under
 * heavy load. Larger selections go in several requests, with progress between them.
 */
export const BULK_CLIENT_BATCH = 2_500;

/** The fields a batch may set (assignee_id: the app does not hold the former assignees, so such a batch has no undo). */
export interface BulkSet { status?: PointStatus; team_id?: string | null; criticality?: string; assignee_id?: string | null }

/** A row as the app holds it: id, version (updated_at in whole ms or as read) and the fields a batch may change. */
export interface BulkRow { id: string; version: number | string; status: PointStatus; teamId: string | null; criticality: string }

export interface BulkGroup { set: BulkSet; ids: string[]; versions: (number | string)[] }

export interface BulkConflict { id: string; updated_at: string; status: PointStatus; team_id: string | null; criticality: string; assignee_id?: string | null }

/** The answer of bulk_update_points. */
export interface BulkUpdateAnswer { updated: [string, string][]; unchanged: [string, string][]; conflicts: BulkConflict[]; missing: string[] }

/** Splits groups so that no request holds more than `max` rows (order kept). */
export function chunkGroups(groups: readonly BulkGroup[], max = BULK_MAX_PER_REQUEST): BulkGroup[][] {
  const out: BulkGroup[][] = [];
  let cur: BulkGroup[] = [];
  let n = 0;
  for (const g of groups) {
    for (let i = 0; i < g.ids.length;) {
      const take = Math.min(max - n, g.ids.length - i);
      cur.push({ set: g.set, ids: g.ids.slice(i, i + take), versions: g.versions.slice(i, i + take) });
      n += take; i += take;
      if (n === max) { out.push(cur); cur = []; n = 0; }
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Whether 'Annuler' can restore a batch of `set`: not for an assignee (the app does not hold the former ones). */
export const undoableSet = (set: BulkSet): boolean => !('assignee_id' in set);

/** The one group of a batch: the same values on every row, each at its version. */
export function batchGroups(rows: readonly BulkRow[], set: BulkSet): BulkGroup[] {
  return rows.length ? [{ set, ids: rows.map((r) => r.id), versions: rows.map((r) => r.version) }] : [];
}

/** What a row held of the fields `set` changes. */
function formerOf(row: BulkRow, set: BulkSet): BulkSet {
  const f: BulkSet = {};
  if ('status' in set) f.status = row.status;
  if ('team_id' in set) f.team_id = row.teamId;
  if ('criticality' in set) f.criticality = row.criticality;
  return f;
}

/**
 * The undo of a batch: the rows it wrote (`updated`: id → the version it produced) put back to their former
 * values, one group per distinct former value, each row stating the batch's version (so a row changed since
 * is refused as a conflict, never overwritten).
 */
export function undoGroups(before: readonly BulkRow[], set: BulkSet, updated: ReadonlyMap<string, string>): BulkGroup[] {
  const groups = new Map<string, BulkGroup>();
  for (const row of before) {
    const version = updated.get(row.id);
    if (version === undefined) continue;
    const former = formerOf(row, set);
    const key = JSON.stringify(former);
    let g = groups.get(key);
    if (!g) { g = { set: former, ids: [], versions: [] }; groups.set(key, g); }
    g.ids.push(row.id);
    g.versions.push(version);
  }
  return [...groups.values()];
}

/** Adds one request's answer to the running total of a batch. */
export function mergeAnswers(total: BulkUpdateAnswer, part: BulkUpdateAnswer): BulkUpdateAnswer {
  return {
    updated: total.updated.concat(part.updated), unchanged: total.unchanged.concat(part.unchanged),
    conflicts: total.conflicts.concat(part.conflicts), missing: total.missing.concat(part.missing),
  };
}

export const emptyAnswer = (): BulkUpdateAnswer => ({ updated: [], unchanged: [], conflicts: [], missing: [] });
