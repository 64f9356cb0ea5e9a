// Worker host in Chromium with real module workers: the report worker starts and answers; a worker script that
// cannot load (404) is ended and the same API runs on the main thread; a host ended before its worker answered lets
// go of its caller (Comlink's FinalizationRegistry cycle, the sign-out leak). (.tsx: the unit project takes src/**/*.test.ts.)
import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { hostWorker, type HostedWorker } from './workerHost';
import { buildZoneIndex, classifyPoints, OUTSIDE_ZONES, type PointArrays } from '../core/report/classify';
import { planReport } from '../core/report/plan';
import type { ReportWorkerApi } from '../../workers/report.worker';
import type { LentPoints } from '../../workers/reportApi';
import { resolvedMask } from '../core/report/reportIndex';
import type { ImagePoint } from '../core/types';

const fallback = (): ReportWorkerApi => ({
  classify: (points: PointArrays, start: number, end: number, zones: ImagePoint[][]) =>
    classifyPoints(points, start, end, buildZoneIndex(zones)),
  planLent: (points: LentPoints, start: number, end: number, zones: ImagePoint[][], zoneKmStart: (number | null)[], selected: boolean[]) => {
    const plan = planReport(classifyPoints({ ...points, resolved: resolvedMask(points.status) }, start, end, buildZoneIndex(zones)), points.km, zoneKmStart, selected);
    return { plan, xs: points.xs, ys: points.ys, km: points.km, status: points.status };
  },
});

function points(): PointArrays {
  // Two points: one inside the square zone (10..20), one outside it; both unresolved with a km in range.
  return { xs: new Float64Array([15, 50]), ys: new Float64Array([15, 50]), km: new Float64Array([1, 2]), resolved: new Uint8Array([0, 0]) };
}
const ZONES: ImagePoint[][] = [[{ x: 10, y: 10 }, { x: 20, y: 10 }, { x: 20, y: 20 }, { x: 10, y: 20 }]];

const hosts: HostedWorker<unknown>[] = [];
afterEach(() => { hosts.splice(0).forEach((h) => h.terminate()); });

describe('hostWorker in Chromium', () => {
  it('starts the real report worker and classifies there (typed arrays transferred)', async () => {
    const h = hostWorker<ReportWorkerApi>({
      create: () => new Worker(new URL('../../workers/report.worker.ts', import.meta.url), { type: 'module' }),
      fallback,
    });
    hosts.push(h as HostedWorker<unknown>);
    const p = points();
    const codes = await h.api.classify(Comlink.transfer(p, [p.xs.buffer as ArrayBuffer]), 0, 10, ZONES);
    expect(await h.ready).toBe('worker');
    expect(Array.from(codes)).toEqual([0, OUTSIDE_ZONES]);
    expect(p.xs.byteLength).toBe(0);
  });

  it('falls back to the main thread when the worker script cannot be loaded', async () => {
    const reasons: unknown[] = [];
    const h = hostWorker<ReportWorkerApi>({
      create: () => new Worker('/no-such-worker.js', { type: 'module' }),
      fallback,
      onFallback: (r) => reasons.push(r),
    });
    hosts.push(h as HostedWorker<unknown>);
    const codes = await h.api.classify(points(), 0, 10, ZONES);
    expect(await h.ready).toBe('main-thread');
    expect(Array.from(codes)).toEqual([0, OUTSIDE_ZONES]);
    expect(reasons).toHaveLength(1);
  });

  it('a host ended before its worker answered lets go of what its spec captured (no sign-out leak)', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    expect(gc, 'Chromium started with --js-flags=--expose-gc').toBeTypeOf('function');
    const ref = (() => {
      const caller = { name: 'a signed-out map', payload: new Array(1000).fill('x') };
      const h = hostWorker<ReportWorkerApi>({
        // Like ImageCache: the create arrow captures its owner.
        create: () => { void caller.name; return new Worker(new URL('../../workers/report.worker.ts', import.meta.url), { type: 'module' }); },
        fallback,
      });
      void h.api.classify(points(), 0, 10, ZONES).catch(() => undefined); // a call in flight, rejected by terminate
      h.terminate(); // before the worker has answered the probe
      return new WeakRef(caller);
    })();
    const tick = () => new Promise((r) => setTimeout(r, 20));
    // deref() keeps its target alive until the end of the current task: collect only in a later task.
    for (let i = 0; i < 20; i++) {
      await tick();
      gc!();
      await tick();
      if (ref.deref() === undefined) break;
    }
    expect(ref.deref()).toBeUndefined();
  });
});
