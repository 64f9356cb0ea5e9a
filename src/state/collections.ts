// One collection per small table: its atom, load (also the live channel's reload) and local put/drop after a save
// or delete, in one place with one sort rule. The main screen, the administration tabs
// and the live channel all go through these; writes from a session that has ended are dropped (each load captures
// its session scope; which tables the session has loaded is a part of it).
// Points have their own collection (./pointsCollection: compact index, details on demand, replica).
import type { PrimitiveAtom } from 'jotai';
import * as repo from '../data/tableRepositories';
import type { AppSetting, CriticalityLevel, KilometerMarker, Line, Team, Zone } from '../core/types';
import { DEFAULT_CRITICALITY_LEVELS } from '../core/constants';
import { sortLevels } from '../core/admin/criticalityOrder';
import { sortMarkers } from '../core/pk';
import { activeLineId, criticalityLevelsAtom, linesAtom, markersAtom, settingsAtom, teamsAtom, zonesAtom } from './tables';
import { levelsLoadErrorAtom, teamsLoadErrorAtom } from './status';
import { currentSession } from './userSession';
import { definePart, type SessionScope } from '../core/session/scope';
import { store } from './store';
import { DATA_TEXT } from './strings';
import { fail, ok, type Result } from '../core/result';

export interface Collection<T> {
  readonly table: string;
  readonly atom: PrimitiveAtom<T[]>;
  /**
   * Reads the table. Never throws: a failure is logged, the table's fallback (if any) applies and it is an `error`
   * failure with the table's message.
   */
  load(): Promise<Result>;
  /** Loads unless already loaded in this session (the live channel keeps it current afterwards); throws on failure. */
  ensureLoaded(): Promise<void>;
  /** Shows the device's copy of the table (the offline snapshot) until the session reads it: never over a list read. */
  showUntilLoaded(list: T[]): void;
  /** Inserts or replaces one item (after a save). */
  put(item: T): void;
  /** Removes one item by key (after a delete). */
  drop(key: string): void;
}

interface Spec<T> {
  table: string;
  atom: PrimitiveAtom<T[]>;
  key: (t: T) => string;
  list: () => Promise<T[]>;
  sort: (list: T[]) => T[];
  /** Per-line tables: the line a read is for; a read that resolves once another line is shown is dropped. */
  scope?: () => string | null;
  onLoaded?: () => void;
  onError?: () => void;
  /** The message of a failed load (default: the refresh's, the last list stays shown). */
  loadError?: string;
}

/** The tables loaded in this session (ensureLoaded reads each once per session; the live channel keeps it current). */
const loadedPart = definePart('collections', () => ({ tables: new Set<string>() }));

function createCollection<T>(s: Spec<T>): Collection<T> {
  const set = (scope: SessionScope, list: T[]) => { if (scope.active) store.set(s.atom, s.sort(list)); };
  const fetchAndSet = async () => {
    const session = currentSession();
    const scope = s.scope?.();
    const list = await s.list();
    if (s.scope && s.scope() !== scope) return;
    set(session, list);
    if (session.active) { session.part(loadedPart).tables.add(s.table); s.onLoaded?.(); }
  };
  const c: Collection<T> = {
    table: s.table,
    atom: s.atom,
    async load() {
      const session = currentSession();
      try {
        await fetchAndSet();
        return ok();
      } catch (err) {
        console.error(`Chargement de ${s.table} impossible`, err);
        if (session.active) s.onError?.();
        return fail('error', s.loadError ?? DATA_TEXT.refreshFailed);
      }
    },
    ensureLoaded() { return currentSession().part(loadedPart).tables.has(s.table) ? Promise.resolve() : fetchAndSet(); },
    showUntilLoaded(list) {
      const session = currentSession();
      if (!session.part(loadedPart).tables.has(s.table)) set(session, list);
    },
    put(item) {
      const k = s.key(item);
      set(currentSession(), [...store.get(s.atom).filter((x) => s.key(x) !== k), item]);
    },
    drop(key) { set(currentSession(), store.get(s.atom).filter((x) => s.key(x) !== key)); },
  };
  return c;
}

const byNameFr = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
const newestZonesFirst = (list: Zone[]) => [...list].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));

export const linesCollection = createCollection<Line>({
  table: 'lines', atom: linesAtom, key: (l) => l.id, list: repo.listLines,
  sort: (list) => [...list].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'fr')),
});

export const zonesCollection = createCollection<Zone>({
  table: 'zones', atom: zonesAtom, key: (z) => z.id, list: () => repo.listZones(activeLineId()),
  sort: newestZonesFirst, scope: activeLineId,
});

export const teamsCollection = createCollection<Team>({
  table: 'teams', atom: teamsAtom, key: (t) => t.id, list: repo.listTeams, sort: byNameFr,
  onLoaded: () => store.set(teamsLoadErrorAtom, null),
  onError: () => { store.set(teamsAtom, []); store.set(teamsLoadErrorAtom, DATA_TEXT.teamsLoadError); },
  loadError: DATA_TEXT.teamsLoadError,
});

export const levelsCollection = createCollection<CriticalityLevel>({
  table: 'criticality_levels', atom: criticalityLevelsAtom, key: (l) => l.id,
  list: async () => { const l = await repo.listCriticalityLevels(); return l.length ? l : DEFAULT_CRITICALITY_LEVELS; },
  sort: (l) => sortLevels(l),
  onLoaded: () => store.set(levelsLoadErrorAtom, null),
  onError: () => { store.set(criticalityLevelsAtom, DEFAULT_CRITICALITY_LEVELS); store.set(levelsLoadErrorAtom, DATA_TEXT.levelsLoadError); },
  loadError: DATA_TEXT.levelsLoadError,
});

export const markersCollection = createCollection<KilometerMarker>({
  table: 'kilometer_markers', atom: markersAtom, key: (m) => m.id, list: () => repo.listMarkers(activeLineId()),
  sort: (m) => sortMarkers(m), scope: activeLineId,
});

export const settingsCollection = createCollection<AppSetting>({
  table: 'app_settings', atom: settingsAtom, key: (x) => x.key, list: repo.listSettings, sort: (l) => l,
});

/** The small tables but lines (loaded first: the per-line ones need the line shown). */
export const SMALL_COLLECTIONS = [teamsCollection, levelsCollection, markersCollection, settingsCollection, zonesCollection] as const;
export function collectionOf(table: string): Collection<unknown> | undefined {
  if (table === 'lines') return linesCollection as Collection<unknown>;
  return SMALL_COLLECTIONS.find((c) => c.table === table) as Collection<unknown> | undefined;
}
