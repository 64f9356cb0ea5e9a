import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelBox } from './labelPlacement';

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('placeLabels', () => {
  it('keeps labels that do not touch where they are', () => {
    expect(placeLabels([{ x: 0, y: 50, w: 100, h: 18 }, { x: 200, y: 50, w: 100, h: 18 }], [0, -20])).toEqual([0, 0]);
  });

  it('moves a label that would cover an earlier one to the next free offset, and hides it when none is free', () => {
    const boxes = [{ x: 0, y: 50, w: 160, h: 18 }, { x: 100, y: 50, w: 160, h: 18 }, { x: 120, y: 50, w: 80, h: 18 }];
    const dy = placeLabels(boxes, [0, -20]);
    expect(dy).toEqual([0, -20, null]);
  });

  it('never places a label above minY, and no two placed labels overlap on a crowded line', () => {
    const boxes = Array.from({ length: 40 }, (_, i) => ({ x: (i * 37) % 500, y: 30 + (i % 3) * 5, w: 60 + (i % 4) * 20, h: 18 }));
    const dy = placeLabels(boxes, [0, -20, -40], { minY: 0 });
    const shown = boxes.map((b, i) => (dy[i] === null ? null : { ...b, y: b.y + dy[i]! })).filter((b): b is LabelBox => b !== null);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown.length).toBeLessThan(boxes.length);
    for (const b of shown) expect(b.y).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) expect(overlaps(shown[i], shown[j])).toBe(false);
  });
});
