// The photo and its shapes on a Konva stage fitted to the space left, and the drawing gesture: a pointer (finger, pen
// or mouse) drags an arrow, a circle or a freehand line, or taps where a text goes; from the keyboard, Enter places
// the tool's shape (or the text prompt) at the photo's centre. Shapes are kept in the photo's
// own pixels (src/core/photos/drawing.ts) and painted like the saved copy (src/core/photos/paint.ts).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Layer, Shape as KonvaShape, Stage } from 'react-konva';
import type Konva from 'konva';
import {
  dragShape, extendLine, fitView, fontSizeFor, freehandShape, keyboardShape, screenToImage, shapePrimitives, strokeWidthFor,
  type DrawColour, type DrawTool, type Pt, type Shape,
} from '../../../core/photos/drawing';
import { paintPrimitives } from '../../../core/photos/paint';
import { DRAW_TEXT as T } from './strings';

export interface DrawCanvasProps {
  photo: ImageBitmap;
  shapes: readonly Shape[];
  tool: DrawTool;
  colour: DrawColour;
  onShape: (s: Shape) => void;
  onTextAt: (p: Pt) => void;
}

const native = (c: Konva.Context) => (c as unknown as { _context: CanvasRenderingContext2D })._context;

export function DrawCanvas({ photo, shapes, tool, colour, onShape, onTextAt }: DrawCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  const [draft, setDraft] = useState<Shape | null>(null);
  const gesture = useRef<{ id: number; start: Pt; points: Pt[] } | null>(null);
  const { width, height } = photo;
  const stroke = strokeWidthFor(width, height);
  const font = fontSizeFor(width, height);
  const view = fitView(width, height, size.w, size.h);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const prims = useMemo(() => [...shapes, ...(draft ? [draft] : [])].flatMap((s) => shapePrimitives(s, stroke, font)), [shapes, draft, stroke, font]);

  const at = (e: PointerEvent): Pt => {
    const r = box.current!.getBoundingClientRect();
    return screenToImage({ x: e.clientX - r.left, y: e.clientY - r.top }, view, width, height);
  };
  const shapeOf = (g: { start: Pt; points: Pt[] }, p: Pt): Shape | null =>
    tool === 'freehand' ? freehandShape(colour, g.points) : tool === 'text' ? null : dragShape(tool, colour, g.start, p, stroke);

  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if (gesture.current || (e.pointerType === 'mouse' && e.button !== 0)) return; // one finger draws; a second is ignored
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const p = at(e);
    gesture.current = { id: e.pointerId, start: p, points: [p] };
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId || tool === 'text') return;
    const p = at(e);
    if (tool === 'freehand') g.points = extendLine(g.points, p, stroke);
    setDraft(shapeOf(g, p));
  };
  const onUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    gesture.current = null;
    setDraft(null);
    const p = at(e);
    if (tool === 'text') { onTextAt(p); return; }
    if (tool === 'freehand') g.points = extendLine(g.points, p, stroke);
    const s = shapeOf(g, p);
    if (s) onShape(s);
  };
  const onCancel = () => { gesture.current = null; setDraft(null); };
  /** Enter or Space: a circle or an arrow at the photo's centre, or the text prompt for a text there. */
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    if (tool === 'text') { onTextAt({ x: width / 2, y: height / 2 }); return; }
    const s = keyboardShape(tool, colour, width, height);
    if (s) onShape(s);
  };

  const scene = (c: Konva.Context) => {
    const ctx = native(c);
    ctx.save();
    ctx.translate(view.offsetX, view.offsetY);
    ctx.scale(view.scale, view.scale);
    ctx.drawImage(photo, 0, 0, width, height);
    paintPrimitives(ctx, prims);
    ctx.restore();
  };

  return (
    <div ref={box} className={`draw-canvas draw-tool-${tool}`} data-testid="draw-canvas" role="group" aria-label={T.canvas}
      tabIndex={0} onKeyDown={onKey} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onCancel}>
      {size.w > 0 && size.h > 0 && (
        <Stage width={size.w} height={size.h} listening={false}>
          <Layer listening={false}><KonvaShape listening={false} perfectDrawEnabled={false} sceneFunc={scene} /></Layer>
        </Stage>
      )}
    </div>
  );
}
