// The main thread's side of the PostgreSQL request pool run in a worker thread (server/db/postgresRequestWorker.mjs):
// a request's transaction is begun there (role switch and setup included), its queries sent by message, and its
// results (one json text value for a read, however large) come back already parsed, so the main thread never
// parses a big result. Messages: {op:'begin', readOnly, setup} → tx id; {op:'query', tx, sql, params} → result;
// {op:'end', tx, commit}; {op:'close'}. A query's `bytes` columns come back as transferred UTF-8 bytes.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, QueryResult, Queryable, Row } from './types';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };

/** A database error from the worker, with PostgreSQL's fields (code, detail, hint, …) as pg throws them. */
class WorkerDbError extends Error {
  constructor(fields: Record<string, string>) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

export interface RequestThread {
  /** One transaction: `setup` statements first (role, claims, timeout), then fn; committed, or rolled back when fn throws. */
  transaction<T>(readOnly: boolean, setup: { sql: string; params: unknown[] }[], fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Starts the worker and waits until its pool has connected (rejects with the connection error, code included). */
export async function openRequestThread(url: string, max: number): Promise<RequestThread> {
  const worker = new Worker(new URL('./postgresRequestWorker.mjs', import.meta.url), { workerData: { url, max } });
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let failed: Error | null = null;
  let closed = false;
  const refresh = () => { if (calls.size > 0) worker.ref(); else worker.unref(); };

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: Reply | { ready: boolean; error?: Record<string, string> }) => {
      if ('ready' in m) {
        worker.off('error', reject);
        if (m.ready) resolve();
        else { reject(new WorkerDbError(m.error ?? { message: 'request pool failed' })); void worker.terminate(); }
        return;
      }
      const c = calls.get(m.id);
      if (!c) return;
      calls.delete(m.id);
      refresh();
      if (m.ok) c.resolve(m.value); else c.reject(new WorkerDbError(m.error));
    });
  });
  worker.on('error', (e) => {
    failed = e;
    for (const c of calls.values()) c.reject(e);
    calls.clear();
  });

  function call<T>(msg: Record<string, unknown>): Promise<T> {
    if (failed) return Promise.reject(failed);
    if (closed) return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      refresh();
      worker.postMessage({ ...msg, id });
    });
  }

  return {
    async transaction(readOnly, setup, fn) {
      const tx = await call<number>({ op: 'begin', readOnly, setup });
      const q: Queryable = {
        query: async <T = Row>(sql: string, params?: unknown[], opts?: QueryOptions) => {
          const r = await call<QueryResult<T>>({ op: 'query', tx, sql, params, bytes: opts?.bytes });
          if (opts?.bytes) {
            // Transferred Uint8Arrays → Buffers over the same memory (no copy).
            for (const row of r.rows as Record<string, unknown>[]) {
              for (const k of opts.bytes) { const v = row[k]; if (v instanceof Uint8Array) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength); }
            }
          }
          return r;
        },
      };
      let out;
      try {
        out = await fn(q);
      } catch (e) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw e;
      }
      await call({ op: 'end', tx, commit: true });
      return out;
    },
    async close() {
      if (closed) return;
      await call({ op: 'close' }).catch(() => undefined);
      closed = true;
      await worker.terminate();
      for (const c of calls.values()) c.reject(new Error('the database is closed'));
      calls.clear();
    },
  };
}
