// Point-index worker: calls public.point_index() through supabase-js off the main thread, decodes the
// columnar page (src/core/pointIndex) into typed arrays and transfers them back; the same for a line's
// precomputed pages (public.point_index_pages_bin, as bytes: ./pointIndexPagesFetch.ts); builds a line's whole index from its pages on a cold load
// (src/core/pointIndex/buildFromPages.ts: finished columns, id hash and order transferred); sorts the
// newest-first order; writes the replica's index records (./replicaWrite.ts).
// The main thread never parses the large JSON answers.
import * as Comlink from 'comlink';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodePointIndexPage, pageBuffers, type RawPointIndexPage } from '../src/core/pointIndex/decode';
import type { PointIndexPage } from '../src/core/pointIndex/types';
import { buildIndexFromPages, builtBuffers, type BuildRequest, type BuiltIndex } from '../src/core/pointIndex/buildFromPages';
import { newestFirstOrder } from '../src/core/pointIndex/queries';
import type { PointIndex } from '../src/core/pointIndex/types';
import { indexBuffers, type StoredIndex } from './replicaSchema';
import { releaseBuffers } from '../src/core/releaseBuffers';
import { readIndexRecord, replicaWriteStats, writeIndexRecord } from './replicaWrite';
import { restoredFromRecord, type RestoredLine } from '../src/core/pointIndex/restored';
import { fetchPagesBinary, type PagesEndpoint } from './pointIndexPagesFetch';
import { premadeClusterColumns } from '../src/core/cluster/columns';
import { trimmedColumns } from '../src/core/pointIndex/slicedCopy';

let client: SupabaseClient | null = null;
/** Replica writes started by buildLine, by record key. */
const writes = new Map<string, Promise<void>>();
let token = '';
let endpoint: Omit<PagesEndpoint, 'token'> | null = null;

/** `lineId`: only that line's points (null: every line). */
export interface PointIndexRequest { from: number | null; to: number | null; since: string | null; limit: number; lineId: string | null }
export type PointIndexAnswer = { split: true; n: number; blocks: number } | { split: false; page: PointIndexPage };
/** Precomputed pages [from, to) of a line (public.point_index_pages): `total` is the line's size when read. */
export interface PointIndexPagesAnswer { total: number; pages: PointIndexPage[] }

const api = {
  /** Sets the project URL, the anon key and the user's access token (called again after each token refresh). */
  configure(url: string, anonKey: string, accessToken: string): void {
    token = accessToken;
    endpoint = { url, anonKey };
    client ??= createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: (input, init) => fetch(input, { ...init, headers: withToken(init?.headers) }) },
    });
  },

  /** One page of the index (or {split} when the block range holds more than `limit` points). */
  async fetch(req: PointIndexRequest): Promise<PointIndexAnswer> {
    if (!client) throw new Error('point index worker not configured');
    const { data, error } = await client.rpc('point_index', {
      p_block_from: req.from, p_block_to: req.to, p_since: req.since, p_limit: req.limit, p_line_id: req.lineId,
    });
    if (error) throw Object.assign(new Error(error.message), { code: error.code, details: error.details });
    const raw = data as RawPointIndexPage;
    if (raw.split) return { split: true, n: Number(raw.n), blocks: Number(raw.blocks) || 0 };
    const page = decodePointIndexPage(raw);
    return Comlink.transfer({ split: false, page }, pageBuffers(page));
  },

  /** Precomputed pages [from, to) of a line, decoded (each page carries the answer's reading time). */
  async fetchPages(lineId: string, from: number, to: number): Promise<PointIndexPagesAnswer> {
    const answer = await readPages(lineId, from, to);
    return Comlink.transfer(answer, answer.pages.flatMap(pageBuffers));
  },

  /**
   * A line's index from its pages `req.ranges` and the seed (transferred here), built here and transferred back.
   * `replica`: also write it as the line's replica record (copies of the columns, written here while the index goes
   * back; the main thread awaits the write with replicaWritten), the cursor being the earliest reading of the first
   * pages and these.
   */
  async buildLine(lineId: string, req: BuildRequest, replica: { key: string; owner: string; firstAsOf: string | null } | null = null): Promise<BuiltIndex> {
    const built = await buildIndexFromPages(req, (from, to) => readPages(lineId, from, to));
    if (replica) {
      const asOf = built.asOf && (!replica.firstAsOf || built.asOf < replica.firstAsOf) ? built.asOf : replica.firstAsOf;
      const rec: StoredIndex = { ...trimmedColumns(built.index), cursorMs: asOf ? Date.parse(asOf) : 0, savedAt: Date.now() };
      const write = writeIndexRecord(rec, replica.key, replica.owner);
      write.catch(() => undefined); // read (and its failure reported) through replicaWritten
      writes.set(replica.key, write);
    }
    built.cluster = premadeClusterColumns(built.index); // mapped here, not on the main thread
    return Comlink.transfer(built, builtBuffers(built));
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

  /**
   * A warm open: the line's replica record (only under `owner`) as a finished index with its id hash and newest-first
   * order, built here and transferred (at 1M the copy, the hash and the sort stay off the main thread); null when
   * there is no record.
   */
  async restoreLine(key: string, owner: string): Promise<RestoredLine | null> {
    const rec = await readIndexRecord(key, owner);
    if (!rec || !rec.count) return null;
    const out = restoredFromRecord(rec);
    releaseBuffers(indexBuffers(rec)); // copied into the index: 52 MB at 1M points freed now, not at an idle worker's GC
    out.cluster = premadeClusterColumns(out.index); // mapped here, not on the main thread
    return Comlink.transfer(out, builtBuffers({ index: out.index, order: out.order, asOf: null, maxUpdated: null, cluster: out.cluster }));
  },

  /** Writes a line's replica record (its arrays were transferred here): the clone and the write stay off the main thread. */
  writeReplicaIndex(rec: StoredIndex, key: string, owner: string): Promise<void> { return writeIndexRecord(rec, key, owner); },
  replicaStats(): { writes: number } { return { ...replicaWriteStats }; },
};

/** Pages [from, to) of a line, read as bytes (public.point_index_pages_bin). */
async function readPages(lineId: string, from: number, to: number): Promise<PointIndexPagesAnswer> {
  if (!endpoint) throw new Error('point index worker not configured');
  return fetchPagesBinary({ ...endpoint, token }, lineId, from, to);
}

function withToken(headers: HeadersInit | undefined): Headers {
  const h = new Headers(headers);
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}


export type PointIndexWorkerApi = typeof api;
Comlink.expose(api);
