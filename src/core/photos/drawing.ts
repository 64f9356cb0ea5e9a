// Drawing on a photo (docs/product.md#photo-drawing): the shapes in the photo's own pixels, the undo history, the
// mapping from the screen to the photo, stroke widths scaled to the photo's size and an arrow's head.

export type DrawTool = 'arrow' | 'circle' | 'freehand' | 'text';
export type DrawColour = 'red' | 'yellow' | 'white';

/** The colours offered, as drawn (a dark outline keeps white and yellow readable on a bright photo). */
export const DRAW_COLOURS: Record<DrawColour, string> = { red: '#e02424', yellow: '#facc15', white: '#ffffff' };

export interface Pt { x: number; y: number }

export type Shape =
  | { kind: 'arrow'; colour: DrawColour; from: Pt; to: Pt }
  | { kind: 'circle'; colour: DrawColour; center: Pt; radius: number }
  | { kind: 'freehand'; colour: DrawColour; points: Pt[] }
  | { kind: 'text'; colour: DrawColour; at: Pt; text: string };

/** The shapes shown and the lists they replaced, newest last (what 'Annuler' goes back to). */
export interface Drawing { shapes: Shape[]; past: Shape[][] }

export const emptyDrawing = (): Drawing => ({ shapes: [], past: [] });

export function addShape(d: Drawing, s: Shape): Drawing {
  return { shapes: [...d.shapes, s], past: [...d.past, d.shapes] };
}

/** 'Effacer tout': undoable like any other step; nothing happens on an empty drawing. */
export function clearAll(d: Drawing): Drawing {
  return d.shapes.length ? { shapes: [], past: [...d.past, d.shapes] } : d;
}

export function undo(d: Drawing): Drawing {
  if (!d.past.length) return d;
  return { shapes: d.past[d.past.length - 1], past: d.past.slice(0, -1) };
}

export const canUndo = (d: Drawing): boolean => d.past.length > 0;

/** Where a photo of `width` × `height` sits in a box: scaled to fit whole, centred. */
export interface PhotoView { scale: number; offsetX: number; offsetY: number }

export function fitView(width: number, height: number, boxWidth: number, boxHeight: number): PhotoView {
  if (width <= 0 || height <= 0 || boxWidth <= 0 || boxHeight <= 0) return { scale: 1, offsetX: 0, offsetY: 0 };
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return { scale, offsetX: (boxWidth - width * scale) / 2, offsetY: (boxHeight - height * scale) / 2 };
}

/** A point of the box (CSS pixels) in the photo's pixels, kept inside the photo. */
export function screenToImage(p: Pt, view: PhotoView, width: number, height: number): Pt {
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return { x: clamp((p.x - view.offsetX) / view.scale, width), y: clamp((p.y - view.offsetY) / view.scale, height) };
}

/** Stroke width in the photo's pixels: the same share of the photo whatever its resolution, at least 2 px. */
export const strokeWidthFor = (width: number, height: number): number => Math.max(2, Math.round(Math.max(width, height) / 200));

/** Text size in the photo's pixels. */
export const fontSizeFor = (width: number, height: number): number => strokeWidthFor(width, height) * 6;

/** The two ends of an arrow's head (the tip is `to`), or null for an arrow too short to point anywhere. */
export function arrowHead(from: Pt, to: Pt, stroke: number): [Pt, Pt] | null {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) return null;
  const size = Math.min(stroke * 5, len * 0.6);
  const angle = Math.atan2(dy, dx);
  const spread = Math.PI / 7;
  const end = (a: number): Pt => ({ x: to.x - size * Math.cos(a), y: to.y - size * Math.sin(a) });
  return [end(angle - spread), end(angle + spread)];
}

/** A shape drawn from `start` to `end` with the arrow or circle tool, or null when the gesture was a mere tap. */
export function dragShape(tool: 'arrow' | 'circle', colour: DrawColour, start: Pt, end: Pt, stroke: number): Shape | null {
  const len = Math.hypot(end.x - start.x, end.y - start.y);
  if (len < stroke * 2) return null;
  return tool === 'arrow'
    ? { kind: 'arrow', colour, from: start, to: end }
    : { kind: 'circle', colour, center: start, radius: len };
}

/** A freehand line with `p` appended, unless it is closer than half a stroke to the last point. */
export function extendLine(points: readonly Pt[], p: Pt, stroke: number): Pt[] {
  const last = points[points.length - 1];
  if (last && Math.hypot(p.x - last.x, p.y - last.y) < stroke / 2) return [...points];
  return [...points, p];
}

/** A freehand line worth keeping: two points at least. */
export const freehandShape = (colour: DrawColour, points: Pt[]): Shape | null =>
  points.length >= 2 ? { kind: 'freehand', colour, points } : null;

/** A text shape from what the prompt returned, or null when nothing was typed. */
export function textShape(colour: DrawColour, at: Pt, typed: string | null): Shape | null {
  const text = (typed ?? '').trim();
  return text ? { kind: 'text', colour, at, text: text.slice(0, 200) } : null;
}

/** A flat [x0, y0, x1, y1, …] list, as canvas libraries take it. */
export const flat = (points: readonly Pt[]): number[] => points.flatMap((p) => [p.x, p.y]);

/** What a shape is drawn with, in the photo's pixels: the same list for the editor's canvas and the saved copy. */
export type Primitive =
  | { type: 'line'; points: number[]; colour: string; width: number }
  | { type: 'circle'; x: number; y: number; radius: number; colour: string; width: number }
  | { type: 'text'; x: number; y: number; text: string; colour: string; size: number };

/** The dark halo drawn under every stroke and text, so that a white or yellow mark reads on a bright photo. */
export const HALO_COLOUR = 'rgba(0,0,0,0.55)';

export function shapePrimitives(s: Shape, stroke: number, fontSize: number): Primitive[] {
  const colour = DRAW_COLOURS[s.colour];
  switch (s.kind) {
    case 'arrow': {
      const head = arrowHead(s.from, s.to, stroke);
      const shaft: Primitive = { type: 'line', points: flat([s.from, s.to]), colour, width: stroke };
      return head ? [shaft, { type: 'line', points: flat([head[0], s.to, head[1]]), colour, width: stroke }] : [shaft];
    }
    case 'circle':
      return [{ type: 'circle', x: s.center.x, y: s.center.y, radius: s.radius, colour, width: stroke }];
    case 'freehand':
      return [{ type: 'line', points: flat(s.points), colour, width: stroke }];
    case 'text':
      return [{ type: 'text', x: s.at.x, y: s.at.y, text: s.text, colour, size: fontSize }];
  }
}

/**
 * The shape a key (Enter or Space on the photo) places with the arrow or circle tool, for who draws without a pointer:
 * a circle around the photo's centre, an arrow pointing at it from the upper left. Null for the other tools.
 */
export function keyboardShape(tool: DrawTool, colour: DrawColour, width: number, height: number): Shape | null {
  const center = { x: width / 2, y: height / 2 };
  if (tool === 'circle') return { kind: 'circle', colour, center, radius: Math.min(width, height) / 6 };
  if (tool === 'arrow') return { kind: 'arrow', colour, from: { x: width / 4, y: height / 4 }, to: center };
  return null;
}
