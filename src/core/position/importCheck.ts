// Checks shared by the GeoJSON and CSV imports of a line's axes and PK anchors (docs/product.md#position):
// track names, anchors near their axis, and PKs in order along each axis (a jump is allowed: two anchors at
// one place, the numbering going on from the second). Errors name the row or feature they come from.
import type { Track } from '../types';
import { formatPk } from '../pkQuery';
import { buildLineIndex, type AnchorInput, type TrackAxisInput } from './lineIndex';
import { formatMetres } from './locate';

export const ANCHOR_MAX_OFFSET_M = 50; // m, an anchor farther from its track's axis is refused

export interface LabelledAnchor extends AnchorInput { label: string } // label: 'Ligne 4', 'Élément 2'
export interface ImportedGeometry { axes: TrackAxisInput[]; anchors: AnchorInput[] }
export type ImportResult = { ok: true; geometry: ImportedGeometry } | { ok: false; errors: string[] };

const TRACK_WORDS: Record<string, Track> = { '1': 'voie_1', '2': 'voie_2', v1: 'voie_1', v2: 'voie_2', voie1: 'voie_1', voie2: 'voie_2' };

/** 'voie_1', 'Voie 1', 'V1', '1' → 'voie_1'; null when unknown. */
export function parseTrack(text: unknown): Track | null {
  if (typeof text === 'number') return TRACK_WORDS[String(text)] ?? null;
  if (typeof text !== 'string') return null;
  return TRACK_WORDS[text.trim().toLowerCase().replace(/[\s_-]+/g, '')] ?? null;
}

export function unknownTrackMessage(label: string, value: unknown): string {
  return `${label} : voie « ${String(value)} » inconnue (attendu 1 ou 2).`;
}

const TRACK_NAME: Record<Track, string> = { voie_1: 'voie 1', voie_2: 'voie 2' };

/** Errors of the anchors against their axes: off the axis, or PKs out of order along it. */
export function checkAnchors(axes: readonly TrackAxisInput[], anchors: readonly LabelledAnchor[]): string[] {
  const errors: string[] = [];
  const index = buildLineIndex({ lineId: '', name: '', axes, anchors: [] });
  for (const track of ['voie_1', 'voie_2'] as const) {
    const own = anchors.filter((a) => a.track === track);
    if (own.length === 0) continue;
    if (!axes.some((a) => a.track === track && a.coordinates.length >= 2)) {
      errors.push(`${own[0].label} : la ${TRACK_NAME[track]} a des repères mais pas de tracé (au moins deux points).`);
      continue;
    }
    const placed = own.map((a, i) => ({ a, i, p: index.onTrack(track, a.lat, a.lon)! }));
    for (const { a, p } of placed) {
      if (p.distanceM > ANCHOR_MAX_OFFSET_M) errors.push(`${a.label} : le repère PK ${formatPk(a.pk)} est à ${formatMetres(p.distanceM)} du tracé de la ${TRACK_NAME[track]}.`);
    }
    placed.sort((x, y) => x.p.along - y.p.along || x.i - y.i);
    let direction = 0;
    for (let k = 1; k < placed.length; k++) {
      const prev = placed[k - 1].a, cur = placed[k].a;
      const step = Math.sign(cur.pk - prev.pk);
      if (step === 0) { errors.push(`${cur.label} : PK ${formatPk(cur.pk)} répété (déjà en ${prev.label.toLowerCase()}).`); continue; }
      if (direction === 0) direction = step;
      else if (step !== direction) errors.push(`${cur.label} : PK ${formatPk(cur.pk)} hors d’ordre après PK ${formatPk(prev.pk)} (${prev.label.toLowerCase()}).`);
    }
  }
  return errors;
}
