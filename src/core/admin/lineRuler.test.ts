import { describe, expect, it } from 'vitest';
import {
  hasEnoughMarkers, imageToRulerX, lineImageExtension, lineImageSizeDiffers, nonMonotoneMarkers, rulerToImageX,
  newLineImage, zoneKmUpdates,
} from './lineRuler';

describe('ruler scaling', () => {
  it('maps ruler x to image x and back, clamped to the image', () => {
    expect(rulerToImageX(600, 1200, 12000)).toBe(6000);
    expect(rulerToImageX(-5, 1200, 12000)).toBe(0);
    expect(rulerToImageX(1300, 1200, 12000)).toBe(12000);
    expect(imageToRulerX(6000, 1200, 12000)).toBe(600);
  });
});

describe('markers', () => {
  it('needs at least two markers', () => {
    expect(hasEnoughMarkers([{}])).toBe(false);
    expect(hasEnoughMarkers([{}, {}])).toBe(true);
  });
  it('flags a marker whose value goes down along the line', () => {
    const m = [{ id: 'a', position: 0, value: 10 }, { id: 'c', position: 200, value: 5 }, { id: 'b', position: 100, value: 12 }];
    expect(nonMonotoneMarkers(m).map((x) => x.id)).toEqual(['c']);
  });
});

describe('zoneKmUpdates', () => {
  const markers = [{ position: 0, value: 10 }, { position: 1000, value: 20 }];
  const square = [{ x: 100, y: 0 }, { x: 300, y: 0 }, { x: 300, y: 50 }];
  it('returns only zones whose PK range changes', () => {
    const zones = [
      { id: 'same', points: square, kmStart: 11, kmEnd: 13 },
      { id: 'stale', points: square, kmStart: 1, kmEnd: 2 },
    ];
    expect(zoneKmUpdates(zones, markers)).toEqual([{ id: 'stale', kmStart: 11, kmEnd: 13 }]);
  });
  it('sets null ends outside the marker range', () => {
    const zones = [{ id: 'z', points: [{ x: 900, y: 0 }, { x: 1200, y: 0 }, { x: 1000, y: 9 }], kmStart: 19, kmEnd: 20 }];
    expect(zoneKmUpdates(zones, markers)).toEqual([{ id: 'z', kmStart: 19, kmEnd: null }]);
  });
});

describe('line image setting', () => {
  it('serializes url and whole-pixel size', () => {
    expect(newLineImage({ url: '/x.png', width: 12000.4, height: 1500 })).toEqual({ url: '/x.png', width: 12000, height: 1500 });
  });
  it('detects a size change', () => {
    expect(lineImageSizeDiffers({ width: 12000, height: 1500 }, { width: 12000, height: 1500 })).toBe(false);
    expect(lineImageSizeDiffers({ width: 12000, height: 1500 }, { width: 8000, height: 1500 })).toBe(true);
  });
  it('accepts raster image types only', () => {
    expect(lineImageExtension('image/png')).toBe('png');
    expect(lineImageExtension('image/jpeg')).toBe('jpg');
    expect(lineImageExtension('image/svg+xml')).toBeNull();
  });
});
