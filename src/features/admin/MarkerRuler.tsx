// The 'Règle PK et image' tab's ruler preview (its own SVG, not the main map): the line image scaled to the width, kilometre markers
// as handles. Click the ruler band to add a marker; drag a handle (or use ← → with focus, Shift for ×10) to move it.
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { KilometerMarker, LineImage } from '../../core/types';
import { imageToRulerX, rulerToImageX } from '../../core/admin/lineRuler';
import { formatKm } from '../../core/format';
import { A } from './strings';

const RULER_BAND_PX = 44; // height of the clickable band under the image, screen px
const IMAGE_MAX_PX = 180; // the image preview's maximum height, screen px
const KEY_STEP_IMAGE_PX = 10; // arrow key step, image px (Shift: ×10)
const KEY_SAVE_DELAY_MS = 600; // save a keyboard move after this pause
const LABEL_GAP_PX = 54; // screen px between two marker labels; the ruler widens (and scrolls) to keep them apart
const MAX_RULER_PX = 2400; // screen px, widest ruler

/** Ruler width: the container width, or wider when markers would overlap (phones). */
function rulerWidth(containerPx: number, markers: KilometerMarker[], imageWidthPx: number): number {
  const xs = markers.map((m) => m.position).sort((a, b) => a - b);
  let minGap = Infinity;
  for (let i = 1; i < xs.length; i++) if (xs[i] - xs[i - 1] > 0) minGap = Math.min(minGap, xs[i] - xs[i - 1]);
  const needed = Number.isFinite(minGap) ? Math.ceil((LABEL_GAP_PX * imageWidthPx) / minGap) : 0;
  return Math.max(containerPx, Math.min(MAX_RULER_PX, needed));
}

export interface MarkerRulerProps {
  image: LineImage;
  markers: KilometerMarker[];
  onAdd: (imageX: number) => void;
  onMove: (m: KilometerMarker, imageX: number) => void;
  pendingX: number | null;
}

export function MarkerRuler({ image, markers, onAdd, onMove, pendingX }: MarkerRulerProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [containerWidth, setContainerWidth] = useState(800);
  const [drag, setDrag] = useState<{ id: string; imageX: number; moved: boolean } | null>(null);
  const [keyMove, setKeyMove] = useState<{ id: string; imageX: number } | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setContainerWidth(Math.max(200, Math.floor(el.clientWidth))));
    ro.observe(el);
    setContainerWidth(Math.max(200, Math.floor(el.clientWidth)));
    return () => ro.disconnect();
  }, []);
  useEffect(() => () => clearTimeout(keyTimer.current), []);
  // A marker deleted while a keyboard move waits to be saved: drop the pending save.
  useEffect(() => {
    if (keyMove && !markers.some((m) => m.id === keyMove.id)) { clearTimeout(keyTimer.current); setKeyMove(null); }
  }, [markers, keyMove]);

  const width = rulerWidth(containerWidth, markers, image.width);
  const imgH = Math.min(IMAGE_MAX_PX, Math.round((width * image.height) / image.width));
  const totalH = imgH + RULER_BAND_PX;
  const toImageX = (clientX: number) => {
    const r = svg.current!.getBoundingClientRect();
    return rulerToImageX(clientX - r.left, width, image.width);
  };
  const xOf = (m: KilometerMarker) =>
    imageToRulerX(drag?.id === m.id ? drag.imageX : keyMove?.id === m.id ? keyMove.imageX : m.position, width, image.width);

  const onBandClick = (e: MouseEvent) => onAdd(toImageX(e.clientX));

  const onHandleDown = (e: PointerEvent, m: KilometerMarker) => {
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
    setDrag({ id: m.id, imageX: m.position, moved: false });
  };
  const onHandleMove = (e: PointerEvent) => {
    if (!drag) return;
    setDrag({ ...drag, imageX: toImageX(e.clientX), moved: true });
  };
  const onHandleUp = (e: PointerEvent, m: KilometerMarker) => {
    e.stopPropagation();
    if (drag && drag.moved && drag.imageX !== m.position) onMove(m, drag.imageX);
    setDrag(null);
  };
  const onHandleKey = (e: KeyboardEvent, m: KilometerMarker) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const step = KEY_STEP_IMAGE_PX * (e.shiftKey ? 10 : 1) * (e.key === 'ArrowLeft' ? -1 : 1);
    const from = keyMove?.id === m.id ? keyMove.imageX : m.position;
    const next = Math.min(Math.max(from + step, 0), image.width);
    setKeyMove({ id: m.id, imageX: next });
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => { setKeyMove(null); if (next !== m.position) onMove(m, next); }, KEY_SAVE_DELAY_MS);
  };

  return (
    <div className="ruler-wrap" ref={wrap}>
      <svg ref={svg} width={width} height={totalH} className="ruler-svg" role="group" aria-label={A.line.rulerLabel}>
        <image href={image.url} x={0} y={0} width={width} height={imgH} preserveAspectRatio="none" />
        <rect x={0} y={imgH} width={width} height={RULER_BAND_PX} className="ruler-band" data-testid="ruler-band" onClick={onBandClick} />
        {pendingX !== null && (
          <line x1={imageToRulerX(pendingX, width, image.width)} x2={imageToRulerX(pendingX, width, image.width)} y1={0} y2={totalH} className="ruler-pending" />
        )}
        {markers.map((m) => {
          const x = xOf(m);
          const label = formatKm(m.value);
          return (
            <g key={m.id} className={`ruler-marker ${drag?.id === m.id ? 'dragging' : ''}`}>
              <line x1={x} x2={x} y1={0} y2={totalH} className="ruler-marker-line" />
              <g
                tabIndex={0} role="slider" aria-label={A.line.markerLabel(label)} aria-valuemin={0} aria-valuemax={image.width}
                aria-valuenow={Math.round(drag?.id === m.id ? drag.imageX : keyMove?.id === m.id ? keyMove.imageX : m.position)}
                aria-valuetext={`${label} km, ${Math.round(m.position)} px`}
                data-marker={m.value} className="ruler-handle"
                onPointerDown={(e) => onHandleDown(e, m)} onPointerMove={onHandleMove} onPointerUp={(e) => onHandleUp(e, m)}
                onPointerCancel={() => setDrag(null)} onKeyDown={(e) => onHandleKey(e, m)}
              >
                <rect x={x - 24} y={imgH + 8} width={48} height={26} rx={5} />
                <text x={x} y={imgH + 26} textAnchor="middle">{label}</text>
              </g>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
