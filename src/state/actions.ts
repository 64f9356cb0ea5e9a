// Data actions of the main screen: the only code (with ./auth and ./live) that calls src/data.
// Loads every table, saves and deletes points and zones, uploads and removes images. Failures are logged (docs/product.md#loading-messages)
// and re-thrown to the caller so a form can stay open with its content.
import * as repo from '../data/repositories';
import { toPoint } from '../data/mappers';
import type { PointInput, ZoneInput } from '../data/mappers';
import type { ImagePoint, Point, Track, Zone } from '../core/types';
import { DEFAULT_CRITICALITY_LEVELS, SUPABASE_MAX_ROWS } from '../core/constants';
import { zoneKmRange } from '../core/pk';
import { isValidImageUrl, parseKm, storagePathOfImageUrl, VALIDATION_MESSAGES } from '../core/validation';
import { saveVersioned } from './conflicts';
import { firstLoadDoneAtom } from './firstLoad';
import { criticalityLevelsAtom, dataLoadingAtom, markersAtom, pointsAtom, settingsAtom, teamsAtom, zonesAtom } from './data';
import { levelsLoadErrorAtom, pointsLoadedCountAtom, teamsLoadErrorAtom } from './status';
import { store as rawStore } from './store';

const store = rawStore;
import { DATA_TEXT } from './strings';

export type TableName = 'points' | 'zones' | 'teams' | 'criticality_levels' | 'kilometer_markers' | 'app_settings';
export const LIVE_TABLES: TableName[] = ['points', 'zones', 'teams', 'criticality_levels', 'kilometer_markers', 'app_settings'];

/** Bumped on sign-out: loads still in flight for the previous session must not write into the cleared state. */
let sessionEpoch = 0;
export function invalidatePendingLoads(): void { sessionEpoch++; }

/** Reloads one table into its atom. Never throws: failures are logged, with the fallbacks of docs/product.md#loading-messages; false then. */
export async function reloadTable(table: TableName): Promise<boolean> {
  const epoch = sessionEpoch;
  const store = guardedStore(() => epoch === sessionEpoch);
  try {
    switch (table) {
      case 'points': {
        store.set(pointsLoadedCountAtom, 0);
        // First load of a large table: show the rows as they come, at pages 1, 2, 4, 8... (O(n) in total).
        const progressive = store.get(pointsAtom).length === 0;
        let pages = 0;
        const points = await repo.listPoints((n, soFar) => {
          store.set(pointsLoadedCountAtom, n);
          pages++;
          if (progressive && (pages & (pages - 1)) === 0 && n % SUPABASE_MAX_ROWS === 0) store.set(pointsAtom, soFar.slice());
        });
        store.set(pointsAtom, points);
        break;
      }
      case 'zones': store.set(zonesAtom, await repo.listZones()); break;
      case 'teams':
        store.set(teamsAtom, await repo.listTeams());
        store.set(teamsLoadErrorAtom, null);
        break;
      case 'criticality_levels': {
        const levels = await repo.listCriticalityLevels();
        store.set(criticalityLevelsAtom, levels.length ? levels : DEFAULT_CRITICALITY_LEVELS);
        store.set(levelsLoadErrorAtom, null);
        break;
      }
      case 'kilometer_markers': store.set(markersAtom, await repo.listMarkers()); break;
      case 'app_settings': store.set(settingsAtom, await repo.listSettings()); break;
    }
    return true;
  } catch (err) {
    console.error(`Chargement de ${table} impossible`, err);
    if (table === 'teams') { store.set(teamsAtom, []); store.set(teamsLoadErrorAtom, DATA_TEXT.teamsLoadError); }
    if (table === 'criticality_levels') { store.set(criticalityLevelsAtom, DEFAULT_CRITICALITY_LEVELS); store.set(levelsLoadErrorAtom, DATA_TEXT.levelsLoadError); }
    return false;
  }
}

/** The store, with writes dropped once `alive()` turns false. */
function guardedStore(alive: () => boolean): Pick<typeof rawStore, 'get' | 'set'> {
  return { get: rawStore.get.bind(rawStore), set: ((...args: Parameters<typeof rawStore.set>) => { if (alive()) rawStore.set(...args); }) as typeof rawStore.set };
}

let loadSeq = 0;
/**
 * Loads everything (startup, refresh button, after a realtime reconnect). Small tables first, points last.
 * Resolves false when a table could not be loaded (the refresh button then says so).
 */
