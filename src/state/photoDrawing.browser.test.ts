// flattenDrawing in Chromium: the photo and its shapes flattened at the photo's own size into a JPEG, the marks at
// their place in the photo's pixels (a red circle, a yellow arrow, a white text), the rest of the photo as it was.
import { describe, expect, it } from 'vitest';
import { flattenDrawing } from './photoDrawing';
import type { Shape } from '../core/photos/drawing';

async function greyPhoto(width: number, height: number): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(width, height);
  const ctx = c.getContext('2d')!;
  ctx.fillStyle = '#808080'; ctx.fillRect(0, 0, width, height);
  return createImageBitmap(c);
}

async function pixels(blob: Blob, at: [number, number][]): Promise<{ w: number; h: number; rgb: number[][] }> {
  const b = await createImageBitmap(blob);
  const c = new OffscreenCanvas(b.width, b.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(b, 0, 0);
  return { w: b.width, h: b.height, rgb: at.map(([x, y]) => [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]) };
}

const close = (a: number[], b: number[], tol = 40) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

describe('flattenDrawing', () => {
  it('paints the shapes at full resolution into a JPEG of the photo\'s size', async () => {
    const shapes: Shape[] = [
      { kind: 'circle', colour: 'red', center: { x: 1000, y: 750 }, radius: 400 },
      { kind: 'arrow', colour: 'yellow', from: { x: 100, y: 1400 }, to: { x: 1800, y: 1400 } },
    ];
    const blob = await flattenDrawing(await greyPhoto(2000, 1500), shapes);
    expect(blob.type).toBe('image/jpeg');
    const { w, h, rgb } = await pixels(blob, [[1400, 750], [1000, 750], [1000, 1400], [50, 50]]);
    expect([w, h]).toEqual([2000, 1500]);
    expect(close(rgb[0], [0xe0, 0x24, 0x24])).toBe(true); // on the circle (stroke 10 px wide)
    expect(close(rgb[1], [128, 128, 128], 8)).toBe(true); // its centre: the photo
    expect(close(rgb[2], [0xfa, 0xcc, 0x15])).toBe(true); // on the arrow's shaft
    expect(close(rgb[3], [128, 128, 128], 8)).toBe(true);
  });

  it('keeps the photo as it is without shapes, and draws a text where it was placed', async () => {
    const plain = await pixels(await flattenDrawing(await greyPhoto(400, 300), []), [[200, 150]]);
    expect(close(plain.rgb[0], [128, 128, 128], 8)).toBe(true);
    const text = await flattenDrawing(await greyPhoto(400, 300), [{ kind: 'text', colour: 'white', at: { x: 20, y: 150 }, text: 'IIIIIIIIII' }]);
    const b = await createImageBitmap(text);
    const c = new OffscreenCanvas(b.width, b.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(b, 0, 0);
    const row = ctx.getImageData(20, 140, 200, 20).data;
    let white = 0;
    for (let i = 0; i < row.length; i += 4) if (row[i] > 230 && row[i + 1] > 230 && row[i + 2] > 230) white++;
    expect(white).toBeGreaterThan(20);
  });
});
