// Tiny valid PNG encoder (RGB, 8 bit, zlib via node:zlib) for the demo photos: a sky/ballast picture with a
// coloured marker, deterministic from its arguments.
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes width×height RGB pixels given by `pixel(x, y) -> [r, g, b]`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0, o = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r; raw[o++] = g; raw[o++] = b;
    }
  }
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width); v.setUint32(4, height);
  ihdr[8] = 8; ihdr[9] = 2; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', new Uint8Array(deflateSync(raw))), chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

/** A 160×120 "photo": sky, ballast with two rails and sleepers, and a marker of colour `accent`. */
export function demoPhoto(accent: [number, number, number], variant: number): Uint8Array {
  const W = 160, H = 120;
  const cx = 40 + ((variant * 37) % 80), cy = 70 + ((variant * 13) % 20);
  return encodePng(W, H, (x, y) => {
    if ((x - cx) ** 2 + (y - cy) ** 2 < 100) return accent;
    if (y < 45) return [150 + (y >> 1), 190 + (y >> 2), 235];
    const railL = 60 - (y - 45) * 0.4, railR = 100 + (y - 45) * 0.4;
    if (Math.abs(x - railL) < 2 || Math.abs(x - railR) < 2) return [70, 74, 80];
    if (x > railL && x < railR && (y % 10) < 3) return [138, 117, 96];
    const n = ((x * 7919 + y * 104729 + variant * 31) % 23) * 3;
    return [170 + n / 3, 165 + n / 3, 155 + n / 3];
  });
}
