// The points collection (issue 10 items 1, 3, 5, 6): the one place that loads, syncs, patches, saves and deletes
// points. State: the compact index (./pointIndex) and details on demand (./pointDetails).
//   loadPoints()      first load of a session: from the local replica at once when it has this user's data, then
//                     only what changed since its last sync; else every point from the server, page by page
//                     (progress in pointsLoadProgressAtom, the map usable from the first page)
//   syncPoints()      what changed since the last sync (updates and tombstones), e.g. after a realtime reconnect
//   patchPointRows()  live changes (realtime rows, saves); patchPoints(): domain points (outbox views);
//                     patchIndexRows(): index rows (bulk changes)
//   savePoint(), deletePoint()
// Every write is dropped once the session that started it has ended (sign-out).
import { fetchPointIndex, fetchTombstones, sortNewestFirst } from '../data/pointIndexSource';
import { fetchPointDetails, toIndexRow, type PointWithVersion } from '../data/pointDetails';
import { openReplica, readIndex, writeIndex, clearReplica } from '../data/replica';
import * as repo from '../data/repositories';
import type { PointInput, Row } from '../data/mappers';
import { appendPage, createPointIndex, findSlot, indexFromColumns, removeIds, reserve, upsertRows } from '../core/pointIndex/store';
import { replicaTooOld } from '../core/replicaAge';
import { STATUS_BY_CODE, type PointIndex, type PointIndexPage, type PointIndexRow } from '../core/pointIndex/types';
import type { Point } from '../core/types';
import { isValidImageUrl, parseKm, VALIDATION_MESSAGES } from '../core/validation';
import { saveVersioned } from './conflicts';
import { EMPTY_POINT_INDEX, newestOrderAtom, pointIndexAtom, pointsLoadProgressAtom, replicaErrorAtom } from './pointIndex';
import { clearPointDetails, forgetPointDetails, pointDetails, remember } from './pointDetails';
import { replicaFailed, replicaOk, setReplicaEnabled } from './replicaStatus';
import { store } from './store';
import { currentEpoch, isCurrent } from './sessionEpoch';
import { activeLineId, currentLineIdAtom } from './tables';
import { clearLineIndexes, parkLineIndex, takeLineIndex } from './recentLineIndexes';

/**
 * The next sync asks for changes since the last reading time minus this margin: a transaction that started
 * before that reading (its updated_at is its start time) but committed after it is then still seen.
 * Longer than any write transaction (Supabase's statement timeout is 8 s). Rows seen twice are deduplicated.
 */
export const SYNC_OVERLAP_MS = 15_000;
const PUBLISH_EVERY_MS = 400; // map refresh while pages stream in (at most this often...)
const PUBLISH_GROWTH = 1.6; // ...and only once the count grew this much (each refresh re-derives and re-clusters all)
const ORDER_DELAY_MS = 120;
const SAVE_DELAY_MS = 3000;
/** A line switch shown from memory or the replica catches up this long after (the switch's frames come first). */
export const SYNC_AFTER_SWITCH_MS = 250;

let cursorMs = 0; // reading time of the last complete load or sync (ms): every change before it is applied
let loaded = false; // the first load of the index's line finished
let indexLine: string | null = null; // the line whose points the index holds (null: every line / not known yet)
let syncing: Promise<boolean> | null = null;

const alive = isCurrent;

function current(): PointIndex {
  let ix = store.get(pointIndexAtom).index;
  if (ix === EMPTY_POINT_INDEX) {
    ix = createPointIndex(4096);
    store.set(pointIndexAtom, { index: ix, version: ix.version, line: indexLine });
  }
  return ix;
}

// ---- publishing -------------------------------------------------------------------------------------------
let orderTimer: ReturnType<typeof setTimeout> | undefined;
let orderRunning = false;
let orderAgain = false;

function publish(): void {
  const ix = current();
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: indexLine });
  clearTimeout(orderTimer);
  orderTimer = setTimeout(() => void refreshOrder(), ORDER_DELAY_MS);
}

