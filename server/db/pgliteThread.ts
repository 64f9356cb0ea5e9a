// PGlite adapter of the Database interface whose database runs in a worker thread (server/db/pgliteWorker.mjs),
// so a long statement never stalls the main thread's other answers. Same semantics as running PGlite
// in process: one session, transactions hold PGlite's exclusive lock, requests switch role with set_config.
// Request statements run under their role's statement_timeout, cancelled by the worker (pgliteDeadline.mjs).
import type { Database, QueryOptions, QueryResult, Queryable, RequestContext, Row } from './types';
import { REQUEST_SETUP_SQL, requestSetupParams } from './request';
import { inProcessLock } from './locks';
import { inWorkerTransaction, startWorkerCalls } from './workerCalls';
import { readRoleTimeouts, timeoutMs } from './roleTimeouts';

/**
 * Opens PGlite at `dir` (created when missing) or in memory when `dir` is undefined; `loadDataDir` (a gzip tarball of
 * dumpDataDir) fills the new database instead of an empty cluster.
 */
export async function openPgliteThread(dir?: string, opts: { loadDataDir?: Uint8Array } = {}): Promise<Database> {
  const listeners = new Map<number, (payload: string) => void>();
  let nextListenId = 1;
  const { call, close } = await startWorkerCalls(new URL('./pgliteWorker.mjs', import.meta.url), { dir, loadDataDir: opts.loadDataDir },
    (listenId, payload) => listeners.get(listenId)?.(payload));
  const queryable = (tx?: number): Queryable => ({
    query: <T = Row>(sql: string, params?: unknown[], opts?: QueryOptions) =>
      call<QueryResult<T>>({ op: 'query', sql, params, tx, ...(opts?.base64Bytes ? { base64Bytes: opts.base64Bytes } : {}) }),
  });
  /** `timeoutMs`: the time limit of the whole transaction once it holds PGlite (a request's role statement_timeout). */
  function inTransaction<T>(fn: (tx: Queryable) => Promise<T>, setup?: (tx: Queryable) => Promise<void>, timeoutMs?: number): Promise<T> {
    return inWorkerTransaction(call, { timeoutMs }, async (tx) => {
      const q = queryable(tx);
      if (setup) await setup(q);
      return fn(q);
    });
  }

  const base = queryable();
  // Read at the first request (the roles and their settings exist once migrated), then kept.
  let roleTimeouts: Promise<Map<string, number>> | null = null;
  const roleTimeoutMs = async (role: string) => {
    roleTimeouts ??= readRoleTimeouts(base).then((m) => new Map([...m].map(([r, v]) => [r, timeoutMs(v)])))
      .catch((e) => { roleTimeouts = null; throw e; });
    return (await roleTimeouts).get(role) ?? 0;
  };
  return {
    kind: 'pglite',
    admin: {
      query: base.query,
      async exec(sql: string) { await call({ op: 'exec', sql }); },
      transaction: (fn) => inTransaction(fn),
    },
    withLock: inProcessLock(),
    async asRequest<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const params = requestSetupParams(ctx);
      return inTransaction(fn, async (tx) => {
        if (ctx.readOnly) await tx.query('set transaction read only');
        await tx.query(REQUEST_SETUP_SQL, params);
      }, await roleTimeoutMs(ctx.role));
    },
    async listen(channel, onPayload) {
      const listenId = nextListenId++;
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
    close,
  };
}
