// The point indexes of the lines shown last (switching back to one is instant), parked in memory by
// ./pointsCollection when another line is shown and taken back when the line is shown again (then only what changed
// since is fetched, as for the replica). Bounded by src/core/lines/recentCache; emptied at sign-out.
import { createRecentCache } from '../core/lines/recentCache';
import { replicaTooOld } from '../core/replicaAge';
import type { PointIndex } from '../core/pointIndex/types';

/** Lines kept beside the one shown, and the points they may hold in all (a huge line is not kept). */
export const RECENT_LINES = 3;
export const RECENT_POINTS = 300_000;

export interface ParkedIndex {
  index: PointIndex;
  /** The sync cursor of that index (server time, ms). */
  cursorMs: number;
  /** Its slots newest first. */
  order: Int32Array;
}

const parked = createRecentCache<ParkedIndex>(RECENT_LINES, RECENT_POINTS);

export function parkLineIndex(lineId: string, p: ParkedIndex): void {
  parked.put(lineId, p, p.index.count);
}

/** The parked index of `lineId` (removed from the cache), unless too old to catch up through the cursor. */
export function takeLineIndex(lineId: string, nowMs = Date.now()): ParkedIndex | null {
  const p = parked.take(lineId);
  return p && !replicaTooOld(p.cursorMs, nowMs) ? p : null;
}

export function clearLineIndexes(): void { parked.clear(); }
