// 'ici' in the search box (docs/product.md#position): whether a query asks for the anomalies around the agent, the
// PK and line a located fix searches around (both tracks: the agent wants everything within the radius), and the
// hits ordered nearest PK first.
import { formatKm } from '../format';
import type { Located } from './locate';
import { locatedMessage } from './locate';

export const NEAR_HERE_RADIUS_KM = 0.2;

/** 'ici', 'Ici', ' ICI ' (accents and case ignored). */
export function isHereQuery(query: string): boolean {
  return query.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() === 'ici';
}

export type NearHereTarget = { ok: true; lineId: string; name: string; pk: number } | { ok: false; message: string };

/** Where to search around a located fix; the French reason when it cannot be searched around. */
export function nearHereTarget(l: Located): NearHereTarget {
  if (l.kind === 'on_line') {
    return l.hit.pk === null ? { ok: false, message: 'PK inconnu ici : la ligne n’a pas de repère à cet endroit.' } : { ok: true, lineId: l.lineId, name: l.name, pk: l.hit.pk };
  }
  if (l.kind === 'ambiguous') {
    // Both tracks are searched: the nearest one's PK (the tracks run side by side, a jump is never averaged across).
    const nearest = l.choices.find((c) => c.pk !== null);
    if (!nearest) return { ok: false, message: 'PK inconnu ici : la ligne n’a pas de repère à cet endroit.' };
    return { ok: true, lineId: l.lineId, name: l.name, pk: nearest.pk! };
  }
  return { ok: false, message: locatedMessage(l) };
}

/** The heading of the results: 'Anomalies à moins de 200 m · PK 17,420 · ligne L1'. */
export function nearHereHeading(t: { pk: number; name: string }): string {
  return `Anomalies à moins de 200 m · PK ${formatKm(t.pk)} · ligne ${t.name}`;
}

/** Hits within the radius of the PK, nearest first to the metre (ties: in the order given, newest first). */
export function nearestByPk<T extends { kmValue: number | null }>(hits: readonly T[], pk: number, radiusKm = NEAR_HERE_RADIUS_KM): T[] {
  return hits
    .map((h, i) => ({ h, i, d: h.kmValue === null ? Infinity : Math.round(Math.abs(h.kmValue - pk) * 1000) })) // metres
    .filter((o) => o.d <= Math.round(radiusKm * 1000))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((o) => o.h);
}
