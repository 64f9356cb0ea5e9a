// Position fixes from the device: the accuracy threshold, the averaging of several fixes ('Moyenner') and the
// summary of the fix kept with a point,
// docs/product.md#position. `accuracyM` is the browser's coords.accuracy (a 95 % radius, metres).
import { formatCount } from '../format';

export interface Fix { lat: number; lon: number; accuracyM: number; at: number; fixes?: number } // at: ms epoch

/** Whether a fix is usable: finite coordinates in range and an accuracy within the threshold. */
export function fixAccepted(fix: Fix, maxAccuracyM: number): boolean {
  return Number.isFinite(fix.lat) && Number.isFinite(fix.lon) && Math.abs(fix.lat) <= 90 && Math.abs(fix.lon) <= 180
    && Number.isFinite(fix.accuracyM) && fix.accuracyM >= 0 && fix.accuracyM <= maxAccuracyM;
}

/** The French word for a dropped fix. */
export function impreciseMessage(accuracyM: number): string {
  return `Position imprécise (${formatCount(Math.round(accuracyM))} m) : attendez un meilleur signal`;
}

/**
 * The average of the accepted fixes: weighted by 1/accuracy², with the median accuracy of the fixes used
 * (fixes a few seconds apart share most of their error, so averaging does not shrink it much). Null when none is accepted.
 */
export function averageFixes(fixes: readonly Fix[], maxAccuracyM: number): Fix | null {
  const used = fixes.filter((f) => fixAccepted(f, maxAccuracyM));
  if (used.length === 0) return null;
  let w = 0, lat = 0, lon = 0;
  for (const f of used) {
    const wi = 1 / Math.max(f.accuracyM, 0.5) ** 2;
    w += wi; lat += f.lat * wi; lon += f.lon * wi;
  }
  const acc = used.map((f) => f.accuracyM).sort((a, b) => a - b);
  const mid = acc.length >> 1;
  const median = acc.length % 2 ? acc[mid] : (acc[mid - 1] + acc[mid]) / 2;
  return { lat: lat / w, lon: lon / w, accuracyM: median, at: used[used.length - 1].at, fixes: used.length };
}

/** 'Moyenne de 5 positions (2 écartées)'. */
export function averageMessage(used: number, dropped: number): string {
  const base = `Moyenne de ${used} position${used > 1 ? 's' : ''}`;
  return dropped > 0 ? `${base} (${dropped} écartée${dropped > 1 ? 's' : ''})` : base;
}

/** The fix kept with a point, as its form shows it: 'Position GNSS : précision 9 m, 5 mesures'. */
export function gnssSummary(g: { accuracyM: number; fixes: number }): string {
  const n = Math.max(1, Math.round(g.fixes));
  return `Position GNSS : précision ${formatCount(Math.round(g.accuracyM))} m, ${formatCount(n)} mesure${n > 1 ? 's' : ''}`;
}