async function refreshOrder(): Promise<void> {
  if (orderRunning) { orderAgain = true; return; }
  orderRunning = true;
  const my = currentEpoch();
  try {
    const ix = current();
    const version = ix.version;
    const order = await sortNewestFirst(ix);
    if (alive(my) && store.get(pointIndexAtom).index === ix && ix.version === version) store.set(newestOrderAtom, order);
    else orderAgain = true;
  } catch (e) {
    console.error('Tri des signalements impossible', e);
  } finally {
    orderRunning = false;
    if (orderAgain && alive(my)) { orderAgain = false; orderTimer = setTimeout(() => void refreshOrder(), ORDER_DELAY_MS); }
  }
}

function advanceCursor(asOf: string | null | undefined): void {
  if (!asOf) return;
  const ms = Date.parse(asOf);
  if (Number.isFinite(ms) && ms > cursorMs) cursorMs = ms;
}

// ---- replica ------------------------------------------------------------------------------------------------
let saveTimer: ReturnType<typeof setTimeout> | undefined;

let savePending = false;

function scheduleSave(delay = SAVE_DELAY_MS): void {
  if (!replicaOk() || !loaded) return;
  clearTimeout(saveTimer);
  const my = currentEpoch();
  savePending = true;
  saveTimer = setTimeout(() => { savePending = false; if (alive(my)) void saveNow(); }, delay);
}

async function saveNow(): Promise<void> {
  if (!replicaOk()) return;
  const ix = current();
  const n = ix.count;
  try {
    await writeIndex({
      count: n, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys],
      idBytes: ix.idBytes.slice(0, n * 16), x: ix.x.slice(0, n), y: ix.y.slice(0, n), km: ix.km.slice(0, n),
      created: ix.created.slice(0, n), updated: ix.updated.slice(0, n), status: ix.status.slice(0, n),
      crit: ix.crit.slice(0, n), team: ix.team.slice(0, n), cursorMs, savedAt: Date.now(),
    }, indexLine);
  } catch (e) { replicaFailed(e); }
}

async function restoreFromReplica(userId: string, lineId: string | null, still: () => boolean): Promise<boolean> {
  try {
    const mine = await openReplica(userId);
    setReplicaEnabled(true);
    if (!mine || !lineId) return false; // only a line's own record is restored
    const rec = await readIndex(lineId);
    // Too old to catch up (its deletions' tombstones may be purged): reload every point.
    if (!rec || !rec.count || !still() || replicaTooOld(rec.cursorMs, Date.now())) return false;
    indexLine = lineId;
    const ix = indexFromColumns(rec);
    store.set(pointIndexAtom, { index: ix, version: ix.version, line: lineId });
    cursorMs = rec.cursorMs;
    publish();
    return true;
  } catch (e) {
    replicaFailed(e);
    return false;
  }
}

// ---- loading ------------------------------------------------------------------------------------------------
let restoring: { epoch: number; user: string; line: string | null; done: Promise<boolean> } | null = null;

/**
 * Draws the map from the local replica of the line `lineId` (default: the line chosen) as soon as the session is
 * known (before the channel and other tables).
 */
export function restorePoints(userId: string, lineId: string | null = store.get(currentLineIdAtom)): Promise<boolean> {
  const my = currentEpoch();
  if (restoring && restoring.epoch === my && restoring.user === userId && restoring.line === lineId) return restoring.done;
  store.set(replicaErrorAtom, null);
  const token = {};
  restoringToken = token;
  const done = restoreFromReplica(userId, lineId, () => restoringToken === token && alive(my));
  restoring = { epoch: my, user: userId, line: lineId, done };
  return done;
}
let restoringToken: object | null = null;

/**
 * Another line is shown: the loaded index of the line left is parked (./recentLineIndexes; its pending replica
 * save written now), and the new line's parked index, if any, is shown at once (true; loadPoints then syncs it);
 * else the index starts empty (its replica record, if any, is restored by loadPoints). Index and line change in one
 * synchronous step: the map never draws the points of one line on another.
 */
