// The points index in the local replica: saved a few seconds after changes, restored at the next open of the same
// user and line so the map draws at once.
import { bindReplica, indexKey, writeIndex } from '../../data/replica';
import { restoreLineIndex } from '../../data/pointIndexSource';
import { currentSession } from '../../data/currentSession';
import type { PointIndex } from '../../core/pointIndex/types';
import { replicaTooOld } from '../../core/replicaAge';
import { replicaErrorAtom } from '../pointIndex';
import { replicaFailed, replicaOk, setReplicaEnabled } from '../replicaStatus';
import { store } from '../store';
import { currentLineIdAtom } from '../tables';
import { statusFilterAtom } from '../filters';
import { currentIndex, pointsState } from './session';
import { showIndex } from './publish';
import { copyColumnsInSlices } from '../../core/pointIndex/slicedCopy';
import { yieldToPage } from '../../platform/yieldToPage';

export const SAVE_DELAY_MS = 3000;
/** A sync that changed nothing rewrites the line's record (every column copied and serialised) only once its cursor
 * is this far behind: far inside the replica's age limit (src/core/replicaAge.ts), so the next open still catches up. */
export const REPLICA_CURSOR_REFRESH_MS = 3_600_000;

export function scheduleSave(delay = SAVE_DELAY_MS): void {
  const s = pointsState();
  if (!replicaOk() || !s.loaded || !s.indexLine) return;
  clearTimeout(s.saveTimer);
  const scope = currentSession();
  s.savePending = true;
  s.saveTimer = setTimeout(() => { s.savePending = false; if (scope.active) void saveNow(); }, delay);
}

/** What a replica save writes: an index, its line and its sync cursor (default: the line shown now). */
export interface IndexToSave { index: PointIndex; line: string; cursorMs: number }

/** Writes the index (default: the line shown now) to the replica, its columns copied a slice at a time (no long task);
 * if the index changes meanwhile, the save is scheduled again. */
export async function saveNow(what?: IndexToSave): Promise<void> {
  if (!replicaOk()) return;
  const s = pointsState();
  // The cursor as the copy starts: the copy is given up if the index changes, so it holds every change to then.
  const { index: ix, line, cursorMs } = what ?? { index: currentIndex(), line: s.indexLine, cursorMs: s.cursorMs };
  if (!line) return; // an index of every line (no line known) is not kept
  try {
    const columns = await copyColumnsInSlices(ix, yieldToPage);
    if (!columns) { if (!what) scheduleSave(); return; }
    await writeIndex({ ...columns, cursorMs, savedAt: Date.now() }, line);
    if (!what && s.indexLine === line) s.savedCursorMs = cursorMs;
  } catch (e) { replicaFailed(e); }
}

async function restoreFromReplica(userId: string, lineId: string | null, still: () => boolean): Promise<boolean> {
  try {
    const binding = bindReplica(userId);
    // Another user's (or no) replica: the points are fetched at once, the clear written meanwhile (its failure turns
    // the replica off).
    const mine = await binding.mine;
    setReplicaEnabled(true);
    if (!mine) binding.bound.catch((e) => { if (still()) replicaFailed(e); });
    if (!mine || !lineId) return false; // only a line's own record is restored
    const restored = await restoreLineIndex(indexKey(lineId), userId, store.get(statusFilterAtom));
    // Too old to catch up (its deletions' tombstones may be purged): reload every point.
    if (!restored || !still() || replicaTooOld(restored.cursorMs, Date.now())) return false;
    const s = pointsState();
    s.indexLine = lineId;
    s.cursorMs = restored.cursorMs;
    s.savedCursorMs = restored.cursorMs;
    showIndex(restored.index, restored.order, restored.cluster, restored.views);
    return true;
  } catch (e) {
    replicaFailed(e);
    return false;
  }
}

/** Draws the map from the replica record of line `lineId` (default: the line chosen) as soon as the session is known.
 * Resolves to whether it drew it (false: no usable record, or the replica failed and says so). */
export function restorePoints(userId: string, lineId: string | null = store.get(currentLineIdAtom)): Promise<boolean> {
  const scope = currentSession();
  const s = pointsState();
  if (s.restoring && s.restoring.user === userId && s.restoring.line === lineId) return s.restoring.done;
  store.set(replicaErrorAtom, null);
  const restoring = { user: userId, line: lineId, done: Promise.resolve(false) };
  s.restoring = restoring;
  restoring.done = restoreFromReplica(userId, lineId, () => s.restoring === restoring && scope.active);
  return restoring.done;
}
