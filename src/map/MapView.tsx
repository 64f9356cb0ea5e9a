// The app's map: wires the jotai state (points, zones, levels, markers, mode, selection, filter, draft) to the
// MapCanvas engine and the mode tools, with the zoom and draw-zone overlays. A cluster click fills clusterSheetAtom;
// the screen that hosts the map mounts the sheet (src/features/points/ClusterSheet).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { createSeverityScale } from '../core/severity';
import { UNKNOWN_SEVERITY_COLOR } from '../core/severity';
import { criticalityLevelsAtom, lineImageAtom, markersAtom, zonesAtom } from '../state/tables';
import { pointIndexAtom } from '../state/pointIndex';
import { findSlot } from '../core/pointIndex/store';
import { statusFilterAtom } from '../state/filters';
import { modeAtom } from '../state/mode';
import { centerRequestAtom, draftZoneAtom, selectionAtom } from '../state/selection';
import { MapCanvas, type MapEngineApi, type MapMarks } from './MapCanvas';
import { bulkSelectionAtom } from '../state/bulk';
import { latePointsAtom, refreshLatePoints } from '../state/latePoints';
import { pointMarks } from '../core/cluster/frameMarks';
import { LassoOverlay } from './LassoOverlay';
import { deriveIndexArraysKept, mapIndexOfSlot, shownSlotsOf } from './pointData';
import { ZoomControls } from './ZoomControls';
import { MapLegend } from './MapLegend';
import { PkHighlight } from './PkHighlight';
import { PositionDot } from './PositionDot';
import { DensityStrip } from './DensityStrip';
import { DraftToolbar } from './DraftToolbar';
import { toolForMode } from './tools';
import type { ToolContext } from './tools/types';
import { validateDraftZone } from './tools/drawZone';
import { MAP_STRINGS } from './strings';
import { fitViewport, startAtImageX } from './viewportMath';
import { useKeyboardCapture } from './useKeyboardCapture';
import './map.css';
import { useDeviceClass } from '../ui/useDeviceClass';

const LATE_REFRESH_DELAY_MS = 1_000;
const LATE_REFRESH_EVERY_MS = 60_000;

