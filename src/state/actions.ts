// Data actions of the main screen: loading every table through its collection (./collections,
// ./pointsCollection), saving and deleting zones (points: ./offline/offlineActions, through the outbox), uploading
// and removing images. A zone's deletion returns Result; the saves log their failure
// (docs/product.md#loading-messages) and re-throw it, so a form stays open with its content.
import * as repo from '../data/tableRepositories';
import type { ZoneInput } from '../data/mappers';
import type { ImagePoint, Track, Zone } from '../core/types';
import { zoneKmRange } from '../core/pk';
import { isValidImageUrl, storagePathOfImageUrl, VALIDATION_MESSAGES } from '../core/validation';
import { saveVersioned } from './conflicts';
import { firstLoadDoneAtom } from './firstLoad';
import { dataLoadingAtom, markersAtom, newRowLine } from './tables';
import { loadLinePositions } from './position/actions';
import { collectionOf, linesCollection, SMALL_COLLECTIONS, zonesCollection } from './collections';
import { settleActiveLine } from './lineActions';
import { loadPoints, syncPoints } from './pointsCollection';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';
import { sessionAtom } from './session';
import { store } from './store';
import { DATA_TEXT } from './strings';
import { fail, ok, type Result } from '../core/result';
import { markLoad } from '../platform/loadMarks';

export type TableName = 'points' | 'zones' | 'teams' | 'criticality_levels' | 'kilometer_markers' | 'app_settings' | 'lines';
export const LIVE_TABLES: TableName[] = ['points', 'zones', 'teams', 'criticality_levels', 'kilometer_markers', 'app_settings', 'lines'];

/** Reloads one table (points: only what changed since the last sync). Never throws: a failure is an `error` failure. */
export async function reloadTable(table: TableName): Promise<Result> {
  if (table === 'points') {
    const user = store.get(sessionAtom)?.user.id;
    return user ? loadPoints(user) : ok();
  }
  const collection = collectionOf(table);
  return collection ? collection.load() : fail('error', DATA_TEXT.refreshFailed);
}

/** The number of the session's latest loadAll: only the latest one clears the loading flag. */
const loadsPart = definePart('loads', () => ({ seq: 0 }));

/**
 * Loads everything (startup, refresh button): the small tables and the points side by side. A table that could not
 * be loaded is an `error` failure (the refresh button says so); the others are shown.
 */
export async function loadAll(): Promise<Result> {
  const scope = currentSession();
  const loads = scope.part(loadsPart);
  const seq = ++loads.seq;
  store.set(dataLoadingAtom, true);
  try {
    // The lines first: zones, markers and points are read for the line shown.
    const lines = await linesCollection.load();
    markLoad('lines');
    settleActiveLine();
    const [small, points] = await Promise.all([Promise.all(SMALL_COLLECTIONS.map((c) => c.load())), reloadTable('points'), loadLinePositions()]);
    return lines.ok && points.ok && small.every((r) => r.ok) ? ok() : fail('error', DATA_TEXT.refreshFailed);
  } finally {
    if (seq === loads.seq && scope.active) { store.set(dataLoadingAtom, false); store.set(firstLoadDoneAtom, true); }
  }
}

/** After a realtime reconnect: small tables again (cheap), points only what changed. */
export async function catchUp(): Promise<void> {
  await linesCollection.load();
  await Promise.all([...SMALL_COLLECTIONS.map((c) => c.load()), syncPoints(), loadLinePositions()]);
}

/** The feedback link changed elsewhere (window event 'feedbackLinkUpdated'): reload the settings. */
export const reloadSettings = async (): Promise<void> => { await reloadTable('app_settings'); };

// ---- points ---------------------------------------------------------------------------------------------
/** Uploads an image to poi_images/points/<uuid>.<ext> and returns its public URL (checked, docs/product.md#photos). */
export async function uploadPointImage(file: Blob, ext: string): Promise<string> {
  const { publicUrl } = await repo.uploadPointImage(file, ext);
  if (!isValidImageUrl(publicUrl)) throw new Error(VALIDATION_MESSAGES.generatedUrlInvalid);
  return publicUrl;
}

/** Removes a stored image; throws 'Impossible de déterminer le chemin de l'image' for a foreign URL. */
export async function removePointImage(url: string): Promise<void> {
  const path = storagePathOfImageUrl(url);
  if (!path) throw new Error(DATA_TEXT.imagePathUnknown);
  await repo.removeStorageObject(path);
}

// ---- zones -----------------------------------------------------------------------------------------------

export interface ZoneFormInput { id?: string; name: string; color: string; track: Track | null; points: ImagePoint[] }

export const ZONE_CONFLICT_FIELDS = ['name', 'color', 'track', 'points'] as const;

/**
 * Saves a zone with kmStart/kmEnd computed from its polygon and the markers (docs/product.md#data-model), then reloads zones. An edit
 * states the version `base` it started from (conflict dialog, RowGoneError: see ./conflicts).
 */
export async function saveZone(z: ZoneFormInput, base?: Zone | null): Promise<Zone> {
  const withKm = <V extends { points: ImagePoint[] }>(v: V) => ({ ...v, ...zoneKmRange(v.points, store.get(markersAtom)) });
  const input = withKm({ ...z, name: z.name.trim(), kmStart: null as number | null, kmEnd: null as number | null });
  const saved = z.id && base
    ? await saveVersioned<ZoneInput>({
      table: 'zones', base, mine: input, fields: ZONE_CONFLICT_FIELDS,
      save: (v) => repo.saveZone(v), fetchCurrent: () => repo.getZone(z.id!), finish: withKm,
    }) as Zone
    : await repo.saveZone({ ...input, ...newRowLine() });
  zonesCollection.put(saved);
  return saved;
}

/** Deletes a zone (the main screen's confirmation and the admin panel's Zones tab). */
export async function deleteZone(id: string): Promise<Result> {
  try {
    await repo.deleteZone(id);
  } catch (e) {
    console.error(e);
    return fail('error', DATA_TEXT.zoneDeleteError);
  }
  zonesCollection.drop(id);
  return ok();
}
