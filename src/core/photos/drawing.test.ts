// The drawing's shape list and undo history, the screen→photo mapping, stroke widths and the arrow's head.
import { describe, expect, it } from 'vitest';
import {
  addShape, arrowHead, canUndo, clearAll, dragShape, emptyDrawing, extendLine, fitView, flat, fontSizeFor,
  freehandShape, keyboardShape, screenToImage, shapePrimitives, strokeWidthFor, textShape, undo, DRAW_COLOURS, type Shape,
} from './drawing';

const circle: Shape = { kind: 'circle', colour: 'red', center: { x: 10, y: 10 }, radius: 5 };
const arrow: Shape = { kind: 'arrow', colour: 'yellow', from: { x: 0, y: 0 }, to: { x: 100, y: 0 } };

describe('drawing history', () => {
  it('adds shapes and undoes them one at a time, newest first', () => {
    const d = addShape(addShape(emptyDrawing(), circle), arrow);
    expect(d.shapes).toEqual([circle, arrow]);
    expect(undo(d).shapes).toEqual([circle]);
    expect(undo(undo(d)).shapes).toEqual([]);
    expect(canUndo(undo(undo(d)))).toBe(false);
    expect(undo(emptyDrawing())).toEqual(emptyDrawing());
  });
  it('clears everything in one undoable step, and does nothing on an empty drawing', () => {
    const d = clearAll(addShape(addShape(emptyDrawing(), circle), arrow));
    expect(d.shapes).toEqual([]);
    expect(undo(d).shapes).toEqual([circle, arrow]);
    expect(clearAll(emptyDrawing())).toEqual(emptyDrawing());
  });
});

describe('screen to photo', () => {
  it('fits a landscape photo in a portrait box, centred', () => {
    const v = fitView(2048, 1365, 390, 600);
    expect(v.scale).toBeCloseTo(390 / 2048);
    expect(v.offsetX).toBe(0);
    expect(v.offsetY).toBeCloseTo((600 - 1365 * (390 / 2048)) / 2);
  });
  it('maps a screen point into the photo pixels and keeps it inside', () => {
    const v = fitView(2000, 1000, 400, 400); // scale 0.2, photo from y=100 to y=300
    expect(screenToImage({ x: 200, y: 200 }, v, 2000, 1000)).toEqual({ x: 1000, y: 500 });
    expect(screenToImage({ x: 0, y: 100 }, v, 2000, 1000)).toEqual({ x: 0, y: 0 });
    expect(screenToImage({ x: 500, y: 10 }, v, 2000, 1000)).toEqual({ x: 2000, y: 0 });
  });
  it('survives an empty box', () => {
    expect(fitView(100, 100, 0, 0)).toEqual({ scale: 1, offsetX: 0, offsetY: 0 });
  });
});

describe('sizes', () => {
  it('scales the stroke with the photo, never under 2 px', () => {
    expect(strokeWidthFor(2048, 1365)).toBe(10);
    expect(strokeWidthFor(4000, 3000)).toBe(20);
    expect(strokeWidthFor(100, 50)).toBe(2);
    expect(fontSizeFor(2048, 1365)).toBe(60);
  });
});

describe('arrow head', () => {
  it('puts both ends behind the tip, symmetric about the shaft', () => {
    const [a, b] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 4)!;
    expect(a.x).toBeCloseTo(100 - 20 * Math.cos(Math.PI / 7));
    expect(b.x).toBeCloseTo(a.x);
    expect(a.y).toBeCloseTo(-b.y);
    expect(Math.abs(a.y)).toBeCloseTo(20 * Math.sin(Math.PI / 7));
  });
  it('keeps the head shorter than a short arrow', () => {
    const [a] = arrowHead({ x: 0, y: 0 }, { x: 0, y: 10 }, 10)!;
    expect(Math.hypot(a.x, a.y - 10)).toBeCloseTo(6);
  });
  it('has no head without a direction', () => {
    expect(arrowHead({ x: 5, y: 5 }, { x: 5, y: 5 }, 4)).toBeNull();
  });
});

