// Loading the points of the line shown: from the replica or memory then a catch-up, else page by page from the server
// (the map usable from the first page); a line switch parks the index left; the catch-up sync (changes, tombstones).
import { fetchPointIndex, fetchTombstones, releasePointIndexWorker } from '../../data/pointIndexSource';
import { currentSession } from '../../data/currentSession';
import { appendPage, createPointIndex, removeIds, succeed } from '../../core/pointIndex/store';
import { trimmedColumns } from '../../core/pointIndex/slicedCopy';
import type { BuiltIndex } from '../../core/pointIndex/buildFromPages';
import type { PointIndexPage } from '../../core/pointIndex/types';
import { EMPTY_POINT_INDEX, newestOrderAtom, pointIndexAtom, pointsLoadProgressAtom } from '../pointIndex';
import { forgetPointDetails } from '../pointDetails';
import { parkLineIndex, takeLineIndex } from '../recentLineIndexes';
import { store } from '../store';
import { activeLineId } from '../tables';
import { statusFilterAtom } from '../filters';
import { currentIndex, pointsState } from './session';
import { advanceCursor, publish, showIndex } from './publish';
import { REPLICA_CURSOR_REFRESH_MS, restorePoints, SAVE_DELAY_MS, saveNow, scheduleSave } from './replica';
import { indexKey, replicaErrorOf } from '../../data/replica';
import { replicaFailed, replicaOk } from '../replicaStatus';
import { afterNextPaint } from '../../platform/afterNextPaint';
import { markLoad } from '../../platform/loadMarks';
import { fail, ok, type Result } from '../../core/result';
import { DATA_TEXT } from '../strings';

/** A sync asks for changes since the last reading time minus this margin, longer than any write transaction: one that
 * started before the reading (its updated_at) but committed after is still seen. Rows seen twice are deduplicated. */
export const SYNC_OVERLAP_MS = 15_000;
const PUBLISH_EVERY_MS = 400; // map refresh while pages stream in (at most this often...)
const PUBLISH_GROWTH = 1.6; // ...and only once the count grew this much (each refresh re-derives and re-clusters all)
/** A line switch shown from memory or the replica catches up this long after (the switch's frames come first). */
export const SYNC_AFTER_SWITCH_MS = 250;

/** Every point of the index counted as received; `loading` false: the load is over. */
function progressOfAll(loading: boolean, fromReplica: boolean): void {
  const n = currentIndex().count;
  store.set(pointsLoadProgressAtom, { loaded: n, total: n, loading, fromReplica });
  if (!loading) markLoad('points-loaded');
}

/** Another line is shown: the index left is parked (its pending save written after the switch's frame), the new
 * line's parked index shown at once (true), else an empty one. One synchronous step: never one line's points on another. */
function startLineIndex(lineId: string | null): boolean {
  const s = pointsState();
  const left = store.get(pointIndexAtom).index;
  if (s.loaded && s.indexLine && left !== EMPTY_POINT_INDEX) {
    if (s.savePending) { // written once the switch's frame is painted (not in the click), for the line left
      const scope = currentSession();
      const parked = { index: left, line: s.indexLine, cursorMs: s.cursorMs };
      afterNextPaint(() => { if (scope.active) void saveNow(parked); });
    }
    parkLineIndex(s.indexLine, { index: left, cursorMs: s.cursorMs, order: store.get(newestOrderAtom) });
  }
  clearTimeout(s.saveTimer);
  s.savePending = false;
  clearTimeout(s.orderTimer);
  s.loaded = false;
  s.cursorMs = 0;
  s.savedCursorMs = 0;
  s.syncing = null;
  s.indexLine = lineId;
  s.restoring = null;
  const back = lineId ? takeLineIndex(lineId) : null;
  if (back) {
    store.set(pointIndexAtom, { index: back.index, version: back.index.version, line: lineId });
    store.set(newestOrderAtom, back.order);
    s.cursorMs = back.cursorMs;
    return true;
  }
  const ix = createPointIndex(4096);
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: lineId });
  store.set(newestOrderAtom, new Int32Array(0));
  return false;
}

/** The first load of the line shown, or a sync when it is loaded. Never throws: a failure is logged and returned.
 * `syncAfter` (a line switch): a line shown from memory or the replica resolves at once and catches up after. */