export function MapView() {
  const device = useDeviceClass();
  const store = useStore();
  const points = useAtomValue(pointIndexAtom);
  const zones = useAtomValue(zonesAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const markers = useAtomValue(markersAtom);
  const image = useAtomValue(lineImageAtom);
  const mode = useAtomValue(modeAtom);
  const selection = useAtomValue(selectionAtom);
  const filter = useAtomValue(statusFilterAtom);
  const draft = useAtomValue(draftZoneAtom);
  const centerRequest = useAtomValue(centerRequestAtom);
  const [api, setApi] = useState<MapEngineApi | null>(null);

  // Typed arrays once per data/filter/levels change (never per frame).
  const scale = useMemo(() => createSeverityScale(levels), [levels]);
  const derived = useMemo(() => deriveIndexArraysKept(points.index, filter, scale, points.views), [points, filter, scale]);
  const spriteLevels = useMemo(
    () => [{ color: UNKNOWN_SEVERITY_COLOR, icon: 'AlertCircle' }, ...scale.levels.map((l) => ({ color: l.color, icon: l.icon }))],
    [scale],
  );
  const selectedPointIndex = useMemo(
    () => (selection?.kind === 'point' ? mapIndexOfSlot(derived.slots, findSlot(points.index, selection.id)) : -1),
    [selection, derived, points]);
  const selectedZoneId = selection?.kind === 'zone' ? selection.id : null;

  // Marks (docs/product.md#map-marks): the bulk selection, the late points, the opened point out of its cluster.
  const bulk = useAtomValue(bulkSelectionAtom);
  const late = useAtomValue(latePointsAtom);
  const lateIds = late.line === (points.line ?? null) ? late.ids : null;
  const marks = useMemo((): MapMarks | null => {
    const ix = points.index;
    const selectedSlots = bulk.size > 0 ? shownSlotsOf(ix, filter, bulk) : new Int32Array(0);
    const lateSlots = lateIds && lateIds.size > 0 ? shownSlotsOf(ix, filter, lateIds) : new Int32Array(0);
    const slot = selectedPointIndex >= 0 ? derived.slots[selectedPointIndex] : -1;
    const focus = slot >= 0 ? { mapIndex: selectedPointIndex, x: ix.x[slot], y: ix.y[slot], rank: scale.rankOf(ix.critKeys[ix.crit[slot]]) } : null;
    if (selectedSlots.length === 0 && lateSlots.length === 0 && !focus) return null;
    return { points: pointMarks(ix.count, ix.x, ix.y, selectedSlots, lateSlots), slotOf: derived.slots, focus };
  }, [points, filter, bulk, lateIds, selectedPointIndex, derived, scale]);
  // The late points are read again when the line or its points change (a second after the last change), and every minute.
  useEffect(() => {
    const t = setTimeout(() => void refreshLatePoints(), LATE_REFRESH_DELAY_MS);
    return () => clearTimeout(t);
  }, [points.line, points.version]);
  useEffect(() => {
    const t = setInterval(() => void refreshLatePoints(), LATE_REFRESH_EVERY_MS);
    return () => clearInterval(t);
  }, []);

  const ctxRef = useRef<ToolContext>({ store, api: null, pointIds: [], markers: [], image });
  ctxRef.current = { store, api, pointIds: derived.ids, markers, image };
  const tool = toolForMode(mode);
  useEffect(() => { tool.enter(ctxRef.current); }, [tool]);

  // Escape cancels the drawing modes.
  useEffect(() => {
    if (mode !== 'draw-zone' && mode !== 'draw-point') return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') tool.cancel(ctxRef.current); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode, tool]);

  // Another line shown (its image replaces the last one's): its first view, as when the map opens, not the last
  // line's zoom (a whole-line view of a long line left a shorter one as a thin strip). Before the centre request below:
  // a search result on another line switches the line, then centres on the point.
  const startedAtMarker = useRef<string | null>(null);
  const shownImage = useRef<string | null>(null);
  useEffect(() => {
    if (!api) return;
    const before = shownImage.current;
    shownImage.current = image.url;
    if (before === null || before === image.url) return;
    const ctl = api.controller;
    startedAtMarker.current = null;
    ctl.lineShown();
    if (ctl.view.width > 0) ctl.set(fitViewport({ scale: 1, x: 0, y: 0 }, ctl.view, ctl.image));
  }, [api, image.url]);

  // A centre request (a PK or point link, the search, a list) wins over the first view below, whichever comes first.
  useEffect(() => {
    if (!api || !centerRequest) return;
    api.controller.centreOn(centerRequest.x, centerRequest.y);
  }, [api, centerRequest]);

  // The first view of a line starts at its first kilometre marker (once per line shown, when its markers are known),
  // unless the view was moved on purpose before they were (a centre request, a pan, a zoom, 'Ajuster à la ligne').
  useEffect(() => {
    if (startedAtMarker.current === image.url || !api || markers.length === 0) return;
    startedAtMarker.current = image.url;
    const first = Math.min(...markers.map((m) => m.position));
    const ctl = api.controller;
    const apply = () => {
      if (ctl.userMoved) return;
      if (ctl.view.width === 0) { requestAnimationFrame(apply); return; } // sized (and fitted) first
      ctl.set(startAtImageX(ctl.viewport, first, ctl.view, ctl.image));
    };
    apply();
  }, [api, markers, image.url]);

  const viewRef = useRef<HTMLDivElement>(null);
  const announcement = useKeyboardCapture(viewRef, api, mode, tool, ctxRef);

  return (
    <div className="map-view" data-mode={mode} ref={viewRef}>
      <MapCanvas
        image={image}
        points={derived.arrays}
        clusterLine={points.line}
        levels={spriteLevels}
        zones={zones}
        markers={markers}
        selectedPointIndex={selectedPointIndex}
        marks={marks}
        selectedZoneId={selectedZoneId}
        draft={mode === 'draw-zone' ? draft : null}
        ariaLabel={MAP_STRINGS.ariaLabel(derived.arrays.count, zones.length)}
        ariaDescription={MAP_STRINGS.keyboardHint}
        onTap={(e) => tool.click(ctxRef.current, e)}
        onHover={(p) => tool.move(ctxRef.current, p)}
        onReady={setApi}
      >
        {api && <ZoomControls controller={api.controller} />}
        {api && <MapLegend levels={levels} lateTooMany={late.tooMany === true && lateIds !== null} />}
        {api && <PkHighlight controller={api.controller} />}
        {api && <PositionDot controller={api.controller} />}
        {api && <DensityStrip api={api} />}
        {mode === 'draw-zone' && (
          <DraftToolbar
            vertexCount={draft.length}
            onValidate={() => validateDraftZone(ctxRef.current)}
            onCancel={() => tool.cancel(ctxRef.current)}
          />
        )}
        {mode === 'draw-point' && <div className="map-hint" role="status">{device === 'mobile' ? MAP_STRINGS.drawPointHintTouch : MAP_STRINGS.drawPointHint}</div>}
        {mode === 'select' && api && <LassoOverlay controller={api.controller} />}
        {(mode === 'draw-point' || mode === 'draw-zone') && <div className="map-crosshair" aria-hidden="true" data-testid="map-crosshair" />}
        <div className="sr-only" aria-live="polite" data-testid="map-announcer">{announcement}</div>
      </MapCanvas>
    </div>
  );
}