function startLineIndex(lineId: string | null): boolean {
  const left = store.get(pointIndexAtom).index;
  if (loaded && indexLine && left !== EMPTY_POINT_INDEX) {
    if (savePending) void saveNow();
    parkLineIndex(indexLine, { index: left, cursorMs, order: store.get(newestOrderAtom) });
  }
  clearTimeout(saveTimer);
  savePending = false;
  clearTimeout(orderTimer);
  loaded = false;
  cursorMs = 0;
  syncing = null;
  indexLine = lineId;
  restoring = null;
  const back = lineId ? takeLineIndex(lineId) : null;
  if (back) {
    store.set(pointIndexAtom, { index: back.index, version: back.index.version, line: lineId });
    store.set(newestOrderAtom, back.order);
    cursorMs = back.cursorMs;
    return true;
  }
  const ix = createPointIndex(4096);
  store.set(pointIndexAtom, { index: ix, version: ix.version, line: lineId });
  store.set(newestOrderAtom, new Int32Array(0));
  return false;
}

/**
 * The first load of the line shown (see the header), or a sync when its index is loaded. A line other than the
 * index's starts a fresh index (or takes back its parked one). Never throws: failures are logged (false then).
 * `syncAfter` (a line switch): when the line is shown from memory or the replica, resolve once it is shown and
 * catch up with the server after (the progress bar says so meanwhile); else resolve after that catch-up.
 */
export async function loadPoints(userId: string, opts: { syncAfter?: boolean } = {}): Promise<boolean> {
  const my = currentEpoch();
  const line = activeLineId();
  if (loaded && indexLine === line) return syncPoints();
  const fromMemory = loaded || (indexLine !== line && current().count > 0) ? startLineIndex(line) : false;
  indexLine = line;
  const warm = fromMemory || await restorePoints(userId, line);
  if (!alive(my) || indexLine !== line) return true;
  if (warm) {
    const n = current().count;
    store.set(pointsLoadProgressAtom, { loaded: n, total: n, loading: true, fromReplica: true });
    loaded = true;
    const wait = opts.syncAfter ? new Promise((r) => setTimeout(r, SYNC_AFTER_SWITCH_MS)) : Promise.resolve();
    const synced = wait.then(() => (alive(my) && indexLine === line ? syncPoints() : true)).then((ok) => {
      if (alive(my) && indexLine === line) store.set(pointsLoadProgressAtom, { loaded: current().count, total: current().count, loading: false, fromReplica: true });
      return ok;
    });
    return opts.syncAfter ? true : synced;
  }
  store.set(pointsLoadProgressAtom, { loaded: 0, total: null, loading: true, fromReplica: false });
  let lastPublish = 0;
  let publishedCount = 0;
  let total: number | null = null;
  try {
    const stillHere = () => alive(my) && indexLine === line;
    const res = await fetchPointIndex({
      lineId: line,
      onPage: (p) => {
        if (!stillHere()) return;
        appendPage(current(), p);
        const now = performance.now();
        const n = current().count;
        store.set(pointsLoadProgressAtom, { loaded: n, total: total === null ? null : Math.max(total, n), loading: true, fromReplica: false });
        if (publishedCount === 0 || (now - lastPublish >= PUBLISH_EVERY_MS && n >= publishedCount * PUBLISH_GROWTH)) {
          lastPublish = now;
          publishedCount = n;
          publish();
        }
      },
      onEstimate: (t) => { total = t; if (stillHere()) reserve(current(), t); },
      cancelled: () => !stillHere(),
    });
    if (!stillHere()) return true;
    advanceCursor(res.asOf);
    loaded = true;
    publish();
    store.set(pointsLoadProgressAtom, { loaded: current().count, total: current().count, loading: false, fromReplica: false });
    scheduleSave(0); // the next open is warm even if this tab closes soon
    // Rows moved by updates during the load, deletions meanwhile: one catch-up pass, after the map is shown (the
    // load is over for the user: its round trips no longer hold the loading state).
    void syncPoints();
    return true;
  } catch (e) {
    console.error('Chargement des signalements impossible', e);
    if (alive(my)) store.set(pointsLoadProgressAtom, (p) => ({ ...p, loading: false }));
    return false;
  }
}

