// The point index's only mutators: create, append a decoded page, upsert and remove points (realtime, sync,
// saves), with an id → slot hash kept in step. Columns grow by doubling; removal moves the last slot into the hole.
import { hashSlot, sameId, uuidAt, writeUuid } from './ids';
import { STATUS_CODE, type PointColumns, type PointIndex, type PointIndexRow } from './types';

/** The per-point numeric columns besides the ids (16 bytes a point, `idBytes`). */
export const COLUMNS = ['x', 'y', 'km', 'created', 'updated', 'status', 'crit', 'team'] as const;

/** The transferable buffers of a page's (or any columns') arrays (for Comlink.transfer). */
export const pageBuffers = (p: PointColumns): ArrayBuffer[] => [p.idBytes, ...COLUMNS.map((c) => p[c])].map((a) => a.buffer as ArrayBuffer);

function lookupSize(capacity: number): number {
  let n = 16;
  while (n < capacity * 2) n *= 2;
  return n;
}

/** Empty columns for `capacity` points (count 0, no dictionary keys). */
export function allocColumns(capacity: number): PointColumns {
  return {
    count: 0, idBytes: new Uint8Array(capacity * 16),
    x: new Float32Array(capacity), y: new Float32Array(capacity),
    km: new Float64Array(capacity), created: new Float64Array(capacity), updated: new Float64Array(capacity),
    status: new Uint8Array(capacity), crit: new Uint8Array(capacity), team: new Uint16Array(capacity),
    critKeys: [], teamKeys: [],
  };
}

export function createPointIndex(capacity = 1024): PointIndex {
  const cap = Math.max(16, capacity);
  return { ...allocColumns(cap), version: 0, lookup: new Int32Array(lookupSize(cap)) };
}

const capacityOf = (ix: PointIndex): number => ix.x.length;

/** Copies rows [start, end) of every column of `from` into the same slots of `to`. */
export function copyRows(from: PointColumns, to: PointColumns, start: number, end: number): void {
  to.idBytes.set(from.idBytes.subarray(start * 16, end * 16), start * 16);
  for (const c of COLUMNS) (to[c] as Float64Array).set(from[c].subarray(start, end) as Float64Array, start);
}

/** Makes room for `needed` points (a load that knows its size: one allocation and one rehash). */
export function reserve(ix: PointIndex, needed: number): void {
  if (needed <= capacityOf(ix)) return;
  let cap = capacityOf(ix);
  while (cap < needed) cap *= 2;
  const grown = allocColumns(cap);
  copyRows(ix, grown, 0, ix.count);
  const { count: _count, critKeys: _crit, teamKeys: _team, ...arrays } = grown;
  Object.assign(ix, arrays);
  rehash(ix);
}

function rehash(ix: PointIndex): void {
  const size = lookupSize(capacityOf(ix));
  if (ix.lookup.length !== size) ix.lookup = new Int32Array(size); else ix.lookup.fill(0);
  for (let i = 0; i < ix.count; i++) insertHash(ix, i);
}

/** The hash position of the id at slot j of `bytes`: where the index holds it, else the empty position it would take. */
function hashPos(ix: PointIndex, bytes: Uint8Array, j: number): number {
  const t = ix.lookup, mask = t.length - 1;
  let h = hashSlot(bytes, j) & mask;
  while (t[h] !== 0 && !sameId(ix.idBytes, t[h] - 1, bytes, j)) h = (h + 1) & mask;
  return h;
}

/** Adds a slot whose id is not in the hash yet (no id compared: the first empty position). */
function insertHash(ix: PointIndex, slot: number): void {
  const mask = ix.lookup.length - 1;
  let h = hashSlot(ix.idBytes, slot) & mask;
  while (ix.lookup[h] !== 0) h = (h + 1) & mask;
  ix.lookup[h] = slot + 1;
}

/** Deletes position h from the linear-probing table, shifting the following entries back (no tombstones). */
function deleteHashAt(ix: PointIndex, h: number): void {
  const t = ix.lookup, mask = t.length - 1;
  let hole = h;
  let j = h;
  t[hole] = 0;
  for (;;) {
    j = (j + 1) & mask;
    if (t[j] === 0) return;
    const home = hashSlot(ix.idBytes, t[j] - 1) & mask;
    // Move t[j] into the hole when its home is not cyclically in (hole, j].
    const between = hole <= j ? home > hole && home <= j : home > hole || home <= j;
    if (!between) { t[hole] = t[j]; t[j] = 0; hole = j; }
  }
}

const probe = new Uint8Array(16);
/** The slot of a point id, or -1. */
export const findSlot = (ix: PointIndex, id: string): number => (writeUuid(probe, 0, id) ? findSlotOfBytes(ix, probe, 0) : -1);

/** The slot holding the id at slot j of `bytes`, or -1. */
const findSlotOfBytes = (ix: PointIndex, bytes: Uint8Array, j: number): number => ix.lookup[hashPos(ix, bytes, j)] - 1;

/** The id at `slot`. */
export const idAt = (ix: PointIndex, slot: number): string => uuidAt(ix.idBytes, slot);

