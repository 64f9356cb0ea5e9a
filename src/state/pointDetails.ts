// Point details on demand: name, description, ticket, photo, team name... of the points being
// shown (the opened point, the visible sidebar rows, a cluster's sheet, report rows), fetched in batches, kept in
// memory (bounded) and in the local replica. A detail older than the index's version of its point is refetched.
import { fetchPointDetails, type PointWithVersion } from '../data/pointDetailsRepository';
import { readDetails, writeDetails, deleteDetails } from '../data/replica';
import { findSlot } from '../core/pointIndex/store';
import type { Point } from '../core/types';
import { pointDetailsVersionAtom, pointIndexAtom } from './pointIndex';
import { replicaOk, replicaFailed } from './replicaStatus';
import { store } from './store';
import { currentSession } from './userSession';
import { definePart, type SessionScope } from '../core/session/scope';

const MAX_CACHED = 20_000;
const BATCH_DELAY_MS = 16;

/** The session's details: the cache (bounded, oldest first), the ids waiting for the next batch, those being read. */
const detailsPart = definePart('pointDetails', () => ({
  cache: new Map<string, PointWithVersion>(),
  wanted: new Set<string>(),
  inFlight: new Set<string>(),
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
}), (d) => {
  clearTimeout(d.timer);
  d.cache.clear();
  d.wanted.clear();
  d.inFlight.clear();
});
const details = () => currentSession().part(detailsPart);

function bump(): void { store.set(pointDetailsVersionAtom, (v) => v + 1); }

/** Whether the cached detail is at least as new as the index's version of that point. */
function fresh(d: PointWithVersion): boolean {
  const ix = store.get(pointIndexAtom).index;
  const slot = findSlot(ix, d.point.id);
  return slot < 0 || ix.updated[slot] <= d.updatedMs;
}

/** The details of a point when known (possibly slightly older than the index; a refresh is then on its way). */
export function pointDetails(id: string): Point | undefined {
  const d = details().cache.get(id);
  if (d && !fresh(d)) requestPointDetails([id]);
  return d?.point;
}

/** The version string (updated_at as the server wrote it) the cached details were read at. */
export function pointDetailsVersion(id: string): string | undefined { return details().cache.get(id)?.updatedAt; }

/** Asks for these ids' details (batched; known and fresh ones are skipped). */
export function requestPointDetails(ids: readonly string[]): void {
  const scope = currentSession();
  const { cache, wanted, inFlight } = scope.part(detailsPart);
  let added = false;
  for (const id of ids) {
    const d = cache.get(id);
    if ((d && fresh(d)) || inFlight.has(id)) continue;
    wanted.add(id);
    added = true;
  }
  if (added) scope.part(detailsPart).timer ??= setTimeout(() => void flush(scope), BATCH_DELAY_MS);
}

/** The details of one point, fetched from the server now (the form opens on the current version). */
export async function loadPointDetails(id: string): Promise<Point | null> {
  const scope = currentSession();
  const [d] = await fetchPointDetails([id]);
  if (!d || !scope.active) return null;
  remember([d]);
  return d.point;
}

async function flush(scope: SessionScope): Promise<void> {
  if (!scope.active) return;
  const { wanted, inFlight } = scope.part(detailsPart);
  scope.part(detailsPart).timer = undefined;
  const ids = [...wanted];
  wanted.clear();
  ids.forEach((id) => inFlight.add(id));
  try {
    let missing = ids;
    if (replicaOk()) {
      try {
        const stored = (await readDetails(ids)).filter((d) => fresh(d));
        if (!scope.active) return;
        if (stored.length) {
          for (const d of stored) put(d);
          bump();
          const got = new Set(stored.map((d) => d.id));
          missing = ids.filter((id) => !got.has(id));
        }
      } catch (e) { replicaFailed(e); }
    }
    if (!missing.length) return;
    const list = await fetchPointDetails(missing);
    if (!scope.active) return;
    remember(list);
  } catch (e) {
    console.error('Détails des signalements indisponibles', e);
  } finally {
    ids.forEach((id) => inFlight.delete(id));
  }
}

function put(d: PointWithVersion): void {
  const { cache } = details();
  cache.delete(d.point.id);
  cache.set(d.point.id, d);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
}

/** Stores details just read (a fetch, a save, a realtime row) in memory and in the replica. */
export function remember(list: readonly PointWithVersion[]): void {
  if (!list.length) return;
  for (const d of list) put(d);
  bump();
  if (replicaOk()) {
    writeDetails(list.map((d) => ({ id: d.point.id, point: d.point, updatedMs: d.updatedMs, updatedAt: d.updatedAt }))).catch(replicaFailed);
  }
}

/** Forgets deleted points. */
export function forgetPointDetails(ids: readonly string[]): void {
  if (!ids.length) return;
  const { cache } = details();
  for (const id of ids) cache.delete(id);
  bump();
  if (replicaOk()) deleteDetails(ids).catch(replicaFailed);
}

/** Drops every detail of this session (the session's end does it too, and ignores answers still in flight). */
export function clearPointDetails(): void {
  const d = details();
  detailsPart.dispose?.(d);
  d.timer = undefined;
}
