// The main thread's side of a database worker thread (pgliteThread.ts, postgresThread.ts): numbered calls by
// message, their replies matched back (errors with PostgreSQL's fields), the worker kept alive only while a call
// waits, every waiting call failed when the worker dies or closes. The worker side is workerReplies.mjs.
import { Worker } from 'node:worker_threads';

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, string> };
type Ready = { ready: boolean; error?: Record<string, string> };
type Notify = { notify: number; payload: string };

/** A database error from the worker, with PostgreSQL's fields (code, detail, hint, …) as the driver throws them. */
export class WorkerDbError extends Error {
  constructor(fields: Record<string, string>) {
    super(fields.message);
    Object.assign(this, fields);
  }
}

export interface WorkerCalls {
  /** Posts `{...msg, id}` and settles with the worker's reply; fails at once once the worker died or closed. */
  call<T>(msg: Record<string, unknown>): Promise<T>;
  /** Asks the worker to close (op 'close'), terminates it and fails the calls still waiting. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the worker and resolves once it posted `{ready: true}`; rejects with its error when it posts
 * `{ready: false, error}` or throws while starting. `onNotify` receives the worker's `{notify, payload}` messages.
 */
export async function startWorkerCalls(
  url: URL,
  workerData: unknown,
  onNotify?: (listenId: number, payload: string) => void,
): Promise<WorkerCalls> {
  const worker = new Worker(url, { workerData });
  const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let failed: Error | null = null;
  let closed = false;
  let closing: Promise<void> | null = null;
  // The worker keeps the process alive only while a call waits for it (a listening server keeps it alive anyway).
  const refresh = () => { if (calls.size > 0) worker.ref(); else worker.unref(); };
  const failAll = (e: unknown) => {
    for (const c of calls.values()) c.reject(e);
    calls.clear();
  };

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (m: Reply | Ready | Notify) => {
      if ('ready' in m) {
        worker.off('error', reject);
        if (m.ready) resolve();
        else { reject(new WorkerDbError(m.error ?? { message: 'the database worker failed to start' })); void worker.terminate(); }
        return;
      }
      if ('notify' in m) { onNotify?.(m.notify, m.payload); return; }
      const c = calls.get(m.id);
      if (!c) return;
      calls.delete(m.id);
      refresh();
      if (m.ok) c.resolve(m.value); else c.reject(new WorkerDbError(m.error));
    });
  });
  worker.on('error', (e) => { failed = e; failAll(e); });

  function call<T>(msg: Record<string, unknown>): Promise<T> {
    if (failed) return Promise.reject(failed);
    // After close a call fails at once (a /ready probe, a late listener) instead of waiting forever.
    if (closed) return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      calls.set(id, { resolve: resolve as (v: unknown) => void, reject });
      refresh();
      worker.postMessage({ ...msg, id });
    });
  }

  return {
    call,
    close() {
      closing ??= (async () => {
        await call({ op: 'close' }).catch(() => undefined);
        closed = true;
        await worker.terminate();
        failAll(new Error('the database is closed'));
      })();
      return closing;
    },
  };
}

/**
 * One transaction in the worker: `begin` (the worker answers a transaction id), then fn with that id, then
 * `{op: 'end', tx, commit}`: committed, or rolled back when fn throws (fn's error is what the caller sees).
 */
export async function inWorkerTransaction<T>(
  call: WorkerCalls['call'],
  begin: Record<string, unknown>,
  fn: (tx: number) => Promise<T>,
): Promise<T> {
  const tx = await call<number>({ ...begin, op: 'begin' });
  let out: T;
  try {
    out = await fn(tx);
  } catch (e) {
    await call({ op: 'end', tx, commit: false }).catch(() => undefined);
    throw e;
  }
  await call({ op: 'end', tx, commit: true });
  return out;
}
