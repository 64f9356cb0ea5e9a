// Image bytes for the Word report: format and pixel size read from the file header, and the 400×300 fit (docs/product.md#constants).
import { WORD_IMAGE_BOX } from '../constants';

/** Formats docx can embed. */
export type DocxImageType = 'png' | 'jpg' | 'gif' | 'bmp';
export interface ImageInfo { type: DocxImageType | 'webp'; width: number; height: number }

const u16be = (b: Uint8Array, o: number) => (b[o] << 8) | b[o + 1];
const u16le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32be = (b: Uint8Array, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);
const i32le = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24);
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));

/** Format and size from the header of a PNG, JPEG, GIF, BMP or WebP file; null when unknown or truncated. */
export function readImageInfo(b: Uint8Array): ImageInfo | null {
  if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return sized('png', u32be(b, 16), u32be(b, 20));
  if (b.length >= 10 && ascii(b, 0, 3) === 'GIF') return sized('gif', u16le(b, 6), u16le(b, 8));
  if (b.length >= 26 && ascii(b, 0, 2) === 'BM') return sized('bmp', Math.abs(i32le(b, 18)), Math.abs(i32le(b, 22)));
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return readJpeg(b);
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return readWebp(b);
  return null;
}

function sized(type: ImageInfo['type'], width: number, height: number): ImageInfo | null {
  return width > 0 && height > 0 ? { type, width, height } : null;
}

/** Walks JPEG segments to the first start-of-frame marker. */
function readJpeg(b: Uint8Array): ImageInfo | null {
  let o = 2;
  while (o + 9 < b.length) {
    if (b[o] !== 0xff) { o++; continue; }
    const marker = b[o + 1];
    if (marker === 0xff) { o++; continue; }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { o += 2; continue; }
    const len = u16be(b, o + 2);
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) return sized('jpg', u16be(b, o + 7), u16be(b, o + 5));
    o += 2 + len;
  }
  return null;
}

function readWebp(b: Uint8Array): ImageInfo | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return sized('webp', 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), 1 + (b[27] | (b[28] << 8) | (b[29] << 16)));
  if (chunk === 'VP8 ') return sized('webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  if (chunk === 'VP8L') {
    const v = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return sized('webp', (v & 0x3fff) + 1, ((v >>> 14) & 0x3fff) + 1);
  }
  return null;
}

/** Size scaled to fit the box (400×300 by default) keeping the aspect ratio, touching it on one side. Whole px, at least 1. */
export function fitInBox(width: number, height: number, box = WORD_IMAGE_BOX): { width: number; height: number } {
  const scale = Math.min(box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