export async function loadPoints(userId: string, opts: { syncAfter?: boolean } = {}): Promise<Result> {
  const scope = currentSession();
  const s = pointsState();
  const line = activeLineId();
  if (s.loaded && s.indexLine === line) return syncPoints();
  const fromMemory = s.loaded || (s.indexLine !== line && currentIndex().count > 0) ? startLineIndex(line) : false;
  s.indexLine = line;
  const warm = fromMemory || await restorePoints(userId, line);
  const stillHere = () => scope.active && s.indexLine === line;
  if (!stillHere()) return ok();
  if (warm) {
    progressOfAll(true, true);
    markLoad('points-restored');
    s.loaded = true;
    const wait = opts.syncAfter ? new Promise((r) => setTimeout(r, SYNC_AFTER_SWITCH_MS)) : Promise.resolve();
    const synced = wait.then(() => (stillHere() ? syncPoints() : ok())).then((r) => {
      if (stillHere()) progressOfAll(false, true);
      return r;
    });
    return opts.syncAfter ? ok() : synced;
  }
  store.set(pointsLoadProgressAtom, { loaded: 0, total: null, loading: true, fromReplica: false });
  let lastPublish = 0;
  let publishedCount = 0;
  let total: number | null = null;
  // Past the first pages the worker builds (and saves) the whole index, adopted here in one step; changes applied
  // here meanwhile are merged into it, newer rows winning.
  let seedVersion = -1;
  let adopted = false;
  let savedByWorker = false;
  const adopt = (built: BuiltIndex, written: Promise<void> | null) => {
    written?.catch((e) => { if (scope.active) replicaFailed(replicaErrorOf(e)); });
    if (!stillHere()) return;
    const prev = currentIndex();
    const changed = prev.version !== seedVersion;
    if (changed) appendPage(built.index, prev);
    succeed(built.index, prev);
    showIndex(built.index, changed ? null : built.order, built.cluster, built.views);
    markLoad('points-adopted');
    adopted = true;
    savedByWorker = !!written && !changed;
  };
  try {
    const res = await fetchPointIndex({
      lineId: line,
      build: line ? {
        seed: () => { seedVersion = currentIndex().version; return trimmedColumns(currentIndex()); },
        onIndex: adopt,
        replica: replicaOk() ? { key: indexKey(line), owner: userId } : null,
        filter: store.get(statusFilterAtom),
      } : undefined,
      onPage: (p) => {
        if (!stillHere()) return;
        const ix = currentIndex();
        appendPage(ix, p, ix.count === 0); // a server page holds each id once: into an empty index, no lookup
        const now = performance.now();
        const n = ix.count;
        store.set(pointsLoadProgressAtom, { loaded: n, total: total === null ? null : Math.max(total, n), loading: true, fromReplica: false });
        if (publishedCount === 0 || (now - lastPublish >= PUBLISH_EVERY_MS && n >= publishedCount * PUBLISH_GROWTH)) {
          lastPublish = now;
          publishedCount = n;
          publish();
          markLoad('points-first-page');
        }
      },
      onEstimate: (t) => { total = t; },
      cancelled: () => !stillHere(),
    });
    if (!stillHere()) return ok();
    advanceCursor(res.asOf);
    s.loaded = true;
    if (!adopted) publish();
    progressOfAll(false, false);
    if (savedByWorker) s.savedCursorMs = s.cursorMs;
    else scheduleSave(0); // the next open is warm even if this tab closes soon
    // Changes made during the load: one catch-up pass, after the map is shown.
    void syncPoints();
    return ok();
  } catch (e) {
    if (!scope.active) return ok(); // signed out meanwhile (its requests were aborted)
    console.error('Chargement des signalements impossible', e);
    store.set(pointsLoadProgressAtom, (p) => ({ ...p, loading: false }));
    return fail('error', DATA_TEXT.pointsLoadError);
  }
}

/** Applies what changed on the server since the last sync. Never throws: a failure is logged and returned. */
export function syncPoints(): Promise<Result> {
  const s = pointsState();
  if (!s.loaded) return Promise.resolve(ok());
  s.syncing ??= (async () => {
    const scope = currentSession();
    try {
      const since = new Date(Math.max(0, s.cursorMs - SYNC_OVERLAP_MS)).toISOString();
      const pages: PointIndexPage[] = [];
      // The index first (its reading time becomes the cursor), then the tombstones: no deletion before it missed.
      const lineId = s.indexLine;
      const stillHere = () => scope.active && s.indexLine === lineId;
      const res = await fetchPointIndex({ since, lineId, onPage: (p) => pages.push(p), cancelled: () => !stillHere() });
      const gone = await fetchTombstones(since, lineId);
      if (!stillHere()) return ok();
      const ix = currentIndex();
      let changed = 0;
      for (const p of pages) changed += appendPage(ix, p);
      changed += removeIds(ix, gone.ids);
      advanceCursor(res.asOf);
      forgetPointDetails(gone.ids);
      if (changed) {
        publish();
        scheduleSave(SAVE_DELAY_MS);
      } else if (s.cursorMs - s.savedCursorMs > REPLICA_CURSOR_REFRESH_MS) {
        scheduleSave(0);
      } else if (!s.savePending) {
        releasePointIndexWorker(); // nothing left for it: its memory goes now, not IDLE_MS later
      }
      return ok();
    } catch (e) {
      if (!scope.active) return ok(); // signed out meanwhile (its requests were aborted)
      console.error('Synchronisation des signalements impossible', e);
      return fail('error', DATA_TEXT.refreshFailed);
    } finally {
      s.syncing = null;
    }
  })();
  return s.syncing;
}
