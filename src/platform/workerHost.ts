// The one way to run a Comlink worker: start it, fall back to the same API on the main thread where a worker
// cannot start (no Worker constructor, a refused or failed module load), and end it. Both paths go through
// Comlink (the fallback over a MessageChannel), so callers get the same async calls, structured clones and
// transfers either way. `hostWorker` starts one now; `onDemandWorker` starts it at the first call and ends it once
// idle (no call in flight) for a while. A call still running when the worker is ended rejects (never hangs).
// See CONTRIBUTING.md#where-things-go.
import * as Comlink from 'comlink';

export type WorkerPlace = 'worker' | 'main-thread';

export interface WorkerSpec<T> {
  /**
   * Starts the worker. Write `new Worker(new URL('../../workers/x.worker.ts', import.meta.url), { type: 'module' })`
   * literally inside this function at the call site: that is the form Vite bundles.
   */
  create: () => Worker;
  /** The same API on the main thread, used when the worker cannot start (may be loaded lazily). */
  fallback: () => T | Promise<T>;
  /** Told once when the fallback takes over, with the reason (to log it). */
  onFallback?: (reason: unknown) => void;
}

export interface HostedWorker<T> {
  /** Method calls, forwarded once the worker has answered or the fallback has taken over. */
  readonly api: Comlink.Remote<T>;
  /** Where the calls run; resolves once known (never rejects). */
  readonly ready: Promise<WorkerPlace>;
  /** Ends the worker (or the fallback channel); later calls reject. Idempotent. */
  terminate(): void;
}

/** Property read on start: any answer, even `undefined`, proves the worker loaded and exposed its API. */
const PROBE = '__workerHostProbe';

export function hostWorker<T extends object>(spec: WorkerSpec<T>): HostedWorker<T> {
  let terminated = false;
  let worker: Worker | null = null;
  let remote: Comlink.Remote<T> | null = null;
  const proxies: Comlink.Remote<T>[] = []; // released at terminate (see releaseAll)
  const detach: (() => void)[] = []; // listeners of a start still waiting, removed at terminate
  const ports: MessagePort[] = [];
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => { stop = resolve; });

  const startFallback = async (reason: unknown): Promise<WorkerPlace> => {
    spec.onFallback?.(reason);
    const impl = await spec.fallback();
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    Comlink.expose(impl, port1);
    remote = Comlink.wrap<T>(port2);
    proxies.push(remote);
    if (terminated) closeAll();
    return 'main-thread';
  };

  const startWorker = (w: Worker): Promise<WorkerPlace> =>
    new Promise<WorkerPlace>((resolve) => {
      let settled = false;
      const fail = (event: Event) => {
        if (settled) return;
        settled = true;
        w.terminate();
        worker = null;
        resolve(startFallback((event as ErrorEvent).error ?? new Error(`worker failed to start (${event.type})`)));
      };
      w.addEventListener('error', fail, { once: true });
      w.addEventListener('messageerror', fail, { once: true });
      detach.push(() => { w.removeEventListener('error', fail); w.removeEventListener('messageerror', fail); });
      const wrapped = Comlink.wrap<T>(w);
      proxies.push(wrapped);
      void (async () => {
        await (wrapped as unknown as Record<string, Promise<unknown>>)[PROBE];
        if (settled) return;
        settled = true;
        w.removeEventListener('error', fail);
        w.removeEventListener('messageerror', fail);
        remote = wrapped;
        resolve('worker');
      })();
    });

  let ready: Promise<WorkerPlace>;
  try {
    worker = spec.create();
    ready = startWorker(worker);
  } catch (e) {
    ready = startFallback(e);
  }

  // Comlink registers each proxy in a FinalizationRegistry that holds the endpoint (the Worker or port) strongly until
  // the proxy is collected, and the endpoint's message listener holds the resolvers of calls still waiting (the
  // probe, a call in flight at sign-out) and through them their callers: a cycle the collector never breaks, which
  // kept a signed-out user's map (and the user) alive. Releasing a proxy unregisters it and drops those resolvers.
  function releaseAll() {
    for (const p of proxies.splice(0)) {
      try { p[Comlink.releaseProxy](); } catch { /* already released */ }
    }
  }

  function closeAll() {
    for (const d of detach.splice(0)) d();
    releaseAll();
    worker?.terminate();
    worker = null;
    for (const p of ports) p.close();
    ports.length = 0;
  }

  const api = new Proxy({} as Comlink.Remote<T>, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined; // not a thenable itself
      return async (...args: unknown[]) => {
        await Promise.race([ready, stopped]);
        if (terminated || !remote) throw new Error(`worker host: '${name}' called after terminate()`);
        const method = (remote as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name];
        // Ended mid-call (e.g. sign-out): the answer will never come, so the call rejects.
        return Promise.race([method(...args), stopped.then(() => { throw new Error(`worker host: '${name}' ended by terminate()`); })]);
      };
    },
  });

  return {
    api,
    ready,
    terminate() {
      if (terminated) return;
      terminated = true;
      closeAll();
      stop();
    },
  };
}

export interface OnDemandWorker<T> {
  /** Method calls: the first one starts the worker (or its fallback); it ends once idle for `idleMs`. */
  readonly api: Comlink.Remote<T>;
  /** Ends the worker now (calls in flight reject); the next call starts a new one. */
  terminate(): void;
  /** Starts the worker ahead of a likely call (its module loaded and compiled meanwhile); it ends after `idleMs`
   * if no call comes. */
  warm(): void;
  /** The work of the moment is done: the worker ends as soon as no call is in flight (at once when none), not
   * `idleMs` later; a call made after this starts a new period. */
  release(): void;
}

/**
 * A worker started at the first call and ended once no call has been in flight for `idleMs`: its isolate's memory
 * returns between uses. Only for APIs without state between calls, or whose state the caller sets again before each
 * use (the point-index worker's access token): state kept between calls is lost when it ends.
 */
export function onDemandWorker<T extends object>(spec: WorkerSpec<T>, idleMs: number): OnDemandWorker<T> {
  let host: HostedWorker<T> | null = null;
  let inFlight = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let released = false;
  const end = () => { clearTimeout(idleTimer); host?.terminate(); host = null; };
  const api = new Proxy({} as Comlink.Remote<T>, {
    get(_target, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        clearTimeout(idleTimer);
        released = false;
        host ??= hostWorker(spec);
        const mine = host;
        inFlight++;
        try {
          return await (mine.api as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name](...args);
        } finally {
          inFlight--;
          if (inFlight === 0 && host === mine) idleTimer = setTimeout(end, released ? 0 : idleMs);
        }
      };
    },
  });
  const warm = () => {
    if (host) return;
    host = hostWorker(spec);
    clearTimeout(idleTimer);
    idleTimer = setTimeout(end, idleMs);
  };
  const release = () => {
    released = true;
    if (inFlight === 0) end();
  };
  return { api, terminate: end, warm, release };
}
