// Criticality levels as severity ranks for typed arrays: rank 1 = lowest `order`, highest order = most critical.
// Rank 0 means an unknown level id. A cluster takes the colour of its highest rank (docs/product.md#criticality-levels).
import type { CriticalityLevel } from './types';

export const UNKNOWN_SEVERITY_RANK = 0;
export const UNKNOWN_SEVERITY_COLOR = '#6b7280'; // grey, for a point whose level no longer exists

type LevelLike = Pick<CriticalityLevel, 'id' | 'order' | 'color'>;

export interface SeverityScale<L extends LevelLike = CriticalityLevel> {
  /** Levels from least to most critical; `levels[rank - 1]` is the level of `rank`. */
  readonly levels: readonly L[];
  /** 1..levels.length, or 0 for an unknown id. */
  rankOf(levelId: string): number;
  /** The level of a rank, or undefined for 0 / out of range. */
  levelAt(rank: number): L | undefined;
  /** The colour of a rank; grey for 0 / out of range. */
  colorAt(rank: number): string;
}

/** Builds the scale from the criticality levels (sorted by `order`, ties by id so it is deterministic). At most 255 levels. */
export function createSeverityScale<L extends LevelLike>(levels: readonly L[]): SeverityScale<L> {
  const sorted = [...levels].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, 255);
  const rankById = new Map<string, number>();
  sorted.forEach((l, i) => rankById.set(l.id, i + 1));
  const colors = [UNKNOWN_SEVERITY_COLOR, ...sorted.map((l) => l.color)];
  return {
    levels: sorted,
    rankOf: (id) => rankById.get(id) ?? UNKNOWN_SEVERITY_RANK,
    levelAt: (rank) => (rank >= 1 && rank <= sorted.length ? sorted[rank - 1] : undefined),
    colorAt: (rank) => colors[rank] ?? UNKNOWN_SEVERITY_COLOR,
  };
}

/** Severity ranks of many points at once, e.g. the `severity` input of the cluster index. */
export function severityRanks(criticalities: readonly string[], scale: SeverityScale<LevelLike>): Uint8Array {
  const out = new Uint8Array(criticalities.length);
  for (let i = 0; i < criticalities.length; i++) out[i] = scale.rankOf(criticalities[i]);
  return out;
}

/** The id of the most critical of several level ids (highest order); undefined when none is known. */
export function mostCritical(levelIds: Iterable<string>, scale: SeverityScale<LevelLike>): string | undefined {
  let best = 0;
  for (const id of levelIds) best = Math.max(best, scale.rankOf(id));
  return scale.levelAt(best)?.id;
}
