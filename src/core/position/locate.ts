// A fix turned into line, track and PK over the network's line indexes (docs/product.md#position): the nearest
// line (or the one shown, when it is near enough), its tracks within the uncertainty (two of them: a question,
// never a guess), the PK with its uncertainty, and the other lines close by.
import type { Track } from '../types';
import { formatCount, formatKm } from '../format';
import { toX, toY } from './localFrame';
import { fixAccepted, impreciseMessage, type Fix } from './fixes';
import type { LineIndex, TrackHit } from './lineIndex';
import { POSITION_FAR_M, POSITION_MAX_ACCURACY_M, POSITION_NEARBY_LINE_M } from '../constants';

export interface LocateOptions {
  maxAccuracyM?: number;
  farM?: number;
  preferredLineId?: string | null; // the line on screen: kept when within farM
  chosenTrack?: Track | null; // the agent's answer to 'Voie 1 ou Voie 2 ?'
}

export interface NearbyLine { lineId: string; name: string; distanceM: number }

export type Located =
  | { kind: 'imprecise'; accuracyM: number }
  | { kind: 'no_axes' }
  | { kind: 'far'; lineId: string; name: string; distanceM: number }
  | { kind: 'ambiguous'; lineId: string; name: string; choices: TrackHit[]; nearby: NearbyLine[] }
  | { kind: 'on_line'; lineId: string; name: string; hit: TrackHit; pkPlusMinus: number; accuracyM: number; nearby: NearbyLine[] };

function boxDistance(line: LineIndex, lat: number, lon: number): number {
  const x = toX(line.frame, lon), y = toY(line.frame, lat), b = line.box;
  const dx = Math.max(b.minX - x, 0, x - b.maxX), dy = Math.max(b.minY - y, 0, y - b.maxY);
  return Math.hypot(dx, dy);
}

/** Lines within `within` metres by exact distance, nearest first; when none is, the nearest line beyond. */
export function linesByDistance(lines: readonly LineIndex[], lat: number, lon: number, within: number): NearbyLine[] {
  const order = lines.map((l) => ({ l, d: boxDistance(l, lat, lon) })).filter((o) => Number.isFinite(o.d)).sort((a, b) => a.d - b.d);
  const out: NearbyLine[] = [];
  for (const { l, d } of order) {
    if (d > within) break;
    const exact = l.distanceM(lat, lon, within);
    if (Number.isFinite(exact)) out.push({ lineId: l.lineId, name: l.name, distanceM: exact });
  }
  if (out.length > 0) return out.sort((a, b) => a.distanceM - b.distanceM);
  let best: NearbyLine | null = null;
  for (const { l, d } of order) {
    if (best && d > best.distanceM) break;
    const exact = l.distanceM(lat, lon);
    if (Number.isFinite(exact) && (!best || exact < best.distanceM)) best = { lineId: l.lineId, name: l.name, distanceM: exact };
  }
  return best ? [best] : [];
}

export function locate(lines: readonly LineIndex[], fix: Fix, options: LocateOptions = {}): Located {
  const maxAccuracyM = options.maxAccuracyM ?? POSITION_MAX_ACCURACY_M;
  const farM = options.farM ?? POSITION_FAR_M;
  if (!fixAccepted(fix, maxAccuracyM)) return { kind: 'imprecise', accuracyM: fix.accuracyM };
  const near = linesByDistance(lines, fix.lat, fix.lon, Math.max(farM, POSITION_NEARBY_LINE_M));
  if (near.length === 0) return { kind: 'no_axes' };
  const preferred = near.find((n) => n.lineId === options.preferredLineId && n.distanceM <= farM);
  const chosen = preferred ?? near[0];
  if (chosen.distanceM > farM) return { kind: 'far', lineId: chosen.lineId, name: chosen.name, distanceM: chosen.distanceM };
  const nearby = near.filter((n) => n !== chosen && n.distanceM <= POSITION_NEARBY_LINE_M);
  const index = lines.find((l) => l.lineId === chosen.lineId)!;
  const hits = index.nearestTracks(fix.lat, fix.lon, farM);
  // A track is within the uncertainty when it is no farther than the nearest one plus the fix's accuracy.
  const within = hits.filter((h) => h.distanceM <= hits[0].distanceM + fix.accuracyM);
  const picked = options.chosenTrack ? within.find((h) => h.track === options.chosenTrack) : within.length === 1 ? within[0] : undefined;
  if (!picked) return { kind: 'ambiguous', lineId: chosen.lineId, name: chosen.name, choices: within, nearby };
  return { kind: 'on_line', lineId: chosen.lineId, name: chosen.name, hit: picked, pkPlusMinus: Math.abs(picked.kmPerM) * fix.accuracyM, accuracyM: fix.accuracyM, nearby };
}

const TRACK_LABEL: Record<Track, string> = { voie_1: 'Voie 1', voie_2: 'Voie 2' };

/** '340 m' or '1 250 m'. */
export function formatMetres(m: number): string {
  return `${formatCount(Math.round(m))} m`;
}

/** The one-line French summary of a located fix. */
export function locatedMessage(l: Located): string {
  switch (l.kind) {
    case 'imprecise': return impreciseMessage(l.accuracyM);
    case 'no_axes': return 'Aucune ligne n’a encore de tracé : la position ne peut pas être située sur une ligne.';
    case 'far': return `Vous êtes à ${formatMetres(l.distanceM)} de la ligne ${l.name}.`;
    case 'ambiguous': return `${l.choices.map((c) => TRACK_LABEL[c.track]).join(' ou ')} ?`;
    case 'on_line': {
      const pk = l.hit.pk === null ? 'PK inconnu (aucun repère)' : `PK ${formatKm(l.hit.pk)} ± ${formatKm(Math.max(l.pkPlusMinus, 0.01))}`;
      return `${pk} · ${TRACK_LABEL[l.hit.track]} · précision ${formatMetres(l.accuracyM)}`;
    }
  }
}
