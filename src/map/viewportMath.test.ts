import { describe, expect, it } from 'vitest';
import { clampViewport, fitViewport, gestureMinScale, keepCoveringHeight, minScaleFor, startAtImageX, stepScale, visibleImageRect, wholeLineViewport, zoomAt } from './viewportMath';

const view = { width: 1000, height: 600 };
const image = { width: 12000, height: 1500 };

describe('stepScale', () => {
  it('moves by 0.1 on the grid and stays within 0.5-3', () => {
    expect(stepScale(1, 1)).toBe(1.1);
    expect(stepScale(1, -1)).toBe(0.9);
    expect(stepScale(0.5, -1)).toBe(0.5);
    expect(stepScale(3, 1)).toBe(3);
    expect(stepScale(1.04, 1)).toBe(1.1);
    expect(stepScale(1.04, -1)).toBe(1);
  });
});

describe('clampViewport', () => {
  it('keeps the image edges from entering the view', () => {
    expect(clampViewport({ scale: 1, x: 50, y: 20 }, view, image)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(clampViewport({ scale: 1, x: -99999, y: -99999 }, view, image)).toEqual({ scale: 1, x: -11000, y: -900 });
  });
  it('centres an image smaller than the view', () => {
    expect(clampViewport({ scale: 0.5, x: 0, y: 0 }, { width: 1000, height: 1000 }, { width: 1000, height: 1000 })).toEqual({ scale: 0.5, x: 250, y: 250 });
  });
});

describe('zoomAt', () => {
  it('keeps the image point under the anchor', () => {
    const v = zoomAt({ scale: 1, x: -3000, y: -300 }, 1.5, 400, 300, view, image);
    expect((400 - v.x) / v.scale).toBeCloseTo(3400);
    expect((300 - v.y) / v.scale).toBeCloseTo(600);
  });
});

describe('fitViewport', () => {
  it('fits the line height, bounded by the minimum zoom', () => {
    expect(fitViewport({ scale: 2, x: 0, y: 0 }, view, image).scale).toBe(0.5);
    expect(fitViewport({ scale: 2, x: 0, y: 0 }, { width: 1000, height: 1200 }, image).scale).toBeCloseTo(0.8);
  });
});

describe('visibleImageRect', () => {
  it('converts the view to image px with a margin', () => {
    expect(visibleImageRect({ scale: 2, x: -200, y: -100 }, view, 0)).toEqual({ minX: 100, minY: 50, maxX: 600, maxY: 350 });
    expect(visibleImageRect({ scale: 2, x: -200, y: -100 }, view, 1)).toEqual({ minX: -400, minY: -250, maxX: 1100, maxY: 650 });
  });
});

describe('startAtImageX (first view at the first marker)', () => {
  const view = { width: 390, height: 600 }, image = { width: 12000, height: 1500 };
  it('puts the image x a margin from the left edge at the current zoom', () => {
    const v = startAtImageX({ scale: 0.4, x: 0, y: 0 }, 1000, view, image, 24);
    expect(v.x).toBeCloseTo(24 - 400);
    expect((24 - v.x) / v.scale).toBeCloseTo(1000); // image x 1000 sits 24 px from the left edge
  });
  it('stays clamped at the image edges', () => {
    expect(startAtImageX({ scale: 0.4, x: 0, y: 0 }, 11990, view, image).x).toBeCloseTo(390 - 12000 * 0.4);
    expect(startAtImageX({ scale: 0.4, x: -100, y: 0 }, 10, view, image).x).toBe(0);
  });
});

describe('whole line ("Ajuster à la ligne" on a phone)', () => {
  const phone = { width: 390, height: 600 };
  it('shows the whole length of the line, below the usual minimum zoom when the view needs it', () => {
    const v = wholeLineViewport(phone, image);
    expect(v.scale).toBeCloseTo(390 / 12000);
    const r = visibleImageRect(v, phone);
    expect(r.minX).toBeLessThanOrEqual(0);
    expect(r.maxX).toBeGreaterThanOrEqual(12000);
  });
  it('keeps wheel, pinch and buttons within the spec\'s 0.5-3; from the whole-line view zooming out goes no further', () => {
    expect(minScaleFor(phone, image)).toBeCloseTo(390 / 12000);
    expect(minScaleFor({ width: 12000, height: 1500 }, image)).toBe(0.5);
    expect(stepScale(0.5, -1, gestureMinScale(0.5))).toBe(0.5);
    expect(zoomAt({ scale: 0.5, x: 0, y: 0 }, 0.001, 0, 0, phone, image).scale).toBe(0.5);
    const whole = wholeLineViewport(phone, image);
    expect(stepScale(whole.scale, -1, gestureMinScale(whole.scale))).toBeCloseTo(390 / 12000);
    expect(zoomAt(whole, 0.001, 0, 0, phone, image).scale).toBeCloseTo(390 / 12000);
    expect(stepScale(whole.scale, 1, gestureMinScale(whole.scale))).toBeCloseTo(0.1);
  });
});

describe('keepCoveringHeight (no grey bands once a banner goes)', () => {
  it('zooms a line that covered the view height to cover the taller view, about the centre', () => {
    const before = { width: 390, height: 640 }, after = { width: 390, height: 696 };
    const v = { scale: 0.5, x: -2000, y: -50 };
    const k = keepCoveringHeight(v, before, after, image);
    expect(image.height * k.scale).toBeGreaterThanOrEqual(696 - 1e-9);
    expect(k.y).toBeLessThanOrEqual(0);
    expect(k.y + image.height * k.scale).toBeGreaterThanOrEqual(696 - 1e-9);
    expect((195 - k.x) / k.scale).toBeCloseTo((195 - v.x) / v.scale);
  });
  it('leaves a view zoomed out on purpose (the whole line) alone', () => {
    const v = wholeLineViewport({ width: 390, height: 640 }, image);
    expect(keepCoveringHeight(v, { width: 390, height: 640 }, { width: 390, height: 696 }, image)).toEqual(v);
  });
});
