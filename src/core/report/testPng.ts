// PNG helpers for tests and benchmarks: a recognisable gradient and a byte-distinct copy of a PNG.
import { encodePng, pngChunk } from '../png';

export { encodePng };

/** A diagonal gradient, recognisable in rendered pages. */
export const gradientPng = (w: number, h: number) => encodePng(w, h, (x, y) => [Math.round((255 * x) / w), Math.round((255 * y) / h), 160]);

/** The same PNG with a tEXt chunk inserted before IEND: a distinct file (distinct hash) showing the same picture. */
export function withTextChunk(png: Uint8Array, text: string): Uint8Array<ArrayBuffer> {
  const body = new TextEncoder().encode(`Comment\0${text}`);
  const extra = pngChunk('tEXt', body);
  const iend = png.length - 12;
  const out = new Uint8Array(png.length + extra.length);
  out.set(png.subarray(0, iend), 0);
  out.set(extra, iend);
  out.set(png.subarray(iend), iend + extra.length);
  return out;
}
