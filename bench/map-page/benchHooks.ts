// window.__mapBench: what bench/map.bench.ts drives through Playwright: readiness, an in-page pan driver timing
// every frame, wheel-to-painted-frame stamps, long tasks and long animation frames.
import type { ViewportController } from '../../src/map/viewportController';
import type { MapEngineApi } from '../../src/map/MapCanvas';
import { levelForZoom } from '../../src/core/cluster/levels';
import Konva from 'konva';

export interface BenchHooks {
  datasetMs: number;
  loadMs: number;
  buildMs: number;
  isReady: boolean;
  ready(ctl: ViewportController, api: MapEngineApi | null): void;
  pan(frames: number, dxPerFrame: number): Promise<number[]>;
  wheelLatencies: number[];
  levelLatencies: number[];
  longTasks: number[];
  longFrames: number[];
  resetObservers(): void;
  frameCount(): number;
}

export function installBenchHooks(): BenchHooks {
  let ctl: ViewportController | null = null;
  let api: MapEngineApi | null = null;
  let wheelAt = -1;
  let wheelLevelAt = -1;
  let wheelLevel = -1;
  const hooks: BenchHooks = {
    datasetMs: 0, loadMs: 0, buildMs: 0, isReady: false, wheelLatencies: [], levelLatencies: [], longTasks: [], longFrames: [],
    ready(c, a) {
      api = a;
      if (ctl) return;
      ctl = c;
      const t0 = performance.now();
      const done = () => { hooks.loadMs = performance.now() - t0; hooks.isReady = true; };
      if (!a) { setTimeout(done, 500); return; }
      const wait = () => {
        if (!api?.frame()) { setTimeout(wait, 20); return; }
        done();
        void api.loaded().then((r) => { hooks.buildMs = (r as { buildMs?: number } | null)?.buildMs ?? NaN; });
      };
      wait();
      c.onPainted((v) => {
        const now = performance.now();
        const flush = () => {
          const canvases = api?.stage()?.getLayers().map((l) => l.getCanvas()._canvas) ?? [];
          for (const cv of canvases) cv.getContext('2d')?.getImageData(0, 0, 1, 1);
        };
        if (wheelAt >= 0) { flush(); hooks.wheelLatencies.push(performance.now() - wheelAt); wheelAt = -1; }
        if (wheelLevelAt >= 0 && api?.frame()?.level === wheelLevel) {
          flush();
          hooks.levelLatencies.push(performance.now() - wheelLevelAt);
          wheelLevelAt = -1;
        }
        void now; void v;
      });
    },
    async pan(frames, dx) {
      const c = ctl!;
      const times: number[] = [];
      let dir = -1;
      return new Promise((resolve) => {
        const tick = (t: number) => {
          times.push(t);
          if (times.length > frames) {
            const intervals = times.slice(1).map((x, i) => x - times[i]);
            resolve(intervals);
            return;
          }
          requestAnimationFrame(tick);
          const before = c.viewport.x;
          c.panBy(dir * dx, 0);
          if (c.viewport.x === before) { dir = -dir; c.panBy(dir * dx, 0); }
        };
        requestAnimationFrame(tick);
      });
    },
    resetObservers() {
      hooks.longTasks.length = 0;
      hooks.longFrames.length = 0;
      hooks.wheelLatencies.length = 0;
      hooks.levelLatencies.length = 0;
    },
    frameCount: () => api?.frame()?.count ?? 0,
  };
  window.addEventListener('wheel', (e) => {
    wheelAt = performance.now();
    if (ctl) {
      const next = Math.min(3, Math.max(0.5, ctl.viewport.scale + (e.deltaY < 0 ? 0.1 : -0.1)));
      wheelLevel = levelForZoom(next);
      wheelLevelAt = wheelAt;
    }
  }, { capture: true, passive: true });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) hooks.longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: false });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) hooks.longFrames.push(e.duration); }).observe({ type: 'long-animation-frame', buffered: false });
  } catch { /* observers unsupported */ }
  (window as unknown as { __mapBench: BenchHooks; Konva: typeof Konva }).__mapBench = hooks;
  (window as unknown as { Konva: typeof Konva }).Konva = Konva;
  return hooks;
}