/** Applies what changed on the server since the last sync (never everything). */
export function syncPoints(): Promise<boolean> {
  if (!loaded) return Promise.resolve(true);
  syncing ??= (async () => {
    const my = currentEpoch();
    try {
      const since = new Date(Math.max(0, cursorMs - SYNC_OVERLAP_MS)).toISOString();
      const pages: PointIndexPage[] = [];
      // The index first (its reading time becomes the cursor), then the tombstones (read later, so no deletion
      // before that reading time is missed).
      const lineId = indexLine;
      const stillHere = () => alive(my) && indexLine === lineId;
      const res = await fetchPointIndex({ since, lineId, onPage: (p) => pages.push(p), cancelled: () => !stillHere() });
      const gone = await fetchTombstones(since, lineId);
      if (!stillHere()) return true;
      const ix = current();
      let changed = 0;
      for (const p of pages) changed += appendPage(ix, p);
      changed += removeIds(ix, gone.ids);
      advanceCursor(res.asOf);
      forgetPointDetails(gone.ids);
      if (changed) publish();
      scheduleSave(changed ? SAVE_DELAY_MS : 0);
      return true;
    } catch (e) {
      console.error('Synchronisation des signalements impossible', e);
      return false;
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}

// ---- live changes, saves, deletions ------------------------------------------------------------------------
/** Realtime or saved rows (snake_case rows of public.points) and deleted ids, applied to the index and details. */
export function patchPointRows(rows: readonly Row[], deletedIds: readonly string[] = [], teamName?: (teamId: string | null) => string | null): void {
  const ix = current();
  let changed = removeIds(ix, deletedIds);
  if (rows.length) {
    changed += upsertRows(ix, rows.map(toIndexRow));
    remember(rows.map((r) => withVersion(r, teamName)));
  }
  forgetPointDetails(deletedIds);
  if (changed) { publish(); scheduleSave(); }
}

/** Index rows (a bulk change's results) and deleted ids; a row older than the one held is ignored. */
export function patchIndexRows(rows: readonly PointIndexRow[], deletedIds: readonly string[] = []): void {
  const ix = current();
  const changed = removeIds(ix, deletedIds) + (rows.length ? upsertRows(ix, rows) : 0);
  forgetPointDetails(deletedIds);
  if (changed) { publish(); scheduleSave(); }
}

function withVersion(r: Row, teamName?: (teamId: string | null) => string | null): PointWithVersion {
  const p = repo.rowToPoint(r);
  if (!r.teams && teamName) p.teamName = teamName(p.teamId);
  return { point: p, updatedMs: Date.parse(r.updated_at ?? r.created_at), updatedAt: r.updated_at ?? '' };
}

/** Domain points (a save's answer, the outbox's views) into the index and the details. `force`: shown even over a
 * newer server version of the same point (a change waiting in the outbox is laid over it). */
export function patchPoints(points: readonly Point[], deletedIds: readonly string[] = [], force = false): void {
  const ix = current();
  let changed = removeIds(ix, deletedIds);
  if (points.length) {
    const rows = points.map((p) => {
      const row = pointToIndexRow(p);
      if (force) { const slot = findSlot(ix, p.id); if (slot >= 0 && ix.updated[slot] > row.updated) row.updated = ix.updated[slot]; }
      return row;
    });
    changed += upsertRows(ix, rows);
    remember(points.map((p, k) => ({ point: p, updatedMs: rows[k].updated, updatedAt: p.updatedAt ?? '' })));
  }
  forgetPointDetails(deletedIds);
  if (changed) { publish(); scheduleSave(); }
}

function pointToIndexRow(p: Point): PointIndexRow {
  const created = Date.parse(p.creationDate);
  const updated = p.updatedAt ? Date.parse(p.updatedAt) : created;
  return {
    id: p.id, x: p.position.x, y: p.position.y, km: p.kmValue ?? null, created: Number.isFinite(created) ? created : Date.now(),
    updated: Number.isFinite(updated) ? updated : Date.now(), status: p.status, criticality: p.criticality, teamId: p.teamId ?? null,
  };
}

/** Whether the index has this point. */
export const hasPoint = (id: string): boolean => findSlot(current(), id) >= 0;

/** Whether this very point object is shown: its details and its index fields (a restored index may hold older ones). */
export function showsPoint(p: Point): boolean {
  const ix = current();
  const slot = findSlot(ix, p.id);
  if (slot < 0 || pointDetails(p.id) !== p) return false;
  const km = ix.km[slot];
  return STATUS_BY_CODE[ix.status[slot]] === p.status && ix.critKeys[ix.crit[slot]] === p.criticality
    && (ix.team[slot] === 0 ? null : ix.teamKeys[ix.team[slot] - 1]) === (p.teamId ?? null)
    && ix.x[slot] === Math.fround(p.position.x) && ix.y[slot] === Math.fround(p.position.y)
    && (Number.isNaN(km) ? p.kmValue === null || p.kmValue === undefined : km === p.kmValue);
}

/** The editable fields compared field by field on a conflict (issue 15). */
export const POINT_CONFLICT_FIELDS = ['name', 'description', 'kilometer', 'ticketNumber', 'status', 'criticality', 'teamId', 'imageUrl'] as const;

/**
 * Saves a point (insert, or update stating the version `base` it was based on: conflict dialog of ./conflicts);
 * throws on failure so the form keeps its content.
 */
export async function savePoint(input: PointInput, base?: Point | null): Promise<Point> {
  if (!isValidImageUrl(input.imageUrl)) throw new Error(VALIDATION_MESSAGES.imageUrlInvalid);
  const line = activeLineId();
  if (!input.id && !input.lineId && line) input = { ...input, lineId: line }; // a new point goes on the line shown
  const my = currentEpoch();
  let row = null as Row | null;
  const saveRow = async (v: PointInput): Promise<Point> => { row = await repo.savePointRow(v); return repo.rowToPoint(row); };
  const saved = input.id && base
    ? await saveVersioned<PointInput>({
      table: 'points', base, mine: input, fields: POINT_CONFLICT_FIELDS,
      save: saveRow, fetchCurrent: () => repo.getPoint(input.id!),
      finish: (v) => ({ ...v, kmValue: parseKm(v.kilometer) ?? null }),
    }) as Point
    : await saveRow(input);
  if (alive(my) && row) patchPointRows([row]);
  return saved;
}

/** Deletes a point row (the image is handled by the caller). */
export async function deletePointRow(id: string): Promise<void> {
  const my = currentEpoch();
  await repo.deletePoint(id);
  if (alive(my)) patchPointRows([], [id]);
}

/** Fresh details of one point from the server (used when its form opens). */
export async function fetchOnePoint(id: string): Promise<Point | null> {
  const [d] = await fetchPointDetails([id]);
  if (!d) return null;
  remember([d]);
  return d.point;
}

/** Sign-out (after endEpoch): the state goes, writes in flight are dropped; `wipe` also empties the replica. */
export async function endPointsSession(wipe: boolean): Promise<void> {
  restoring = null;
  restoringToken = null;
  indexLine = null;
  clearLineIndexes();
  savePending = false;
  loaded = false;
  cursorMs = 0;
  syncing = null;
  clearTimeout(saveTimer);
  clearTimeout(orderTimer);
  clearPointDetails();
  setReplicaEnabled(false);
  if (wipe) await clearReplica();
}
