// Worker host in Node (no Worker constructor here): the main-thread fallback keeps Comlink's semantics (async,
// structured clones, transfers), a worker that fails to load is replaced by the fallback and ended, a worker that
// answers is used, and terminate() ends everything. The real module worker in Chromium: workerHost.browser.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Comlink from 'comlink';
import { hostWorker, onDemandWorker, type HostedWorker } from './workerHost';

const makeApi = (tag: string) => ({
  calls: 0,
  where() { return tag; },
  sum(xs: Float64Array) { this.calls++; return xs.reduce((a, b) => a + b, 0); },
  mutate(o: { n: number }) { o.n = 99; return o.n; },
});
type Api = ReturnType<typeof makeApi>;

/** A Worker stand-in over a MessageChannel: its other end runs `impl` with Comlink, like a worker script would. */
function channelWorker(impl: object) {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(impl, port1);
  const terminate = vi.fn(() => { port1.close(); port2.close(); });
  return Object.assign(port2, { terminate, onerror: null }) as unknown as Worker & { terminate: typeof terminate };
}

/** A Worker stand-in whose script fails to load: it never answers and fires 'error' asynchronously. */
function brokenWorker() {
  const target = new EventTarget();
  const terminate = vi.fn();
  const w = Object.assign(target, { postMessage: () => undefined, terminate, onerror: null });
  setTimeout(() => target.dispatchEvent(new Event('error')), 10);
  return w as unknown as Worker & { terminate: typeof terminate };
}

/** How many of the Worker stand-ins `create` made are running: made and not ended. */
const running = (made: { terminate: ReturnType<typeof vi.fn> }[]) => made.filter((w) => w.terminate.mock.calls.length === 0).length;

const hosts: HostedWorker<unknown>[] = [];
afterEach(() => { hosts.splice(0).forEach((h) => h.terminate()); });
function host(spec: Parameters<typeof hostWorker<Api>>[0]) {
  const h = hostWorker<Api>(spec);
  hosts.push(h as HostedWorker<unknown>);
  return h;
}

