// Demo content for the 'app' page (public/line.png, 12000×1500): PK markers, zones on both tracks, points near the rails.
import { mulberry32, gaussian } from '../lib/prng';
import type { KilometerMarker, Point, PointStatus, Zone } from '../../src/core/types';

export const DEMO_MARKERS: KilometerMarker[] = Array.from({ length: 13 }, (_, i) => ({
  id: `m${i}`, position: i * 1000, value: 12 + i * 0.85, createdBy: null,
}));

const zone = (id: string, name: string, color: string, track: Zone['track'], x0: number, x1: number, y0: number, y1: number): Zone => ({
  id, name, color, track, points: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1 + 40, y: y1 }, { x: x0 - 40, y: y1 }],
  kmStart: null, kmEnd: null, createdBy: null, createdAt: '2026-11-01T08:00:00Z',
});

export const DEMO_ZONES: Zone[] = [
  zone('z1', 'Gare de Juvisy', '#3b82f6', 'voie_1', 3250, 3950, 540, 660),
  zone('z2', 'Pont de la Seine', '#8b5cf6', 'voie_2', 5300, 5900, 840, 960),
  zone('z3', 'Passage à niveau 12', '#f97316', 'voie_1', 2650, 2950, 545, 655),
  zone('z4', 'Tranchée de Savigny', '#22c55e', 'voie_2', 6500, 7600, 845, 955),
];

const STATUSES: PointStatus[] = ['signale', 'signale', 'pris_en_charge', 'resolu'];

export function demoPoints(n: number, seed = 7): Point[] {
  const rng = mulberry32(seed);
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const hot = rng() < 0.4;
    const x = Math.max(10, Math.min(11990, hot ? 3600 + gaussian(rng) * 250 : rng() * 12000));
    const y = (rng() < 0.5 ? 600 : 900) + gaussian(rng) * 14;
    out.push({
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, "0")}`, name: `Anomalie ${i + 1}`, description: '', kilometer: '', kmValue: 12 + (x / 1000) * 0.85,
      position: { x, y }, imageUrl: null, status: STATUSES[Math.floor(rng() * STATUSES.length)],
      criticality: rng() < 0.3 ? 'danger' : 'attention', ticketNumber: null, teamId: null, teamName: null,
      creationDate: '2026-11-02T09:00:00Z', createdBy: null,
    });
  }
  return out;
}
