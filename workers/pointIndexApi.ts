// The point-index API, in its worker or on the main thread where none starts (src/platform/workerHost.ts): reads and
// decodes the index's pages and rows, builds a line's index, sorts, reads and writes the replica's index records.
import * as Comlink from 'comlink';
import type { PointIndex } from '../src/core/pointIndex/types';
import type { PointIndexAnswer } from '../src/core/pointIndex/decodeBinary';
import { pageBuffers } from '../src/core/pointIndex/store';
import { buildIndexFromPages, builtBuffers, type BuildRequest, type BuiltIndex, type ReadyIndex } from '../src/core/pointIndex/buildFromPages';
import { indexViews, newestFirstOrder, type IndexStatusFilter } from '../src/core/pointIndex/queries';
import { earliest } from '../src/core/pointIndex/readingTimes';
import { releaseBuffers } from '../src/core/releaseBuffers';
import { readIndexRecord, writeIndexRecord } from './replicaWrite';
import { restoredFromRecord, type RestoredLine, type StoredIndex } from '../src/core/pointIndex/restored';
import { fetchBinary, type Endpoint } from './pointIndexFetch';
import { premadeClusterColumns } from '../src/core/cluster/columns';
import { trimmedColumns } from '../src/core/pointIndex/slicedCopy';

/** Rows of table blocks [from, to) (null: open), updated after `since`, of line `lineId` (null: every line). */
export interface RowsRequest { from: number | null; to: number | null; since: string | null; limit: number; lineId: string | null }
/** Where a line's replica record is written by buildLine; `firstAsOf`: the earliest reading of the pages read before. */
export interface BuildReplica { key: string; owner: string; firstAsOf: string | null }

export function createPointIndexApi() {
  let endpoint: Endpoint | null = null;
  /** Replica writes started by buildLine, by record key. */
  const writes = new Map<string, Promise<void>>();

  const read = (fn: string, args: Record<string, unknown>): Promise<PointIndexAnswer> => {
    if (!endpoint) throw new Error('point index API not configured');
    return fetchBinary(endpoint, fn, args);
  };
  /** Pages [from, to) of a line. */
  const readPages = (lineId: string, from: number, to: number) => read('point_index_pages_bin', { p_line_id: lineId, p_page_from: from, p_page_to: to });
  const transferred = (a: PointIndexAnswer) => Comlink.transfer(a, a.pages.flatMap(pageBuffers));
  /** A ready index with the map's cluster columns and the views of `filter` (the one shown), transferred. */
  const handedOver = <T extends ReadyIndex>(ready: T, filter: IndexStatusFilter): T => {
    ready.cluster = premadeClusterColumns(ready.index);
    ready.views = indexViews(ready.index, ready.order, filter);
    return Comlink.transfer(ready, builtBuffers(ready));
  };

  return {
    /** Sets the project URL, the anon key and the user's access token (called again after each token refresh). */
    configure(url: string, anonKey: string, accessToken: string): void {
      endpoint = { url, anonKey, token: accessToken };
    },

    /** Rows read from the table, as one page (or {split} when the block range holds more than `limit` points). */
    async fetchRows(req: RowsRequest): Promise<PointIndexAnswer> {
      return transferred(await read('point_index_bin', {
        p_block_from: req.from, p_block_to: req.to, p_since: req.since, p_limit: req.limit, p_line_id: req.lineId,
      }));
    },

    /** Precomputed pages [from, to) of a line (`total`: the line's size). */
    async fetchPages(lineId: string, from: number, to: number): Promise<PointIndexAnswer> {
      return transferred(await readPages(lineId, from, to));
    },

    /** A line's index from its pages `req.ranges` and the seed, with the views of `filter`. `replica`: also written as
     * the line's record (awaited with replicaWritten), its cursor the earliest reading of every page. */
    async buildLine(lineId: string, req: BuildRequest, replica: BuildReplica | null, filter: IndexStatusFilter): Promise<BuiltIndex> {
      const built = await buildIndexFromPages(req, (from, to) => readPages(lineId, from, to));
      if (replica) {
        const asOf = earliest(built.asOf, replica.firstAsOf);
        const rec: StoredIndex = { ...trimmedColumns(built.index), cursorMs: asOf ? Date.parse(asOf) : 0, savedAt: Date.now() };
        const write = writeIndexRecord(rec, replica.key, replica.owner);
        write.catch(() => undefined); // read (and its failure reported) through replicaWritten
        writes.set(replica.key, write);
      }
      return handedOver(built, filter);
    },

    /** The replica write a buildLine started for `key` (resolved when none). */
    replicaWritten(key: string): Promise<void> {
      const w = writes.get(key);
      writes.delete(key);
      return w ?? Promise.resolve();
    },

    /** Slots newest first (created desc, id asc) of the given columns (copies; the result is transferred). */
    order(count: number, created: Float64Array, idBytes: Uint8Array): Int32Array {
      const order = newestFirstOrder({ count, created, idBytes } as PointIndex);
      return Comlink.transfer(order, [order.buffer as ArrayBuffer]);
    },

    /** A warm open: the line's replica record (only under `owner`) as a ready index with the views of `filter` (null: none). */
    async restoreLine(key: string, owner: string, filter: IndexStatusFilter): Promise<RestoredLine | null> {
      const rec = await readIndexRecord(key, owner);
      if (!rec || !rec.count) return null;
      const out = restoredFromRecord(rec);
      releaseBuffers(pageBuffers(rec)); // copied into the index: its arrays freed now, not at the next GC
      return handedOver(out, filter);
    },

    /** Writes a line's replica record (its arrays were transferred here): the clone and the write stay here. */
    writeReplicaIndex(rec: StoredIndex, key: string, owner: string): Promise<void> { return writeIndexRecord(rec, key, owner); },
  };
}

export type PointIndexApi = ReturnType<typeof createPointIndexApi>;