describe('hostWorker', () => {
  it('runs the API on the main thread when the worker cannot be constructed, with Comlink semantics', async () => {
    const local = makeApi('main');
    const onFallback = vi.fn();
    const h = host({ create: () => { throw new ReferenceError('Worker is not defined'); }, fallback: () => local, onFallback });
    expect(await h.ready).toBe('main-thread');
    expect(onFallback).toHaveBeenCalledWith(expect.any(ReferenceError));
    expect(await h.api.where()).toBe('main');

    const xs = new Float64Array([1, 2, 3.5]);
    expect(await h.api.sum(Comlink.transfer(xs, [xs.buffer]))).toBe(6.5);
    expect(xs.byteLength).toBe(0); // transferred, as to a real worker

    const arg = { n: 1 };
    expect(await h.api.mutate(arg)).toBe(99);
    expect(arg.n).toBe(1); // the fallback got a structured clone, not the caller's object
    expect(local.calls).toBe(1);
  });

  it('loads the fallback lazily, only when needed', async () => {
    const fallback = vi.fn(async () => makeApi('lazy'));
    const h = host({ create: () => { throw new Error('blocked by CSP'); }, fallback });
    expect(await h.api.where()).toBe('lazy');
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('uses the worker once it answers, and never starts the fallback', async () => {
    const fallback = vi.fn(() => makeApi('main'));
    const w = channelWorker(makeApi('worker'));
    const h = host({ create: () => w, fallback });
    expect(await h.api.where()).toBe('worker'); // a call made before the worker answered waits for it
    expect(await h.ready).toBe('worker');
    expect(fallback).not.toHaveBeenCalled();
    h.terminate();
    expect(w.terminate).toHaveBeenCalledTimes(1);
  });

  it('replaces a worker whose script fails to load by the fallback, and ends the broken worker', async () => {
    const w = brokenWorker();
    const onFallback = vi.fn();
    const h = host({ create: () => w, fallback: () => makeApi('main'), onFallback });
    expect(await h.api.where()).toBe('main');
    expect(await h.ready).toBe('main-thread');
    expect(w.terminate).toHaveBeenCalledTimes(1);
    expect(onFallback).toHaveBeenCalledTimes(1);
  });

  it('rejects calls after terminate(), including calls still waiting for the worker, and terminates once', async () => {
    const w = brokenWorker();
    const h = host({ create: () => w, fallback: () => makeApi('main') });
    const waiting = h.api.where();
    h.terminate();
    h.terminate();
    await expect(waiting).rejects.toThrow("worker host: 'where' called after terminate()");
    await expect(h.api.sum(new Float64Array(1))).rejects.toThrow('after terminate()');
    expect(w.terminate).toHaveBeenCalledTimes(1);
  });

  it('is not mistaken for a promise (awaiting the api does not hang)', async () => {
    const h = host({ create: () => { throw new Error('no worker'); }, fallback: () => makeApi('main') });
    expect(await Promise.resolve(h.api)).toBe(h.api);
  });
  it('rejects a call still running when terminate() ends the worker (it would never be answered)', async () => {
    const slow = { wait: () => new Promise<never>(() => undefined) };
    const w = channelWorker(slow);
    const h = hostWorker<typeof slow>({ create: () => w, fallback: () => slow });
    await h.ready;
    const running = h.api.wait();
    await new Promise((r) => setTimeout(r, 10));
    h.terminate();
    await expect(running).rejects.toThrow("worker host: 'wait' ended by terminate()");
  });
});

describe('onDemandWorker', () => {
  it('starts at the first call, ends once idle, and starts again at the next call', async () => {
    const created: ReturnType<typeof channelWorker>[] = [];
    const d = onDemandWorker<Api>({ create: () => { const w = channelWorker(makeApi('worker')); created.push(w); return w; }, fallback: () => makeApi('main') }, 30);
    expect(running(created)).toBe(0);
    expect(created).toHaveLength(0);
    expect(await d.api.where()).toBe('worker');
    expect(await d.api.where()).toBe('worker'); // within the idle delay: the same worker
    expect(created).toHaveLength(1);
    expect(running(created)).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(running(created)).toBe(0);
    expect(created[0].terminate).toHaveBeenCalledTimes(1);
    expect(await d.api.where()).toBe('worker');
    expect(created).toHaveLength(2);
    d.terminate();
    expect(created[1].terminate).toHaveBeenCalledTimes(1);
  });

  it('warm() starts the worker before any call; the next call uses it; unused, it ends after the idle delay', async () => {
    const created: ReturnType<typeof channelWorker>[] = [];
    const d = onDemandWorker<Api>({ create: () => { const w = channelWorker(makeApi('worker')); created.push(w); return w; }, fallback: () => makeApi('main') }, 30);
    d.warm();
    expect(running(created)).toBe(1);
    expect(created).toHaveLength(1);
    d.warm(); // already running: nothing new
    expect(await d.api.where()).toBe('worker');
    expect(created).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 80));
    expect(running(created)).toBe(0);
    d.warm();
    await new Promise((r) => setTimeout(r, 80)); // warmed, never called
    expect(running(created)).toBe(0);
    expect(created[1].terminate).toHaveBeenCalledTimes(1);
  });

  it('release() ends it once the calls in flight are answered, not after the idle delay; a later call starts another', async () => {
    let answer: () => void = () => undefined;
    const api = { wait: () => new Promise<string>((r) => { answer = () => r('done'); }), where: async () => 'worker' };
    const created: ReturnType<typeof channelWorker>[] = [];
    const d = onDemandWorker<typeof api>({ create: () => { const w = channelWorker(api); created.push(w); return w; }, fallback: () => api }, 10_000);
    const waiting = d.api.wait();
    await new Promise((r) => setTimeout(r, 20));
    d.release();
    expect(created[0].terminate).not.toHaveBeenCalled(); // a call is in flight
    answer();
    expect(await waiting).toBe('done');
    await new Promise((r) => setTimeout(r, 20));
    expect(created[0].terminate).toHaveBeenCalledTimes(1); // far before the 10 s idle delay
    expect(await d.api.where()).toBe('worker');
    expect(created).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 20));
    expect(created[1].terminate).not.toHaveBeenCalled(); // a call after release() is a new period: the idle delay again
    d.release(); // nothing in flight: at once
    expect(created[1].terminate).toHaveBeenCalledTimes(1);
  });

  it('is not ended while a call is in flight, however long it takes', async () => {
    let release: () => void = () => undefined;
    const slow = { wait: () => new Promise<string>((r) => { release = () => r('done'); }) };
    const w = channelWorker(slow);
    const d = onDemandWorker<typeof slow>({ create: () => w, fallback: () => slow }, 10);
    const running = d.api.wait();
    await new Promise((r) => setTimeout(r, 60));
    expect(w.terminate).not.toHaveBeenCalled();
    release();
    expect(await running).toBe('done');
    await new Promise((r) => setTimeout(r, 40));
    expect(w.terminate).toHaveBeenCalledTimes(1);
  });
});
