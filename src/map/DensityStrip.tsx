// The density strip's control and readout: a toggle in the map's controls (remembered on the device); when
// on, the open anomalies passing the status filter are binned per 100 m of PK in a worker (densityStripClient) and
// drawn under the ruler (densityStripDraw); hovering or tapping the strip, or the arrow keys on the readout, tell a
// cell's text in a polite live region.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ChartColumn } from 'lucide-react';
import type { DensityBins } from '../core/densityStrip/bins';
import { cellAt, cellImageRanges, cellText, nextFilledCell } from '../core/densityStrip/bins';
import { passes } from '../core/pointIndex/queries';
import { RESOLVED_CODE } from '../core/pointIndex/types';
import { createSeverityScale } from '../core/severity';
import { imageXForKmSorted, sortMarkers } from '../core/pk';
import { pointIndexAtom } from '../state/pointIndex';
import { statusFilterAtom } from '../state/filters';
import { criticalityLevelsAtom, markersAtom } from '../state/tables';
import type { MapEngineApi } from './MapCanvas';
import { DensityStripClient } from './densityStripClient';
import { drawDensityStrip, stripCellAt, stripTop, STRIP_PX } from './densityStripDraw';
import { DENSITY_STRINGS as S } from './densityStripStrings';

const STORAGE_KEY = 'ldm.map.densityStrip';
const TAP_SLOP_PX = 10;

function remembered(): boolean {
  try { return localStorage.getItem(STORAGE_KEY) === '1'; } catch { return false; }
}
function remember(on: boolean): void {
  try { localStorage.setItem(STORAGE_KEY, on ? '1' : '0'); } catch { /* storage refused: not remembered */ }
}

export function DensityStrip({ api }: { api: MapEngineApi }) {
  const [on, setOn] = useState(remembered);
  const points = useAtomValue(pointIndexAtom);
  const filter = useAtomValue(statusFilterAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const markers = useAtomValue(markersAtom);
  const scale = useMemo(() => createSeverityScale(levels), [levels]);
  const sorted = useMemo(() => sortMarkers(markers), [markers]);
  const [bins, setBins] = useState<DensityBins | null>(null);
  const [cell, setCell] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // The worker lives while the strip is shown.
  const [client, setClient] = useState<DensityStripClient | null>(null);
  useEffect(() => {
    if (!on) { setBins(null); setCell(null); return; }
    const c = new DensityStripClient();
    c.onBins = setBins;
    setClient(c);
    return () => { c.dispose(); setClient(null); };
  }, [on]);
  useEffect(() => {
    if (!client) return;
    const ix = points.index;
    const counted = Uint8Array.from([0, 1, 2], (code) => (code !== RESOLVED_CODE && passes(code, filter) ? 1 : 0));
    const rankOfCode = Uint8Array.from(ix.critKeys, (k) => scale.rankOf(k));
    client.request({ index: ix, counted, rankOfCode });
  }, [client, points, filter, scale]);

  // Drawn in the ruler's layer; the selected cell outlined.
  const ranges = useMemo(() => (bins ? cellImageRanges(bins, sorted) : null), [bins, sorted]);
  useEffect(() => {
    if (!bins || !ranges) { api.setUnderRuler(null); return; }
    const scene = { bins, x0: ranges.x0, x1: ranges.x1, colorAt: scale.colorAt };
    api.setUnderRuler((ctx, v, view, image) => {
      drawDensityStrip(ctx, scene, v, view, image);
      if (cell === null) return;
      const a = imageXForKmSorted(sorted, cell / 10);
      const b = imageXForKmSorted(sorted, (cell + 1) / 10);
      if (a === null || b === null) return;
      ctx.strokeStyle = '#111827';
      ctx.lineWidth = 2;
      const x0 = Math.min(a, b) * v.scale + v.x;
      ctx.strokeRect(x0 - 1, stripTop(v, view, image) - 1, Math.max(2, Math.abs(b - a) * v.scale) + 2, STRIP_PX + 2);
    });
  }, [api, bins, ranges, scale, cell, sorted]);
  useEffect(() => () => api.setUnderRuler(null), [api]);

  // Hover and tap on the strip (the engine's container gets the events of the canvas).
  useEffect(() => {
    const engine = rootRef.current?.parentElement;
    if (!engine || !on) return;
    const ctl = api.controller;
    const at = (e: PointerEvent) => {
      const r = engine.getBoundingClientRect();
      return stripCellAt(e.clientX - r.left, e.clientY - r.top, sorted, ctl.viewport, ctl.view, ctl.image);
    };
    let down: { x: number; y: number } | null = null;
    const onDown = (e: PointerEvent) => { down = { x: e.clientX, y: e.clientY }; };
    const onMove = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.buttons !== 0) return;
      const c = at(e);
      if (c !== null) setCell(c);
    };
    const onUp = (e: PointerEvent) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > TAP_SLOP_PX) return;
      const c = at(e);
      if (c !== null) setCell(c);
    };
    // A tap on a cell is the strip's: the mode's tool (say 'Signaler') does not also place a point there.
    api.setTapClaim((x, y) => stripCellAt(x, y, sorted, ctl.viewport, ctl.view, ctl.image) !== null);
    engine.addEventListener('pointerdown', onDown);
    engine.addEventListener('pointermove', onMove);
    engine.addEventListener('pointerup', onUp);
    return () => {
      api.setTapClaim(null);
      engine.removeEventListener('pointerdown', onDown);
      engine.removeEventListener('pointermove', onMove);
      engine.removeEventListener('pointerup', onUp);
    };
  }, [api, on, sorted]);

  // Arrow keys on the readout: the previous / next cell holding open anomalies, the map centred on it.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!bins || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const next = nextFilledCell(bins, cell, e.key === 'ArrowRight' ? 1 : -1);
    if (next === null) return;
    setCell(next);
    const x = imageXForKmSorted(sorted, (next + 0.5) / 10);
    const ctl = api.controller;
    if (x !== null) ctl.centreOn(x, (ctl.view.height / 2 - ctl.viewport.y) / ctl.viewport.scale);
  };

  const text = (() => {
    if (!on) return '';
    if (sorted.length < 2) return S.noMarkers;
    if (!bins) return S.computing;
    if (cell === null) return S.summary(bins.total);
    const c = cellAt(bins, cell);
    return cellText(cell, c.count, c.worstCount, scale.levelAt(c.worst)?.name ?? null);
  })();

  return (
    <div className="map-density" ref={rootRef}>
      <button type="button" className="map-zoom-btn map-density-toggle" aria-pressed={on} aria-label={S.toggle} title={S.toggle}
        data-testid="density-toggle" onClick={() => { remember(!on); setOn(!on); }}>
        <ChartColumn size={20} aria-hidden="true" />
      </button>
      {on && (
        <div className="map-density-readout" tabIndex={0} role="group" aria-label={S.readoutHelp} onKeyDown={onKeyDown}>
          <span aria-live="polite" data-testid="density-readout">{text}</span>
        </div>
      )}
    </div>
  );
}
