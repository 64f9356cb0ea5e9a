import { describe, expect, it } from 'vitest';
import { deviceClassOf, isMobileLike } from './useDeviceClass';

describe('deviceClassOf (docs/product.md#devices)', () => {
  it('is mobile below 768 px, touch or not', () => {
    expect(deviceClassOf(390, true)).toBe('mobile');
    expect(deviceClassOf(767, false)).toBe('mobile');
  });
  it('is tablet from 768 to 1366 px with touch', () => {
    expect(deviceClassOf(768, true)).toBe('tablet');
    expect(deviceClassOf(1366, true)).toBe('tablet');
    expect(deviceClassOf(1367, true)).toBe('desktop');
  });
  it('is desktop without touch from 768 px', () => {
    expect(deviceClassOf(768, false)).toBe('desktop');
    expect(deviceClassOf(1440, false)).toBe('desktop');
  });
  it('gives phones and tablets the mobile-like layout', () => {
    expect(isMobileLike('mobile')).toBe(true);
    expect(isMobileLike('tablet')).toBe(true);
    expect(isMobileLike('desktop')).toBe(false);
  });
});
