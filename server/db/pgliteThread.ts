// PGlite adapter of the Database interface whose database runs in a worker thread (server/db/pgliteWorker.mjs),
// so a long statement never stalls the main thread's other answers (issue 27). Same semantics as running PGlite
// in process: one session, transactions hold PGlite's exclusive lock, requests switch role with set_config.
import { Worker } from 'node:worker_threads';
import type { Database, QueryResult, Queryable, RequestContext, Row } from './types';
import { REQUEST_SETUP_SQL, requestSetupParams } from './request';
import { inProcessLock } from './locks';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };

/** A database error from the worker, with PostgreSQL's fields (code, detail, hint, …) as PGlite throws them. */
class WorkerDbError extends Error {
  constructor(fields: Record<string, string>) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

export async function openPgliteThread(dir?: string): Promise<Database> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dir } });
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let failed: Error | null = null;
  let terminated = false;
  // The worker keeps the process alive only while a call waits for it (a listening server keeps it alive anyway).
  const refresh = () => { if (calls.size > 0) worker.ref(); else worker.unref(); };

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: Reply | { ready: true } | { notify: number; payload: string }) => {
      if ('ready' in m) { worker.off('error', reject); resolve(); return; }
      if ('notify' in m) { listeners.get(m.notify)?.(m.payload); return; }
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
    // After close a call fails at once (a /ready probe, a late listener) instead of waiting forever.
    if (terminated) return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      refresh();
      worker.postMessage({ ...msg, id });
    });
  }
  const queryable = (tx?: number): Queryable => ({
    query: <T = Row>(sql: string, params?: unknown[]) => call<QueryResult<T>>({ op: 'query', sql, params, tx }),
  });
  async function inTransaction<T>(fn: (tx: Queryable) => Promise<T>, setup?: (tx: Queryable) => Promise<void>): Promise<T> {
    const tx = await call<number>({ op: 'begin' });
    let out: T;
    try {
      const q = queryable(tx);
      if (setup) await setup(q);
      out = await fn(q);
    } catch (e) {
      await call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw e;
    }
    await call({ op: 'end', tx, commit: true });
    return out;
  }

  const base = queryable();
  let closed = false;
  return {
    kind: 'pglite',
    admin: {
      query: base.query,
      async exec(sql: string) { await call({ op: 'exec', sql }); },
      transaction: (fn) => inTransaction(fn),
    },
    withLock: inProcessLock(),
    asRequest<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const params = requestSetupParams(ctx);
      return inTransaction(fn, async (tx) => {
        if (ctx.readOnly) await tx.query('set transaction read only');
        await tx.query(REQUEST_SETUP_SQL, params);
      });
    },
    async listen(channel, onPayload) {
      const listenId = nextId++;
      listeners.set(listenId, onPayload);
      await call({ op: 'listen', channel, listenId });
      return async () => {
        if (!listeners.delete(listenId)) return;
        await call({ op: 'unlisten', listenId }).catch(() => undefined);
      };
    },
    // The transaction holds every other statement back while the worker copies the data directory (server/ops).
    dumpDataDir: (before) => inTransaction(async (tx) => {
      const result = await before(tx);
      const bytes = await call<Uint8Array<ArrayBuffer>>({ op: 'dumpDataDir' });
      return { tarball: new Blob([bytes]), before: result };
    }),
    async close() {
      if (closed) return;
      closed = true;
      await call({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
      terminated = true;
      for (const c of calls.values()) c.reject(new Error('the database is closed'));
      calls.clear();
    },
  };
}
