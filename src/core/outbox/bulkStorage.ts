// How a batch's outbox item is kept in IndexedDB: its rows as a few columns (ids as one text, versions as numbers
// in a Float64Array when they all are, fields as small dictionaries with Uint16Array codes) instead of 10,000
// objects, so that writing the item (IndexedDB clones it on the page's thread, twice per send) stays short.
// packBulkItem/unpackBulkItem are exact inverses; items written before this form are read unchanged.
import type { BulkGroup, BulkRow, BulkSet } from '../bulk/plan';
import type { OutboxItem, OutboxOp } from './types';
import type { BulkOp } from './bulk';

type Versions = Float64Array | (number | string)[];
interface Dict<T> { keys: T[]; codes: Uint16Array }
interface PackedGroup { set: BulkSet; ids: string; versions: Versions }
interface PackedRows { ids: string; versions: Versions; status: Dict<BulkRow['status']>; teamId: Dict<string | null>; criticality: Dict<string> }
/** The stored form of a bulk op. */
export interface PackedBulkOp { kind: 'bulk'; pointId: string; packed: { groups: PackedGroup[]; before: PackedRows } }

const SEP = ','; // point ids are uuids: never hold a comma
const joinIds = (ids: readonly string[]) => ids.join(SEP);
const splitIds = (s: string) => (s === '' ? [] : s.split(SEP));

function packVersions(v: readonly (number | string)[]): Versions {
  for (const x of v) if (typeof x !== 'number') return [...v];
  return Float64Array.from(v as number[]);
}
const unpackVersions = (v: Versions): (number | string)[] => Array.from(v);

function packDict<T>(values: readonly T[]): Dict<T> {
  const keys: T[] = [];
  const at = new Map<T, number>();
  const codes = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let c = at.get(values[i]);
    if (c === undefined) { c = keys.length; keys.push(values[i]); at.set(values[i], c); }
    codes[i] = c;
  }
  if (keys.length > 0xffff) throw new Error('too many distinct values');
  return { keys, codes };
}
const unpackDict = <T>(d: Dict<T>): T[] => Array.from(d.codes, (c) => d.keys[c]);

export function packBulkOp(op: BulkOp): PackedBulkOp {
  const b = op.before;
  return {
    kind: 'bulk', pointId: op.pointId,
    packed: {
      groups: op.groups.map((g) => ({ set: g.set, ids: joinIds(g.ids), versions: packVersions(g.versions) })),
      before: {
        ids: joinIds(b.map((r) => r.id)), versions: packVersions(b.map((r) => r.version)), status: packDict(b.map((r) => r.status)),
        teamId: packDict(b.map((r) => r.teamId)), criticality: packDict(b.map((r) => r.criticality)),
      },
    },
  };
}

export function unpackBulkOp(p: PackedBulkOp): BulkOp {
  const groups: BulkGroup[] = p.packed.groups.map((g) => ({ set: g.set, ids: splitIds(g.ids), versions: unpackVersions(g.versions) }));
  const r = p.packed.before;
  const ids = splitIds(r.ids);
  const versions = unpackVersions(r.versions);
  const status = unpackDict(r.status), teamId = unpackDict(r.teamId), criticality = unpackDict(r.criticality);
  const before: BulkRow[] = ids.map((id, k) => ({ id, version: versions[k], status: status[k], teamId: teamId[k], criticality: criticality[k] }));
  return { kind: 'bulk', pointId: p.pointId, groups, before };
}

/** The packed form of each op packed or read here (an op is never changed in place: a change makes a new op), so
 * that writing an item again (its state changed, not its rows) does not pack it again, and reading back what this
 * page wrote does not unpack it again. */
const packedOf = new WeakMap<BulkOp, PackedBulkOp>();

function packedOnce(op: BulkOp): PackedBulkOp {
  let p = packedOf.get(op);
  if (!p) { p = packBulkOp(op); packedOf.set(op, p); }
  return p;
}

const sameVersions = (a: Versions, b: Versions): boolean => {
  if (a.length !== b.length || (a instanceof Float64Array) !== (b instanceof Float64Array)) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};
const sameDict = <T>(a: Dict<T>, b: Dict<T>): boolean => a.keys.length === b.keys.length && a.keys.every((k, i) => k === b.keys[i])
  && a.codes.length === b.codes.length && a.codes.every((c, i) => c === b.codes[i]);

/** Whether two packed ops hold the same batch (the text of the ids compares in one step). */
export function samePackedOp(a: PackedBulkOp, b: PackedBulkOp): boolean {
  const x = a.packed, y = b.packed;
  return a.pointId === b.pointId && x.groups.length === y.groups.length
    && x.groups.every((g, k) => g.ids === y.groups[k].ids && JSON.stringify(g.set) === JSON.stringify(y.groups[k].set) && sameVersions(g.versions, y.groups[k].versions))
    && x.before.ids === y.before.ids && sameVersions(x.before.versions, y.before.versions)
    && sameDict(x.before.status, y.before.status) && sameDict(x.before.teamId, y.before.teamId) && sameDict(x.before.criticality, y.before.criticality);
}

/** The item as stored: a bulk op packed (once per op), any other item as it is. */
export const packBulkItem = (i: OutboxItem): OutboxItem =>
  (i.op.kind === 'bulk' ? { ...i, op: packedOnce(i.op) as unknown as OutboxItem['op'] } : i);

/**
 * The item as read: a packed bulk op unpacked; items stored before the packed form come back unchanged. `known`:
 * ops this page already holds (the queue in memory): one holding the same batch is reused, not unpacked again.
 */
export function unpackBulkItem(i: OutboxItem, known: readonly OutboxOp[] = []): OutboxItem {
  const op = i.op as unknown as PackedBulkOp | OutboxItem['op'];
  if (op.kind !== 'bulk' || !('packed' in op)) return i;
  for (const k of known) {
    if (k.kind !== 'bulk' || k.pointId !== op.pointId) continue;
    const p = packedOf.get(k);
    if (p && samePackedOp(p, op)) return { ...i, op: k };
  }
  const fresh = unpackBulkOp(op);
  packedOf.set(fresh, op);
  return { ...i, op: fresh };
}