export async function loadAll(): Promise<boolean> {
  const seq = ++loadSeq;
  store.set(dataLoadingAtom, true);
  try {
    const small = await Promise.all((['teams', 'criticality_levels', 'kilometer_markers', 'app_settings', 'zones'] as TableName[]).map(reloadTable));
    const points = await reloadTable('points');
    return points && small.every(Boolean);
  } finally {
    if (seq === loadSeq) { store.set(dataLoadingAtom, false); store.set(firstLoadDoneAtom, true); }
  }
}

/** The feedback link changed elsewhere (window event 'feedbackLinkUpdated'): reload the settings. */
export const reloadSettings = async (): Promise<void> => { await reloadTable('app_settings'); };

// ---- points ---------------------------------------------------------------------------------------------
/** Replaces or inserts points (newest first) and removes ids, without reloading the whole table. */
export function patchPoints(upserts: Point[], removedIds: string[] = []): void {
  if (!upserts.length && !removedIds.length) return;
  const byId = new Map(upserts.map((p) => [p.id, p]));
  const removed = new Set(removedIds);
  const current = store.get(pointsAtom);
  const next: Point[] = [];
  const known = new Set<string>();
  if (upserts.length) for (const p of current) if (byId.has(p.id)) known.add(p.id);
  const fresh = upserts.filter((p) => !known.has(p.id));
  fresh.sort((a, b) => b.creationDate.localeCompare(a.creationDate));
  next.push(...fresh);
  for (const p of current) {
    if (removed.has(p.id)) continue;
    next.push(byId.get(p.id) ?? p);
  }
  store.set(pointsAtom, next);
}

/** A realtime row (snake_case, no join) as a domain point, with the team name from the loaded teams. */
export function pointFromRealtimeRow(row: Record<string, unknown>): Point {
  const p = toPoint(row);
  const team = p.teamId ? store.get(teamsAtom).find((t) => t.id === p.teamId) : undefined;
  return { ...p, teamName: team?.name ?? null };
}

/** The point fields a user edits in the form, compared field by field on a conflict. */
export const POINT_CONFLICT_FIELDS = ['name', 'description', 'kilometer', 'ticketNumber', 'status', 'criticality', 'teamId', 'imageUrl'] as const;

/**
 * Saves a point (insert, or update stating the version `base` it was based on); throws on failure so the form
 * keeps its content: RowGoneError when it was deleted meanwhile, ConflictCancelledError when the user closed the
 * conflict dialog (see ./conflicts).
 */
export async function savePoint(input: PointInput, base?: Point | null): Promise<Point> {
  if (!isValidImageUrl(input.imageUrl)) throw new Error(VALIDATION_MESSAGES.imageUrlInvalid);
  const saved = input.id && base
    ? await saveVersioned<PointInput>({
      table: 'points', base, mine: input, fields: POINT_CONFLICT_FIELDS,
      save: (v) => repo.savePoint(v), fetchCurrent: () => repo.getPoint(input.id!),
      finish: (v) => ({ ...v, kmValue: parseKm(v.kilometer) ?? null }),
    }) as Point
    : await repo.savePoint(input);
  patchPoints([saved]);
  return saved;
}

/** Deletes a point; its image is removed first and a failure of that removal is tolerated (docs/product.md#backend-calls). */
export async function deletePoint(point: Pick<Point, 'id' | 'imageUrl'>): Promise<void> {
  await removeImageQuietly(point.imageUrl);
  await repo.deletePoint(point.id);
  patchPoints([], [point.id]);
}

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

async function removeImageQuietly(url: string | null): Promise<void> {
  if (!url || !storagePathOfImageUrl(url)) return;
  try { await removePointImage(url); } catch (err) { console.warn(DATA_TEXT.imageDeleteError, err); }
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
    : await repo.saveZone(input);
  const zones = store.get(zonesAtom);
  store.set(zonesAtom, zones.some((x) => x.id === saved.id) ? zones.map((x) => (x.id === saved.id ? saved : x)) : [saved, ...zones]);
  void reloadTable('zones');
  return saved;
}

export async function deleteZone(id: string): Promise<void> {
  await repo.deleteZone(id);
  store.set(zonesAtom, store.get(zonesAtom).filter((z) => z.id !== id));
}
