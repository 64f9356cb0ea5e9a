// The demo photos: a sky/ballast picture with a coloured marker, deterministic from its arguments (PNG bytes).
import { encodePng } from '../../src/core/png';

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
