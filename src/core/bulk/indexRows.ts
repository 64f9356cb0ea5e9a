// Index rows of a bulk change: a point of the index with the fields a batch (or the server's answer) set, at
// the version the server gave, so the map, the lists and the counts show the result without reloading.
import type { PointIndex, PointIndexRow } from '../pointIndex/types';
import { STATUS_BY_CODE, STATUS_CODE } from '../pointIndex/types';
import { dictCode, idAt } from '../pointIndex/store';
import type { PointStatus } from '../types';
import type { BulkRow } from './plan';

export interface IndexFields { status?: PointStatus; teamId?: string | null; criticality?: string }

/** The index row at `slot` with `fields` laid over it and `updatedMs` as its version. */
export function indexRowWith(ix: PointIndex, slot: number, fields: IndexFields, updatedMs: number): PointIndexRow {
  const km = ix.km[slot];
  return {
    id: idAt(ix, slot), x: ix.x[slot], y: ix.y[slot], km: Number.isNaN(km) ? null : km, created: ix.created[slot], updated: updatedMs,
    status: fields.status ?? STATUS_BY_CODE[ix.status[slot]] ?? 'signale',
    criticality: fields.criticality ?? ix.critKeys[ix.crit[slot]] ?? 'attention',
    teamId: fields.teamId !== undefined ? fields.teamId : (ix.team[slot] ? ix.teamKeys[ix.team[slot] - 1] : null),
  };
}

/**
 * Lays `fields` over the point at `slot` in place, at version `updatedMs` (the index's own codes: no id text, no
 * row object): the same columns as upsertRows of indexRowWith(ix, slot, fields, updatedMs). The caller bumps
 * ix.version once for the batch.
 */
export function setFieldsAt(ix: PointIndex, slot: number, fields: IndexFields, updatedMs: number): void {
  if (fields.status !== undefined) ix.status[slot] = STATUS_CODE[fields.status] ?? 0;
  if (fields.criticality !== undefined) ix.crit[slot] = dictCode(ix.critKeys, fields.criticality);
  if (fields.teamId !== undefined) ix.team[slot] = fields.teamId ? dictCode(ix.teamKeys, fields.teamId) + 1 : 0;
  ix.updated[slot] = updatedMs;
}

/** What the app holds of the point at `slot` for a batch: its version (whole ms) and the fields a batch changes
 * (`id`: the point's id when the caller has it, so it is not read back from the index's bytes). */
export function bulkRowAt(ix: PointIndex, slot: number, id: string = idAt(ix, slot)): BulkRow {
  return {
    id, version: ix.updated[slot], status: STATUS_BY_CODE[ix.status[slot]] ?? 'signale',
    teamId: ix.team[slot] ? ix.teamKeys[ix.team[slot] - 1] : null, criticality: ix.critKeys[ix.crit[slot]] ?? 'attention',
  };
}
