// The session's point-index API (workers/pointIndexApi.ts) and the index read through it: a line's pages, the rows
// changed since a time, the tombstones (docs/architecture.md, Points at scale).
import * as Comlink from 'comlink';
import { apiConnection, supabase } from './client';
import { currentSession } from './currentSession';
import { definePart } from '../core/session/scope';
import { onDemandWorker, type OnDemandWorker, type WorkerSpec } from '../platform/workerHost';
import { pageBuffers } from '../core/pointIndex/store';
import { earliest } from '../core/pointIndex/readingTimes';
import type { PointColumns, PointIndex, PointIndexPage } from '../core/pointIndex/types';
import type { IndexStatusFilter } from '../core/pointIndex/queries';
import type { BuildRequest, BuiltIndex } from '../core/pointIndex/buildFromPages';
import type { RestoredLine, StoredIndex } from '../core/pointIndex/restored';
import type { BuildReplica, PointIndexApi } from '../../workers/pointIndexApi';

export const TARGET_ROWS = 40_000; // points per call of a line's cold load
const ROW_LIMIT = 80_000; // a table read above this answers {split}
const CONCURRENCY = 3;
const PAGE_COUNT = 256; // precomputed pages per line (first byte of the id)
const FIRST_PAGES = 2; // a line's first call: about 1/128 of it, on screen in one round trip
const TOMBSTONE_PAGE = 1000;

/** The API holds the user's token: it ends with the session, and stops after IDLE_MS without a call (its memory returned). */
export const IDLE_MS = 5000;
/** `writes`: replica writes not yet done: a clear or a change of owner waits for them (at sign-out the worker is
 * terminated first, so no write of the ended session lands after the clear). */
interface WorkerSlot { worker: OnDemandWorker<PointIndexApi>; writes: Set<Promise<void>> }
const workerPart = definePart('pointIndexWorker',
  (): WorkerSlot => ({ worker: onDemandWorker(pointIndexWorkerSpec, IDLE_MS), writes: new Set<Promise<void>>() }),
  (slot) => slot.worker.terminate());

const pointIndexWorkerSpec: WorkerSpec<PointIndexApi> = {
  create: () => new Worker(new URL('../../workers/pointIndex.worker.ts', import.meta.url), { type: 'module', name: 'point-index' }),
  fallback: async () => (await import('../../workers/pointIndexApi')).createPointIndexApi(),
  onFallback: (reason) => console.warn('point-index worker unavailable: the index is read on the main thread:', reason instanceof Error ? reason.message : reason),
};

/** The session's API, told the current token before each call (posted, not awaited: Comlink keeps the order). */
async function configured(): Promise<Comlink.Remote<PointIndexApi>> {
  const scope = currentSession();
  const c = await apiConnection();
  if (!scope.active) throw new Error('point index: the session ended'); // never the next user's API with this token
  const api = scope.part(workerPart).worker.api;
  api.configure(c.url, c.anonKey, c.token).catch(() => undefined); // a dead worker fails the call that follows
  return api;
}

/** Tracks a replica write until it settles (replicaWritesSettled). */
function tracked(write: Promise<void>): Promise<void> {
  const writes = currentSession().part(workerPart).writes;
  writes.add(write);
  void write.catch(() => undefined).finally(() => writes.delete(write)); // its failure goes to the caller of `write`
  return write;
}

/** The seed is transferred (emptied here). `written` settles with the replica record's write (null: none). */
async function callBuild(lineId: string, req: BuildRequest, replica: BuildReplica | null, filter: IndexStatusFilter): Promise<{ built: BuiltIndex; written: Promise<void> | null }> {
  const api = await configured();
  const built = await api.buildLine(lineId, req.seed ? Comlink.transfer(req, pageBuffers(req.seed)) : req, replica, filter);
  return { built, written: replica ? tracked(api.replicaWritten(replica.key)) : null };
}

/** `asOf`: the earliest reading time of the pages (every change committed before it was read). */
export interface IndexFetchResult { count: number; asOf: string | null }
export interface IndexFetchOptions {
  /** Only points updated after this instant (text as the server wrote it). */
  since?: string | null;
  /** Only the points of this line (null: every line). */
  lineId?: string | null;
  /** Each decoded page as it arrives (in no particular order). */
  onPage: (page: PointIndexPage) => void;
  /** A line's size, once its first pages told it. */
  onEstimate?: (total: number) => void;
  /** Stop issuing calls when it returns true (sign-out). */
  cancelled?: () => boolean;
  /** A line's full load (required): past the first pages, the API builds the index from `seed()` (what is shown) and
   * the other pages and hands it over whole, with its views of `filter`, writing it to `replica` (null: not). */
  build?: {
    seed: () => PointColumns;
    onIndex: (built: BuiltIndex, written: Promise<void> | null) => void;
    replica: { key: string; owner: string } | null;
    filter: IndexStatusFilter;
  };
}

/** Table blocks [from, to); null: open. */
type Blocks = [from: number | null, to: number | null];

