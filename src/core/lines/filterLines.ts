// The line picker's filter: lines whose code or name contain every word of the query, accents and case
// ignored, in their order (sort, then name); an empty query keeps them all.
import type { Line } from '../types';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function filterLines<T extends Pick<Line, 'code' | 'name'>>(lines: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...lines];
  return lines.filter((l) => {
    const text = fold(`${l.code} ${l.name}`);
    return words.every((w) => text.includes(w));
  });
}

/** How a line is named in the picker, the search results and the report: 'L2 · Ligne B'. */
export const lineLabel = (l: Pick<Line, 'code' | 'name'>): string => `${l.code} · ${l.name}`;
