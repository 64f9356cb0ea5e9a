// The cluster trees of the lines shown last, kept by the cluster worker so that
// switching back to a line reuses its tree instead of rebuilding 26 levels. Keyed by line: an entry holds the tree
// of one version of that line's points (a fingerprint of exactly what was indexed), so a new version of the line's
// points replaces its entry and a tree is only ever reused for the very same input. Bounded by entries and by the
// memory the trees hold (stats.bytes, mostly the grids' cell offsets; the bound is 64 MB).
import { createRecentCache } from '../lines/recentCache';
import type { ClusterIndex, ClusterInput } from './types';

/** Lines whose trees are kept (the one shown included), and the memory they may hold in all (a huge line's tree is
 * not kept: it is rebuilt when shown again, as before). */
export const TREE_CACHE_LINES = 3;
export const TREE_CACHE_BYTES = 64 * 1024 * 1024;

/** A 64-bit-ish fingerprint (two independent 32-bit FNV-1a/murmur-mixed lanes) of everything a tree depends on. */
export function fingerprintInput(input: ClusterInput): string {
  let h1 = 0x811c9dc5 ^ input.xs.length, h2 = 0x9e3779b9 ^ input.width;
  const mix = (w: number) => {
    h1 = Math.imul(h1 ^ w, 0x01000193);
    h2 = Math.imul(h2 ^ w, 0x85ebca6b) ^ (h2 >>> 13);
  };
  mix(input.width); mix(input.height); mix(input.xs.length);
  for (const a of [input.xs, input.ys]) {
    mix(a.BYTES_PER_ELEMENT);
    const words = new Int32Array(a.buffer, a.byteOffset, a.byteLength >> 2);
    for (let i = 0; i < words.length; i++) mix(words[i]);
  }
  const sev = input.severity;
  for (let i = 0; i < sev.length; i++) mix(sev[i] | (i << 8));
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${input.xs.length}`;
}

export interface TreeCache {
  /** The tree of `line` for exactly this input: the kept one when its fingerprint matches (`hit`), else a new one
   * built by `build` (and kept in place of that line's older tree). */
  get(line: string, input: ClusterInput, build: (input: ClusterInput) => ClusterIndex): { index: ClusterIndex; hit: boolean };
  /** Drops one line's tree (its points changed elsewhere) or, without a line, every tree (sign-out). */
  drop(line?: string): void;
  /** Lines kept, least recent first. */
  lines(): string[];
  /** The trees kept. */
  indexes(): ClusterIndex[];
  /** Bytes held in all (stats.bytes of the kept trees). */
  bytes(): number;
}

export function createTreeCache(maxLines = TREE_CACHE_LINES, maxBytes = TREE_CACHE_BYTES): TreeCache {
  const kept = createRecentCache<{ fingerprint: string; index: ClusterIndex }>(maxLines, maxBytes);
  return {
    get(line, input, build) {
      const fingerprint = fingerprintInput(input);
      const old = kept.take(line);
      if (old && old.fingerprint === fingerprint) {
        kept.put(line, old, old.index.stats.bytes);
        return { index: old.index, hit: true };
      }
      // The line's older tree is not kept while the new one is built (memory: one tree per line at most).
      const index = build(input);
      kept.put(line, { fingerprint, index }, index.stats.bytes);
      return { index, hit: false };
    },
    drop(line) {
      if (line === undefined) kept.clear();
      else kept.take(line);
    },
    lines: () => kept.keys(),
    indexes: () => kept.values().map((v) => v.index),
    bytes: () => kept.weight(),
  };
}
