// The main thread's side of the PostgreSQL request pool run in a worker thread (server/db/postgresRequestWorker.mjs):
// a request's transaction is begun there (role switch and setup included), its queries sent by message, and its
// results (one json text value for a read, however large) come back already parsed, so the main thread never
// parses a big result. Messages: {op:'begin', readOnly, setup} → tx id; {op:'query', tx, sql, params} → result;
// {op:'end', tx, commit}; {op:'close'}. A query's `bytes` columns come back as transferred UTF-8 bytes.
import type { QueryOptions, QueryResult, Queryable, Row } from './types';
import { inWorkerTransaction, startWorkerCalls } from './workerCalls';

export interface RequestThread {
  /** One transaction: `setup` statements first (role, claims, timeout), then fn; committed, or rolled back when fn throws. */
  transaction<T>(readOnly: boolean, setup: { sql: string; params: unknown[] }[], fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the worker and waits until its pool has connected (rejects with the connection error, code included). */
export async function openRequestThread(url: string, max: number): Promise<RequestThread> {
  const { call, close } = await startWorkerCalls(new URL('./postgresRequestWorker.mjs', import.meta.url), { url, max });
  return {
    transaction: (readOnly, setup, fn) => inWorkerTransaction(call, { readOnly, setup }, (tx) => fn({
      query: async <T = Row>(sql: string, params?: unknown[], opts?: QueryOptions) => {
        const r = await call<QueryResult<T>>({ op: 'query', tx, sql, params, bytes: opts?.bytes, ...(opts?.base64Bytes ? { base64Bytes: opts.base64Bytes } : {}) });
        if (opts?.bytes) {
          // Transferred Uint8Arrays → Buffers over the same memory (no copy).
          for (const row of r.rows as Record<string, unknown>[]) {
            for (const k of opts.bytes) { const v = row[k]; if (v instanceof Uint8Array) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength); }
          }
        }
        return r;
      },
    })),
    close,
  };
}
