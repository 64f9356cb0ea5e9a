// Sélection mode (docs/product.md#bulk-changes): a lasso drawn over the map with the mouse, a pen or a finger
// (pointer events, no page scroll while drawing); on release the points inside it (the one
// point-in-zone rule, edges included: core/pointIndex slotsInPolygon) join the selection. Pan and zoom wait until 'Terminer'.
import { useRef, useState, type PointerEvent } from 'react';
import type { ViewportController } from './viewportController';
import { screenToImage } from './viewportMath';
import { selectInLasso } from '../state/bulkActions';
import { requestMode } from '../state/modeActions';
import { MAP_STRINGS } from './strings';

const MIN_STEP_PX = 4; // a new lasso vertex once the pointer moved this far (screen px)

export function LassoOverlay({ controller }: { controller: ViewportController }) {
  const [path, setPath] = useState<{ x: number; y: number }[]>([]);
  const [said, setSaid] = useState('');
  const drawing = useRef<number | null>(null);

  const local = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (drawing.current !== null) return;
    e.stopPropagation();
    drawing.current = e.pointerId;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setPath([local(e)]);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (drawing.current !== e.pointerId) return;
    e.stopPropagation();
    const p = local(e);
    setPath((old) => {
      const last = old[old.length - 1];
      return last && Math.hypot(p.x - last.x, p.y - last.y) < MIN_STEP_PX ? old : [...old, p];
    });
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (drawing.current !== e.pointerId) return;
    e.stopPropagation();
    drawing.current = null;
    const polygon = [...path, local(e)].map((p) => screenToImage(controller.viewport, p.x, p.y));
    setPath([]);
    if (polygon.length < 3) return;
    const { count, done } = selectInLasso(polygon);
    void done.then(() => setSaid(MAP_STRINGS.lassoAdded(count)));
  };

  return (
    <>
      <div className="lasso-surface" data-testid="lasso-surface" onPointerDown={down} onPointerMove={move} onPointerUp={up}
        onPointerCancel={() => { drawing.current = null; setPath([]); }}>
        {path.length > 1 && (
          <svg className="lasso-path" aria-hidden="true">
            <polygon points={path.map((p) => `${p.x},${p.y}`).join(' ')} />
          </svg>
        )}
      </div>
      <div className="map-hint lasso-hint" role="status">
        <span>{said || MAP_STRINGS.lassoHint}</span>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => requestMode('view')}>{MAP_STRINGS.lassoDone}</button>
      </div>
    </>
  );
}
