// How a batch's outbox item is kept in IndexedDB: its rows as a few columns (ids as one text, versions as numbers
// in a Float64Array when they all are, fields as small dictionaries with Uint16Array codes) instead of 10,000
// objects, so that writing the item (IndexedDB clones it on the page's thread, twice per send) stays short.
// packBulkItem/unpackBulkItem are exact inverses; items written before this form are read unchanged.
import type { BulkGroup, BulkRow, BulkSet } from '../bulk/plan';
import type { OutboxItem } from './types';
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

/** The item as stored: a bulk op packed, any other item as it is. */
export const packBulkItem = (i: OutboxItem): OutboxItem =>
  (i.op.kind === 'bulk' ? { ...i, op: packBulkOp(i.op) as unknown as OutboxItem['op'] } : i);

/** The item as read: a packed bulk op unpacked; items stored before the packed form come back unchanged. */
export function unpackBulkItem(i: OutboxItem): OutboxItem {
  const op = i.op as unknown as PackedBulkOp | OutboxItem['op'];
  return op.kind === 'bulk' && 'packed' in op ? { ...i, op: unpackBulkOp(op) } : i;
}
