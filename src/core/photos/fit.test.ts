// fitWithin and shrunkType: the shrunk photo's size and type.
import { describe, expect, it } from 'vitest';
import { fitWithin, shrunkType } from './fit';

describe('fitWithin', () => {
  it('brings the longest side to the limit, proportions kept', () => {
    expect(fitWithin(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000, 2048)).toEqual({ width: 1536, height: 2048 });
  });
  it('never enlarges', () => {
    expect(fitWithin(800, 600, 2048)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2048, 10, 2048)).toEqual({ width: 2048, height: 10 });
  });
  it('keeps at least one pixel', () => {
    expect(fitWithin(100000, 10, 2048)).toEqual({ width: 2048, height: 1 });
  });
});

describe('shrunkType', () => {
  it('JPEG and PNG become JPEG, WEBP and GIF stay', () => {
    expect(shrunkType('image/png')).toEqual({ type: 'image/jpeg', ext: 'jpg' });
    expect(shrunkType('image/jpeg').ext).toBe('jpg');
    expect(shrunkType('image/webp').ext).toBe('webp');
    expect(shrunkType('image/gif').ext).toBe('gif');
  });
});