/** The code of `key` in a dictionary column's keys (added when new). */
export function dictCode(keys: string[], key: string): number {
  let i = keys.indexOf(key);
  if (i < 0) { keys.push(key); i = keys.length - 1; }
  return i;
}

/**
 * Adds a decoded page. Ids already present are overwritten in place when the page's row is at least as new
 * (updated), so overlapping sync windows and realtime patches never go back in time. Returns the slots touched.
 * `knownNew`: the caller knows none of the page's ids is in the index (a line's precomputed pages are disjoint by
 * construction): no lookup per point.
 */
export function appendPage(ix: PointIndex, p: PointColumns, knownNew = false): number {
  reserve(ix, ix.count + p.count);
  const critMap = p.critKeys.map((k) => dictCode(ix.critKeys, k));
  const teamMap = [0, ...p.teamKeys.map((k) => dictCode(ix.teamKeys, k) + 1)];
  let touched = 0;
  for (let j = 0; j < p.count; j++) {
    let slot = knownNew ? -1 : findSlotOfBytes(ix, p.idBytes, j);
    if (slot >= 0 && (ix.updated[slot] > p.updated[j] || (ix.updated[slot] === p.updated[j] && holdsRow(ix, slot, p, j, critMap, teamMap)))) continue;
    if (slot < 0) {
      slot = ix.count++;
      ix.idBytes.set(p.idBytes.subarray(j * 16, j * 16 + 16), slot * 16);
      insertHash(ix, slot);
    }
    ix.x[slot] = p.x[j]; ix.y[slot] = p.y[j]; ix.km[slot] = p.km[j];
    ix.created[slot] = p.created[j]; ix.updated[slot] = p.updated[j];
    ix.status[slot] = p.status[j]; ix.crit[slot] = critMap[p.crit[j]] ?? 0; ix.team[slot] = teamMap[p.team[j]] ?? 0;
    touched++;
  }
  if (touched) ix.version++;
  return touched;
}

/** Whether the index row at `slot` already holds row `j` of the page (an echo of a change this page made itself,
 * e.g. a bulk change's realtime sync: not counted, so nothing is published again). */
function holdsRow(ix: PointIndex, slot: number, p: PointColumns, j: number, critMap: number[], teamMap: number[]): boolean {
  return ix.status[slot] === p.status[j] && ix.crit[slot] === (critMap[p.crit[j]] ?? 0) && ix.team[slot] === (teamMap[p.team[j]] ?? 0)
    && ix.x[slot] === p.x[j] && ix.y[slot] === p.y[j] && ix.created[slot] === p.created[j] && Object.is(ix.km[slot], p.km[j]);
}

/** Inserts or replaces points from plain rows, as appendPage does a page's. Returns rows applied. */
export const upsertRows = (ix: PointIndex, rows: readonly PointIndexRow[]): number => appendPage(ix, rowsAsColumns(rows));

/** Plain rows as columns (a row whose id is not a uuid is left out). */
function rowsAsColumns(rows: readonly PointIndexRow[]): PointColumns {
  const c = allocColumns(rows.length);
  for (const r of rows) {
    const n = c.count;
    if (!writeUuid(c.idBytes, n, r.id)) continue;
    c.x[n] = r.x; c.y[n] = r.y; c.km[n] = r.km ?? NaN; c.created[n] = r.created; c.updated[n] = r.updated;
    c.status[n] = STATUS_CODE[r.status] ?? 0;
    c.crit[n] = dictCode(c.critKeys, r.criticality);
    c.team[n] = r.teamId ? dictCode(c.teamKeys, r.teamId) + 1 : 0;
    c.count++;
  }
  return c;
}

/** Removes points by id (unknown ids are ignored). The last slot moves into each hole. Returns the count removed. */
export function removeIds(ix: PointIndex, ids: readonly string[]): number {
  let removed = 0;
  for (const id of ids) {
    const slot = findSlot(ix, id);
    if (slot < 0) continue;
    deleteHashAt(ix, hashPos(ix, ix.idBytes, slot));
    const last = ix.count - 1;
    if (slot !== last) {
      const h = hashPos(ix, ix.idBytes, last);
      ix.idBytes.copyWithin(slot * 16, last * 16, last * 16 + 16);
      for (const c of COLUMNS) ix[c][slot] = ix[c][last];
      ix.lookup[h] = slot + 1;
    }
    ix.count--;
    removed++;
  }
  if (removed) ix.version++;
  return removed;
}

/** `next` replaces `prev` as the index shown: its version continues prev's (consumers compare versions). */
export function succeed(next: PointIndex, prev: PointIndex): void { next.version = Math.max(next.version, prev.version) + 1; }

/** A fresh index (version 1, id lookup built) holding a copy of the given columns (e.g. the local replica's record). */
export function indexFromColumns(c: PointColumns): PointIndex {
  const ix = createPointIndex(c.count);
  copyRows(c, ix, 0, c.count);
  ix.critKeys = [...c.critKeys]; ix.teamKeys = [...c.teamKeys]; ix.count = c.count; ix.version = 1;
  rehash(ix);
  return ix;
}