/** Fetches every point (or every change since `since`) of the index; resolves after the last page. */
export async function fetchPointIndex(o: IndexFetchOptions): Promise<IndexFetchResult> {
  const since = o.since ?? null;
  const lineId = o.lineId ?? null;
  let count = 0;
  let asOf: string | null = null;
  const take = (p: PointIndexPage) => {
    count += p.count;
    asOf = earliest(p.asOf, asOf);
    o.onPage(p);
  };

  if (since === null && lineId !== null) {
    if (!o.build) throw new Error('point index: a line\'s full load builds its index (build)');
    const first = await (await configured()).fetchPages(lineId, 0, FIRST_PAGES);
    first.pages.forEach(take);
    o.onEstimate?.(Math.max(count, first.total));
    const perPage = Math.max(1, first.total / PAGE_COUNT);
    const step = Math.max(1, Math.min(PAGE_COUNT, Math.floor(TARGET_ROWS / perPage)));
    const ranges: [number, number][] = [];
    for (let from = FIRST_PAGES; from < PAGE_COUNT; from += step) ranges.push([from, Math.min(PAGE_COUNT, from + step)]);
    if (o.cancelled?.()) return { count, asOf };
    const firstAsOf = asOf as string | null;
    const replica = o.build.replica ? { ...o.build.replica, firstAsOf } : null;
    const { built, written } = await callBuild(lineId, { ranges, concurrency: CONCURRENCY, total: first.total, seed: o.build.seed() }, replica, o.build.filter);
    if (!o.cancelled?.()) o.build.onIndex(built, written);
    return { count: built.index.count, asOf: earliest(built.asOf, firstAsOf) };
  }

  // Rows from the table: one call over every block; a range answered {split} is halved (the upper half stays open).
  const read = async (r: Blocks, queue: Blocks[]): Promise<void> => {
    if (o.cancelled?.()) return;
    const a = await (await configured()).fetchRows({ from: r[0], to: r[1], since, limit: ROW_LIMIT, lineId });
    if (!a.split) { a.pages.forEach(take); return; }
    const from = r[0] ?? 0;
    const to = r[1] ?? Math.max(a.blocks, from + 2);
    if (to - from <= 1) throw new Error('point index: one table block holds more points than the row limit');
    const mid = from + Math.ceil((to - from) / 2);
    queue.push([from, mid], [mid, r[1]]);
  };
  const drain = async (queue: Blocks[]): Promise<void> => {
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      for (let r = queue.shift(); r; r = queue.shift()) await read(r, queue);
    }));
    if (queue.length) await drain(queue);
  };
  await drain([[null, null]]);
  return { count, asOf };
}

/** Ids of points deleted after `since` (point_tombstones; of one line unless null). */
export async function fetchTombstones(since: string, lineId: string | null = null): Promise<{ ids: string[] }> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += TOMBSTONE_PAGE) {
    let q = supabase().from('point_tombstones').select('id, deleted_at').gt('deleted_at', since);
    if (lineId) q = q.eq('line_id', lineId);
    const { data, error } = await q.order('deleted_at').order('id').range(offset, offset + TOMBSTONE_PAGE - 1);
    if (error) throw error;
    for (const r of data ?? []) ids.push(r.id as string);
    if ((data?.length ?? 0) < TOMBSTONE_PAGE) break;
  }
  return { ids };
}

/** Slots of the index newest first, sorted by the point-index API (the main thread never sorts a million slots). */
export function sortNewestFirst(ix: PointIndex): Promise<Int32Array> {
  const created = ix.created.slice(0, ix.count);
  const idBytes = ix.idBytes.slice(0, ix.count * 16);
  return currentSession().part(workerPart).worker.api.order(ix.count, Comlink.transfer(created, [created.buffer]), Comlink.transfer(idBytes, [idBytes.buffer]));
}

/** Writes a line's replica record through the point-index API (its arrays are transferred: the caller's copies are emptied). */
export function writeReplicaIndexInWorker(rec: StoredIndex, key: string, owner: string): Promise<void> {
  return tracked(currentSession().part(workerPart).worker.api.writeReplicaIndex(Comlink.transfer(rec, pageBuffers(rec)), key, owner));
}

/** A warm open: the line's replica record (only under `owner`) as a ready index with the views of `filter` (null: none). */
export function restoreLineIndex(key: string, owner: string, filter: IndexStatusFilter = 'tous'): Promise<RestoredLine | null> {
  return currentSession().part(workerPart).worker.api.restoreLine(key, owner, filter);
}

/** A line loaded and caught up: the worker ends once no call is in flight. */
export function releasePointIndexWorker(): void {
  currentSession().part(workerPart).worker.release();
}

/** Resolves once every replica write posted so far has finished (or failed). */
export async function replicaWritesSettled(): Promise<void> {
  await Promise.allSettled([...currentSession().part(workerPart).writes]);
}

/** Starts the worker with the session's token at sign-in, so the first page request does not wait for its script. */
export async function prewarmPointIndexWorker(): Promise<void> {
  await configured();
}
