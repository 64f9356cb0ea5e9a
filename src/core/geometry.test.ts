import { describe, expect, it } from 'vitest';
import { bboxIntersects, bboxOf, polygonCentroid } from './geometry';

const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }];

describe('geometry', () => {
  it('computes a bounding box', () => {
    expect(bboxOf(square)).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
    expect(bboxOf([])).toBeNull();
    expect(bboxIntersects({ minX: 0, minY: 0, maxX: 1, maxY: 1 }, { minX: 2, minY: 0, maxX: 3, maxY: 1 })).toBe(false);
  });
  it('finds the centroid of a polygon', () => {
    expect(polygonCentroid(square)).toEqual({ x: 5, y: 5 });
    expect(polygonCentroid([{ x: 0, y: 0 }, { x: 4, y: 0 }])).toEqual({ x: 2, y: 0 });
  });
});
