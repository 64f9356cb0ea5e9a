// shrinkPhoto in Chromium, through its worker: a 12 MP photo taken turned (EXIF orientation 6) comes back upright,
// its longest side 2048 px, with the capture time and the GNSS position its EXIF held; a small upright photo is kept.
// makeThumbnail: always a JPEG of at most 320 px, whatever the source.
import { describe, expect, it } from 'vitest';
import { makeThumbnail, shrinkPhoto } from './photoShrink';
import { withExif } from '../../test/fixtures/photos/exifJpeg';

/** A 4000 × 3000 JPEG, red on its left half (so the turn can be seen in the result). */
async function bigJpeg(): Promise<Uint8Array> {
  const c = new OffscreenCanvas(4000, 3000);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#ff0000'; ctx.fillRect(0, 0, 2000, 3000);
  ctx.fillStyle = '#0000ff'; ctx.fillRect(2000, 0, 2000, 3000);
  return new Uint8Array(await (await c.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
}

async function pixel(blob: Blob, x: number, y: number): Promise<number[]> {
  const b = await createImageBitmap(blob);
  const c = new OffscreenCanvas(b.width, b.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(b, 0, 0);
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

describe('shrinkPhoto', () => {
  it('a PNG over 2048 px becomes a JPEG of 2048 px', async () => {
    const c = new OffscreenCanvas(3000, 1000);
    c.getContext('2d')!.fillRect(0, 0, 3000, 1000);
    const png = await c.convertToBlob({ type: 'image/png' });
    const shrunk = await shrinkPhoto(new File([png], 'plan.png', { type: 'image/png' }));
    expect([shrunk.width, shrunk.height, shrunk.ext, shrunk.blob.type]).toEqual([2048, 683, 'jpg', 'image/jpeg']);
  });

  it('reads the EXIF first, turns the photo upright and brings its longest side to 2048 px', async () => {
    const bytes = withExif(await bigJpeg(), { dateTimeOriginal: '2026:11:30 08:15:42', lat: 45.75, lon: 4.85, orientation: 6 });
    const shrunk = await shrinkPhoto(new File([bytes as BlobPart], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    expect([shrunk.width, shrunk.height, shrunk.ext, shrunk.blob.type]).toEqual([1536, 2048, 'jpg', 'image/jpeg']);
    expect(shrunk.meta.takenAt).toBe(new Date(2026, 10, 30, 8, 15, 42).toISOString());
    expect(shrunk.meta.lat).toBeCloseTo(45.75, 5);
    expect(shrunk.meta.lon).toBeCloseTo(4.85, 5);
    // Orientation 6 turns the photo a quarter clockwise: its red left half ends on top.
    const top = await pixel(shrunk.blob, 768, 200);
    const bottom = await pixel(shrunk.blob, 768, 1850);
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(shrunk.blob.size).toBeLessThan(bytes.length);
  });

  it('a small upright PNG is kept as it is', async () => {
    const c = new OffscreenCanvas(300, 200);
    c.getContext('2d')!.fillRect(0, 0, 300, 200);
    const png = await c.convertToBlob({ type: 'image/png' });
    const shrunk = await shrinkPhoto(new File([png], 'plan.png', { type: 'image/png' }));
    expect([shrunk.width, shrunk.height, shrunk.ext, shrunk.blob.size]).toEqual([300, 200, 'png', png.size]);
    expect(shrunk.meta).toEqual({ takenAt: null, lat: null, lon: null, orientation: 1 });
  });
});

describe('makeThumbnail', () => {
  it('a 4000 × 3000 JPEG turned by its EXIF becomes an upright JPEG of 320 px', async () => {
    const bytes = withExif(await bigJpeg(), { orientation: 6 });
    const thumb = await makeThumbnail(new Blob([bytes as BlobPart], { type: 'image/jpeg' }));
    expect([thumb.width, thumb.height, thumb.ext, thumb.blob.type]).toEqual([240, 320, 'jpg', 'image/jpeg']);
    expect((await pixel(thumb.blob, 120, 20))[0]).toBeGreaterThan(200);
  });

  it('a small PNG and a GIF become JPEGs too (never kept as they are)', async () => {
    const c = new OffscreenCanvas(200, 100);
    c.getContext('2d')!.fillRect(0, 0, 200, 100);
    const png = await c.convertToBlob({ type: 'image/png' });
    const fromPng = await makeThumbnail(new Blob([png], { type: 'image/png' }));
    expect([fromPng.width, fromPng.height, fromPng.ext, fromPng.blob.type]).toEqual([200, 100, 'jpg', 'image/jpeg']);
    // A 1 × 1 GIF (the smallest valid one).
    const gif = Uint8Array.from(atob('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs='), (ch) => ch.charCodeAt(0));
    const fromGif = await makeThumbnail(new Blob([gif], { type: 'image/gif' }));
    expect([fromGif.width, fromGif.height, fromGif.ext, fromGif.blob.type]).toEqual([1, 1, 'jpg', 'image/jpeg']);
  });
});
