import { describe, expect, it } from 'vitest';
import { imageXForKm, interpolateKm, markerKmBounds, zoneKmRange } from './pk';

const markers = [
  { position: 3000, value: 12 },
  { position: 1000, value: 10 }, // unsorted on purpose
  { position: 7000, value: 13 },
];

describe('interpolateKm', () => {
  it('interpolates linearly between markers sorted by position', () => {
    expect(interpolateKm(markers, 1000)).toBe(10);
    expect(interpolateKm(markers, 2000)).toBe(11);
    expect(interpolateKm(markers, 3000)).toBe(12);
    expect(interpolateKm(markers, 5000)).toBe(12.5);
    expect(interpolateKm(markers, 7000)).toBe(13);
  });
  it('rounds to 2 decimals', () => {
    expect(interpolateKm(markers, 1001)).toBe(10);
    expect(interpolateKm(markers, 1333)).toBe(10.33);
    expect(interpolateKm(markers, 1667)).toBe(10.67);
  });
  it('returns null outside the marker range', () => {
    expect(interpolateKm(markers, 999.9)).toBeNull();
    expect(interpolateKm(markers, 7000.1)).toBeNull();
  });
  it('returns null with fewer than two markers', () => {
    expect(interpolateKm([], 10)).toBeNull();
    expect(interpolateKm([{ position: 10, value: 1 }], 10)).toBeNull();
  });
  it('handles decreasing PK along the image', () => {
    expect(interpolateKm([{ position: 0, value: 20 }, { position: 1000, value: 10 }], 250)).toBe(17.5);
  });
  it('does not divide by zero for two markers at the same position', () => {
    expect(interpolateKm([{ position: 5, value: 1 }, { position: 5, value: 2 }, { position: 10, value: 3 }], 5)).toBe(1);
  });
});

describe('imageXForKm', () => {
  it('is the inverse of interpolateKm inside the range', () => {
    expect(imageXForKm(markers, 11)).toBe(2000);
    expect(imageXForKm(markers, 12.5)).toBe(5000);
    for (const x of [1000, 1500, 2999, 4321, 7000]) {
      const km = interpolateKm(markers, x)!;
      expect(interpolateKm(markers, imageXForKm(markers, km)!)).toBe(km);
    }
  });
  it('returns null outside the marker values or with fewer than two markers', () => {
    expect(imageXForKm(markers, 9.99)).toBeNull();
    expect(imageXForKm(markers, 13.01)).toBeNull();
    expect(imageXForKm(markers.slice(0, 1), 12)).toBeNull();
  });
});

describe('zoneKmRange', () => {
  it('uses the minimum and maximum x of the polygon', () => {
    const poly = [{ x: 2000, y: 5 }, { x: 5000, y: 50 }, { x: 3000, y: 500 }];
    expect(zoneKmRange(poly, markers)).toEqual({ kmStart: 11, kmEnd: 12.5 });
  });
  it('gives null on the side that lies outside the markers', () => {
    const poly = [{ x: 500, y: 5 }, { x: 2000, y: 50 }, { x: 1500, y: 500 }];
    expect(zoneKmRange(poly, markers)).toEqual({ kmStart: null, kmEnd: 11 });
    expect(zoneKmRange([], markers)).toEqual({ kmStart: null, kmEnd: null });
  });
});

describe('markerKmBounds', () => {
  it('gives the lowest and highest marker value', () => {
    expect(markerKmBounds(markers)).toEqual({ min: 10, max: 13 });
  });
  it('is null with fewer than two markers', () => {
    expect(markerKmBounds([{ position: 1, value: 4 }])).toBeNull();
  });
});
