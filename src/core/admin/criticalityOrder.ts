// Ordering of criticality levels (docs/product.md#criticality-levels, #constants): sort by "order", move one up or down, new level id and order.
import type { CriticalityLevel } from '../types';

type Ordered = Pick<CriticalityLevel, 'id' | 'order' | 'name'>;

/** By "order", ties broken by id (as src/core/severity.ts does, so the list matches the cluster colours). */
export function sortLevels<T extends Ordered>(levels: T[]): T[] {
  return [...levels].sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A new level goes last: its order is the current number of levels (docs/product.md#constants). */
export function nextLevelOrder(levels: unknown[]): number {
  return levels.length;
}

/**
 * Moves level `id` by `delta` places (-1 up, +1 down) and renumbers every level 0..n-1.
 * Returns the whole new list and the levels whose order changed (the ones to save); null when the move is impossible.
 */
export function moveLevel<T extends Ordered>(levels: T[], id: string, delta: -1 | 1): { list: T[]; changed: T[] } | null {
  const sorted = sortLevels(levels);
  const from = sorted.findIndex((l) => l.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= sorted.length) return null;
  const moved = [...sorted];
  [moved[from], moved[to]] = [moved[to], moved[from]];
  const list = moved.map((l, i) => (l.order === i ? l : { ...l, order: i }));
  const changed = list.filter((l, i) => l !== moved[i]);
  return { list, changed };
}

/** A readable, unique text id for a new level: 'Risque électrique' → 'risque_electrique' (then _2, _3...). */
export function levelIdFromName(name: string, existingIds: Iterable<string>): string {
  const base = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'niveau';
  const taken = new Set(existingIds);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}_${i}`)) return `${base}_${i}`;
}
