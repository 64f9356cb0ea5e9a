import { describe, expect, it } from 'vitest';
import { fitInBox, readImageInfo } from './imageInfo';
import { gradientPng } from '../../../test/fixtures/report/testPng';

describe('readImageInfo', () => {
  it('reads PNG size', () => {
    expect(readImageInfo(gradientPng(37, 21))).toEqual({ type: 'png', width: 37, height: 21 });
  });
  it('reads GIF, BMP and JPEG headers', () => {
    const gif = Uint8Array.from([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([0x20, 0x01, 0x10, 0x00]));
    expect(readImageInfo(gif)).toEqual({ type: 'gif', width: 288, height: 16 });
    const bmp = new Uint8Array(30); bmp.set([0x42, 0x4d]); new DataView(bmp.buffer).setInt32(18, 640, true); new DataView(bmp.buffer).setInt32(22, -480, true);
    expect(readImageInfo(bmp)).toEqual({ type: 'bmp', width: 640, height: 480 });
    // SOI, APP0 (length 16), SOF0 with height 300 and width 500.
    const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0), 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0xf4, 0x03]);
    expect(readImageInfo(jpg)).toEqual({ type: 'jpg', width: 500, height: 300 });
  });
  it('returns null for text and truncated data', () => {
    expect(readImageInfo(new TextEncoder().encode('<html>not an image</html>'))).toBeNull();
    expect(readImageInfo(gradientPng(4, 4).subarray(0, 12))).toBeNull();
  });
});

describe('fitInBox', () => {
  it('fits 400×300 keeping the aspect ratio', () => {
    expect(fitInBox(800, 600)).toEqual({ width: 400, height: 300 });
    expect(fitInBox(1000, 200)).toEqual({ width: 400, height: 80 });
    expect(fitInBox(300, 900)).toEqual({ width: 100, height: 300 });
    expect(fitInBox(100, 50)).toEqual({ width: 400, height: 200 });
  });
});
