// A report with hostile user text, photos and a point outside zones, for the Word document tests and benches.
import type { CriticalityLevel, Point, ReportResult } from '../types';
import { DEFAULT_CRITICALITY_LEVELS } from '../constants';
import { buildReport } from './assemble';
import { buildReportRequest } from './rules';
import { makePoint, rectZone } from './fixtures';

export const HOSTILE_TEXT = `Rail <cassé> & "fissuré" l'aiguille </w:t><w:fldSimple w:instr="PAGE"/> { DATE \\@ "yyyy" }`;

export const FIXTURE_LEVELS: CriticalityLevel[] = [
  ...DEFAULT_CRITICALITY_LEVELS,
  { id: 'custom-1', name: 'Surveillance <renforcée>', color: '#8b5cf6', icon: 'Eye', order: 2, isDefault: false, createdBy: null },
];

/** `n` anomalies spread over 3 zones and outside them; every `photoEvery`-th one has an image URL. */
export function fixtureReport(n = 12, photoEvery = 3, urlOf = (i: number) => `https://img.test/photo-${i}.png`): ReportResult {
  const zones = [
    rectZone('z1', 0, 0, 100, 100, { name: 'Gare <Nord> & dépôt', kmStart: 12.5, kmEnd: 14, track: 'voie_1' }),
    rectZone('z2', 200, 0, 300, 100, { name: 'Tunnel "des Roches"', kmStart: 14.2, kmEnd: 16, track: 'voie_2', color: '#ef4444' }),
    rectZone('z3', 400, 0, 500, 100, { name: 'Viaduc', kmStart: 16.5, kmEnd: 18, track: null, color: 'not-a-colour' }),
  ];
  const points: Point[] = [];
  for (let i = 0; i < n; i++) {
    const zone = i % 4; // 3 → outside all zones
    const x = zone === 3 ? 700 : zone * 200 + 10 + (i % 80);
    const km = 12.5 + ((i * 5.5) / n);
    points.push(makePoint(`p${i}`, x, 50, Number(km.toFixed(2)), {
      name: i === 0 ? HOSTILE_TEXT : `Anomalie n°${i}`,
      description: i === 1 ? HOSTILE_TEXT : `Défaut constaté ${i}\nsur 2 lignes`,
      criticality: i % 5 === 0 ? 'danger' : i % 7 === 0 ? 'custom-1' : 'attention',
      status: i % 2 ? 'pris_en_charge' : 'signale',
      teamName: i % 3 ? 'Équipe Voie & Bâtiments' : null,
      ticketNumber: i === 2 ? `OT-<12345>&"x"` : `OT-${10000 + i}`,
      imageUrl: i % photoEvery === 0 ? urlOf(i) : null,
    }));
  }
  const request = buildReportRequest({ start: 12.5, end: 18 }, zones.map((z) => z.id), ['voie_1', 'voie_2'], null)!;
  return buildReport(request, zones, points);
}
