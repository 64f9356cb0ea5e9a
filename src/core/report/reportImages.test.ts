import { describe, expect, it } from 'vitest';
import { reportImageFromBytes, reportImageUrls } from './reportImages';
import { fixtureReport } from '../../../test/fixtures/report/reportFixture';
import { gradientPng } from '../../../test/fixtures/report/testPng';

describe('reportImageFromBytes', () => {
  it('keeps a PNG with its size', async () => {
    const img = await reportImageFromBytes(gradientPng(40, 20), 'image/png');
    expect(img).toMatchObject({ type: 'png', width: 40, height: 20 });
  });
  it('gives the reason for bytes it cannot embed', async () => {
    expect(await reportImageFromBytes(new TextEncoder().encode('<html/>'), 'image/png')).toEqual({ failure: 'unknown image format' });
    expect(await reportImageFromBytes(new TextEncoder().encode('???'), 'image/png', { toPng: async () => null })).toEqual({ failure: 'format not embeddable' });
  });
  it('uses the shrunk image when the converter gives one, the original when it fails', async () => {
    const small = { data: new Uint8Array([1]), type: 'jpg' as const, width: 4, height: 2 };
    expect(await reportImageFromBytes(gradientPng(40, 20), 'image/png', { shrink: async () => small })).toBe(small);
    const kept = await reportImageFromBytes(gradientPng(40, 20), 'image/png', { shrink: async () => { throw new Error('no canvas'); } });
    expect(kept).toMatchObject({ type: 'png', width: 40 });
  });
});

describe('reportImageUrls', () => {
  it('lists each point\'s first photo (image shown) then its next thumbnails, once each; a point without photos its imageUrl', () => {
    const report = fixtureReport(6, 3); // p0 and p3 have imageUrls
    expect(reportImageUrls(report).sort()).toEqual(['https://img.test/photo-0.png', 'https://img.test/photo-3.png']);
    const photos = new Map([['p0', [{ shown: 'd0.png', thumb: 't0.jpg' }, { shown: 'b.jpg', thumb: 'tb.jpg' }, { shown: 'c.jpg', thumb: 'tb.jpg' }]]]);
    expect(reportImageUrls(report, photos).sort()).toEqual(['d0.png', 'https://img.test/photo-3.png', 'tb.jpg']);
  });
});
