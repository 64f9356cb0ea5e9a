// readPhotoMeta on JPEGs made by the test (test/fixtures/photos/exifJpeg.ts): capture time, GNSS, orientation.
import { describe, expect, it } from 'vitest';
import { orientationSwapsSides, readPhotoMeta } from './exif';
import { BARE_JPEG, withExif } from '../../../test/fixtures/photos/exifJpeg';

describe('readPhotoMeta', () => {
  it('reads the capture time in the device time zone, the GNSS position and the orientation', async () => {
    const jpeg = withExif(BARE_JPEG, { dateTimeOriginal: '2026:11:30 08:15:42', lat: 48.8566, lon: -2.3522, orientation: 6 });
    const meta = await readPhotoMeta(jpeg);
    expect(meta.takenAt).toBe(new Date(2026, 10, 30, 8, 15, 42).toISOString());
    expect(meta.lat).toBeCloseTo(48.8566, 5);
    expect(meta.lon).toBeCloseTo(-2.3522, 5);
    expect(meta.orientation).toBe(6);
    expect(orientationSwapsSides(meta.orientation)).toBe(true);
  });

  it('a southern latitude, no date, upright', async () => {
    const meta = await readPhotoMeta(withExif(BARE_JPEG, { lat: -33.5, lon: 151.25 }));
    expect(meta).toMatchObject({ takenAt: null, orientation: 1 });
    expect(meta.lat).toBeCloseTo(-33.5, 5);
    expect(meta.lon).toBeCloseTo(151.25, 5);
  });

  it('a photo without EXIF, and bytes that are no image, give nothing', async () => {
    expect(await readPhotoMeta(BARE_JPEG)).toEqual({ takenAt: null, lat: null, lon: null, orientation: 1 });
    expect(await readPhotoMeta(new TextEncoder().encode('pas une image'))).toEqual({ takenAt: null, lat: null, lon: null, orientation: 1 });
  });

  it('a 0,0 fix (a camera without a fix) is no position', async () => {
    const meta = await readPhotoMeta(withExif(BARE_JPEG, { lat: 0, lon: 0, orientation: 3 }));
    expect([meta.lat, meta.lon, meta.orientation]).toEqual([null, null, 3]);
    expect(orientationSwapsSides(3)).toBe(false);
  });
});
