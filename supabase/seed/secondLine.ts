// The demo's second line: a shorter line with its own image (6000 × 1500, drawn here), 7 kilometre
// markers from PK 20, 3 zones and a few dozen points, so that a newcomer sees the line picker at work.
import { encodePng } from '../../src/core/png';
import { TRACK_Y } from './data';

export const SECOND_LINE = { code: 'L2', name: 'Juvisy – Corbeil-Essonnes', width: 6000, height: 1500 } as const;
export const SECOND_LINE_IMAGE_PATH = 'line/demo-ligne-2.png';
export const SECOND_LINE_POINTS = 40;

/** Markers every ~850 px from x=400, PK 20.00 upwards (image px, km). */
export function secondLineMarkers(): { position: number; value: number }[] {
  return Array.from({ length: 7 }, (_, i) => ({ position: 400 + i * 860, value: Math.round((20 + i * 1.35) * 100) / 100 }));
}

export const SECOND_LINE_ZONES: { name: string; track: 'voie_1' | 'voie_2' | null; color: string; x0: number; x1: number }[] = [
  { name: 'Gare de Ris-Orangis', track: 'voie_1', color: '#0ea5e9', x0: 900, x1: 1700 },
  { name: 'Viaduc de Grigny', track: null, color: '#a855f7', x0: 2500, x1: 3100 },
  { name: 'Gare de Corbeil-Essonnes', track: 'voie_2', color: '#f43f5e', x0: 4600, x1: 5500 },
];

/** The line's schematic: fields, two ballasted tracks with rails and sleepers at TRACK_Y, stations, a ruler band. */
export function secondLineImage(): Uint8Array {
  const { width: W, height: H } = SECOND_LINE;
  const stations = SECOND_LINE_ZONES.map((z) => [z.x0 + 80, z.x1 - 80] as const);
  return encodePng(W, H, (x, y) => {
    if (y >= 1350) return y < 1354 ? [107, 114, 128] : [251, 251, 248]; // ruler band
    for (const yc of [TRACK_Y.voie_1, TRACK_Y.voie_2]) {
      const d = y - yc;
      if (Math.abs(Math.abs(d) - 9) < 2) return [63, 70, 80]; // rails
      if (Math.abs(d) < 20 && x % 24 < 8) return [138, 117, 96]; // sleepers
      if (Math.abs(d) < 34) return [207, 204, 196]; // ballast
    }
    for (const [a, b] of stations) {
      if (x >= a && x <= b && ((y > TRACK_Y.voie_1 - 110 && y < TRACK_Y.voie_1 - 50) || (y > TRACK_Y.voie_2 + 50 && y < TRACK_Y.voie_2 + 110))) return [218, 221, 226];
    }
    return Math.floor(x / 700) % 2 ? [227, 232, 207] : [236, 228, 204]; // fields
  });
}
