// Bench and screenshot page of the map engine (no backend). ?mode=engine&n=1000000: the engine fed with a seeded
// 30000×2000 track dataset as typed arrays; ?mode=naive&n=10000: one react-konva Circle per point (baseline);
// &marks=1 adds the map's marks (2 % of the points selected, 5 % late, one opened); ?mode=app: the app's MapView with demo data in a jotai Provider. Hooks for the bench live on window.__mapBench.
import { createRoot } from 'react-dom/client';
import { createStore, Provider } from 'jotai';
import { useMemo } from 'react';
import { Circle, Layer, Stage } from 'react-konva';
import { trackDataset } from '../lib/trackDataset';
import { MapCanvas, type MapEngineApi } from '../../src/map/MapCanvas';
import { pointArrays } from '../../src/map/pointData';
import { pointMarks } from '../../src/core/cluster/frameMarks';
import { mulberry32 } from '../../src/core/prng';
import { MapView } from '../../src/map/MapView';
import { ViewportController } from '../../src/map/viewportController';
import { markersAtom, zonesAtom } from '../../src/state/tables';
import { pointIndexAtom } from '../../src/state/pointIndex';
import { indexOfPoints } from '../../test/fixtures/pointIndex/fromPoints';
import { modeAtom } from '../../src/state/mode';
import { DEFAULT_CRITICALITY_LEVELS } from '../../src/core/constants';
import { DEMO_MARKERS, DEMO_ZONES, demoPoints } from './demoData';
import { installBenchHooks } from './benchHooks';
import '../../src/styles/index.css';

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'engine';
const n = Number(params.get('n') ?? 100000);
const W = 30000; // image px, bench dataset
const H = 2000; // image px
const image = { url: '/line.png', width: W, height: H };
const levels = [{ color: '#6b7280', icon: 'AlertCircle' }, ...DEFAULT_CRITICALITY_LEVELS.map((l) => ({ color: l.color, icon: l.icon }))];
const markers = Array.from({ length: 31 }, (_, i) => ({ position: i * 1000, value: 100 + i * 1.2 }));
const hooks = installBenchHooks();

function EnginePage() {
  const points = useMemo(() => {
    const t0 = performance.now();
    const d = trackDataset(n, 42, { width: W, height: H });
    hooks.datasetMs = performance.now() - t0;
    return { arrays: pointArrays(d.xs, d.ys, d.severity), d };
  }, []);
  const marks = useMemo(() => {
    if (params.get('marks') !== '1') return null;
    const rng = mulberry32(7);
    const selected: number[] = [], late: number[] = [];
    for (let i = 0; i < n; i++) { const r = rng(); if (r < 0.02) selected.push(i); else if (r < 0.07) late.push(i); }
    const { d } = points;
    const opened = selected[0] ?? 0;
    return {
      points: pointMarks(n, d.xs, d.ys, selected, late), slotOf: Int32Array.from({ length: n }, (_, i) => i),
      focus: { mapIndex: opened, x: d.xs[opened], y: d.ys[opened], rank: d.severity[opened] },
    };
  }, [points]);
  return (
    <MapCanvas image={image} points={points.arrays} levels={levels} markers={markers} marks={marks} selectedPointIndex={marks?.focus.mapIndex}
      ariaLabel={`Plan de banc d'essai : ${n} points`} onReady={(api: MapEngineApi) => hooks.ready(api.controller, api)} />
  );
}

function NaivePage() {
  const ctl = useMemo(() => new ViewportController(), []);
  const d = useMemo(() => trackDataset(n, 42, { width: W, height: H }), []);
  const view = { width: window.innerWidth, height: window.innerHeight };
  ctl.setSizes(view, { width: W, height: H });
  const circles = [];
  for (let i = 0; i < n; i++) circles.push(<Circle key={i} x={d.xs[i]} y={d.ys[i]} radius={6} fill={levels[d.severity[i]].color} stroke="#fff" strokeWidth={1} listening={false} />);
  return (
    <div style={{ width: '100%', height: '100%' }} ref={(el) => { if (el) hooks.ready(ctl, null); }}>
      <Stage width={view.width} height={view.height} listening={false} ref={(s) => ctl.attachStage(s)}>
        <Layer listening={false}>{circles}</Layer>
      </Stage>
    </div>
  );
}

function AppPage() {
  const store = useMemo(() => {
    const s = createStore();
    const index = indexOfPoints(demoPoints(Number(params.get('n') ?? 400)));
    s.set(pointIndexAtom, { index, version: index.version });
    s.set(zonesAtom, DEMO_ZONES);
    s.set(markersAtom, DEMO_MARKERS);
    const m = params.get('appMode');
    if (m === 'draw-zone' || m === 'draw-point') s.set(modeAtom, m);
    return s;
  }, []);
  return (
    <Provider store={store}>
      <header style={{ height: 56, background: '#0b4f9c', color: '#fff', display: 'flex', alignItems: 'center', padding: '0 16px', fontWeight: 600 }}>Signalements — ligne</header>
      <main style={{ flex: 1, minHeight: 0 }}><MapView /></main>
    </Provider>
  );
}

createRoot(document.getElementById('root')!).render(mode === 'naive' ? <NaivePage /> : mode === 'app' ? <AppPage /> : <EnginePage />);
