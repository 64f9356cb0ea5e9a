// Keyboard capture on the map: Enter / Space in Signaler or Zone mode places at the centre crosshair,
// and the mode and each result are announced to screen readers (the returned text goes to an aria-live region).
import { useEffect, useState, type MutableRefObject, type RefObject } from 'react';
import type { AppMode } from '../core/modeMachine';
import { interpolateKm } from '../core/pk';
import { formatKm } from '../core/format';
import { draftZoneAtom, pointFormAtom } from '../state/selection';
import type { MapEngineApi } from './MapCanvas';
import type { MapTool, ToolContext } from './tools/types';
import { insideImage } from './tools/types';
import { attachKeyboardPlace } from './keyboardPlace';
import { MAP_STRINGS } from './strings';

export function useKeyboardCapture(
  viewRef: RefObject<HTMLDivElement | null>, api: MapEngineApi | null, mode: AppMode, tool: MapTool, ctxRef: MutableRefObject<ToolContext>,
): string {
  const [text, setText] = useState('');
  const drawing = mode === 'draw-point' || mode === 'draw-zone';

  // Announce the mode when it changes (not the initial view mode).
  const [prev, setPrev] = useState(mode);
  if (prev !== mode) {
    setPrev(mode);
    setText(mode === 'draw-point' ? MAP_STRINGS.modeDrawPoint : mode === 'draw-zone' ? MAP_STRINGS.modeDrawZone : MAP_STRINGS.modeView);
  }

  useEffect(() => {
    const el = viewRef.current?.querySelector<HTMLElement>('[data-testid="map-canvas"]');
    if (!el || !api || !drawing) return;
    return attachKeyboardPlace(el, api.controller, () => true, (centre) => {
      const ctx = ctxRef.current;
      if (!insideImage(centre, ctx.image)) { setText(MAP_STRINGS.outsideImage); return; }
      const km = interpolateKm(ctx.markers, centre.x);
      const kmText = km === null ? null : formatKm(km);
      tool.click(ctx, { image: centre, hit: null });
      if (mode === 'draw-point') {
        if (ctx.store.get(pointFormAtom)) setText(MAP_STRINGS.pointPlaced(kmText));
      } else {
        setText(MAP_STRINGS.vertexAdded(ctx.store.get(draftZoneAtom).length, kmText));
        api.redrawDraft();
      }
    });
  }, [viewRef, api, drawing, mode, tool, ctxRef]);
  return text;
}
