import { describe, expect, it } from 'vitest';
import { ringContains, zoneContains, zoneRing } from './zoneContains';

const square = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }];
const concave = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 5, y: 3 }, { x: 0, y: 10 }];

describe('zoneContains', () => {
  it('tells points inside a zone from points outside', () => {
    expect(zoneContains(square, 5, 5)).toBe(true);
    expect(zoneContains(square, 15, 5)).toBe(false);
    expect(zoneContains(concave, 5, 8)).toBe(false);
    expect(zoneContains(concave, 5, 1)).toBe(true);
  });
  it('includes the edges and vertices', () => {
    expect(zoneContains(square, 10, 5)).toBe(true);
    expect(zoneContains(square, 5, 0)).toBe(true);
    expect(zoneContains(square, 0, 0)).toBe(true);
    expect(zoneContains(square, 10, 10)).toBe(true);
    expect(zoneContains(square, 10.000001, 5)).toBe(false);
  });
  it('contains nothing with fewer than 3 vertices', () => {
    expect(zoneRing(square.slice(0, 2))).toBeNull();
    expect(zoneContains(square.slice(0, 2), 1, 0)).toBe(false);
  });
  it('closes the ring once and reuses it', () => {
    const ring = zoneRing(square)!;
    expect(ring.coordinates[0]).toHaveLength(5);
    expect(zoneRing([...square, square[0]])!.coordinates[0]).toHaveLength(5);
    expect(ringContains(ring, 3, 3)).toBe(true);
    expect(ringContains(ring, -1, 3)).toBe(false);
  });
});