describe('shapes from gestures', () => {
  it('ignores a tap and keeps a drag as an arrow or a circle centred on its start', () => {
    expect(dragShape('arrow', 'red', { x: 0, y: 0 }, { x: 3, y: 4 }, 4)).toBeNull();
    expect(dragShape('circle', 'white', { x: 0, y: 0 }, { x: 30, y: 40 }, 4)).toEqual({ kind: 'circle', colour: 'white', center: { x: 0, y: 0 }, radius: 50 });
    expect(dragShape('arrow', 'red', { x: 0, y: 0 }, { x: 30, y: 40 }, 4)).toEqual({ kind: 'arrow', colour: 'red', from: { x: 0, y: 0 }, to: { x: 30, y: 40 } });
  });
  it('thins a freehand line and keeps it only with two points', () => {
    let pts = extendLine([], { x: 0, y: 0 }, 10);
    pts = extendLine(pts, { x: 3, y: 0 }, 10);
    pts = extendLine(pts, { x: 8, y: 0 }, 10);
    expect(pts).toEqual([{ x: 0, y: 0 }, { x: 8, y: 0 }]);
    expect(freehandShape('red', pts.slice(0, 1))).toBeNull();
    expect(flat(pts)).toEqual([0, 0, 8, 0]);
  });
  it('keeps a typed text trimmed, nothing for an empty or cancelled prompt', () => {
    expect(textShape('yellow', { x: 1, y: 2 }, '  Fissure ')).toEqual({ kind: 'text', colour: 'yellow', at: { x: 1, y: 2 }, text: 'Fissure' });
    expect(textShape('yellow', { x: 1, y: 2 }, '   ')).toBeNull();
    expect(textShape('yellow', { x: 1, y: 2 }, null)).toBeNull();
  });
});

describe('primitives', () => {
  it('draws an arrow as its shaft and its head, in the chosen colour', () => {
    const [shaft, head] = shapePrimitives(arrow, 4, 24);
    expect(shaft).toEqual({ type: 'line', points: [0, 0, 100, 0], colour: DRAW_COLOURS.yellow, width: 4 });
    expect(head.type === 'line' && head.points.slice(2, 4)).toEqual([100, 0]);
  });
  it('draws a circle, a freehand line and a text', () => {
    expect(shapePrimitives(circle, 4, 24)).toEqual([{ type: 'circle', x: 10, y: 10, radius: 5, colour: DRAW_COLOURS.red, width: 4 }]);
    expect(shapePrimitives({ kind: 'freehand', colour: 'white', points: [{ x: 1, y: 2 }, { x: 3, y: 4 }] }, 4, 24))
      .toEqual([{ type: 'line', points: [1, 2, 3, 4], colour: '#ffffff', width: 4 }]);
    expect(shapePrimitives({ kind: 'text', colour: 'red', at: { x: 5, y: 6 }, text: 'Fissure' }, 4, 24))
      .toEqual([{ type: 'text', x: 5, y: 6, text: 'Fissure', colour: DRAW_COLOURS.red, size: 24 }]);
  });
});

describe('keyboard', () => {
  it('places a circle around the centre or an arrow pointing at it, nothing for the other tools', () => {
    expect(keyboardShape('circle', 'red', 1200, 600)).toEqual({ kind: 'circle', colour: 'red', center: { x: 600, y: 300 }, radius: 100 });
    expect(keyboardShape('arrow', 'white', 1200, 600)).toEqual({ kind: 'arrow', colour: 'white', from: { x: 300, y: 150 }, to: { x: 600, y: 300 } });
    expect(keyboardShape('freehand', 'red', 1200, 600)).toBeNull();
    expect(keyboardShape('text', 'red', 1200, 600)).toBeNull();
  });
});
