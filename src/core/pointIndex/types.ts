// The compact point index: what the map, filters, counts and report need of every point, as typed arrays (one slot
// per point). Text fields (name, description, photos…) are details fetched on demand.
import type { PointStatus } from '../types';

/** Status codes of the `status` column. */
export const STATUS_BY_CODE: readonly PointStatus[] = ['signale', 'pris_en_charge', 'resolu'];
export const STATUS_CODE: Readonly<Record<PointStatus, number>> = { signale: 0, pris_en_charge: 1, resolu: 2 };
export const RESOLVED_CODE = 2;

/** The columns every point has, one slot per point, in the same order in every array. */
export interface PointColumns {
  count: number;
  /** 16 bytes per point (the uuid). */
  idBytes: Uint8Array;
  x: Float32Array;
  y: Float32Array;
  /** PK value, NaN when unknown. */
  km: Float64Array;
  /** Milliseconds since 1970 UTC. */
  created: Float64Array;
  updated: Float64Array;
  /** STATUS_BY_CODE index. */
  status: Uint8Array;
  /** Index into critKeys (crit[i] → criticality level id). */
  crit: Uint8Array;
  /** 0 = no team, else 1 + index into teamKeys. */
  team: Uint16Array;
  critKeys: string[];
  teamKeys: string[];
}

/** One page of the point index's wire format decoded (./decodeBinary.ts): `count` points. */
export interface PointIndexPage extends PointColumns {
  /** Start of the reading transaction, 'YYYY-MM-DDTHH:MI:SS.ffffffZ': every change committed before is in the page. */
  asOf: string | null;
}

/**
 * The whole index. Columns may be longer than `count` (spare capacity); slots 0..count-1 are points in no
 * particular order. `version` grows on every change (a React/jotai consumer compares it). Dictionaries only grow.
 * Never mutate it outside src/core/pointIndex/store.ts.
 */
export interface PointIndex extends PointColumns {
  version: number;
  /** Open-addressing hash of id → slot + 1 (0 = empty); length a power of two ≥ 2 × capacity. */
  lookup: Int32Array;
}

/** One point's index fields in plain form (a realtime row, a saved point). */
export interface PointIndexRow {
  id: string;
  x: number;
  y: number;
  km: number | null;
  created: number;
  updated: number;
  status: PointStatus;
  criticality: string;
  teamId: string | null;
}
