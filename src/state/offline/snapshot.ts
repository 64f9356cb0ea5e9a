// The last loaded small tables (lines, zones, teams, levels, markers, settings, the lines' axes and anchors) and profile
// per user in IndexedDB, so the app opens offline with them (the points are in the local replica). Written after each
// load made online (debounced), read when the session starts without network; online, its lines are shown until read.
import { store } from '../store';
import { criticalityLevelsAtom, linesAtom, markersAtom, settingsAtom, teamsAtom, zonesAtom } from '../tables';
import { linesCollection } from '../collections';
import { currentSession } from '../userSession';
import { restorePoints } from '../pointsCollection';
import { profileAtom } from '../session';
import { levelsLoadErrorAtom, teamsLoadErrorAtom } from '../status';
import { outboxDb, type DataSnapshot } from './db';
import { lastSyncAtom } from './atoms';
import { linePositionsAtom } from '../position/atoms';

export async function saveSnapshot(userId: string): Promise<void> {
  const snap: DataSnapshot = {
    userId, savedAt: Date.now(), profile: store.get(profileAtom), points: [],
    zones: store.get(zonesAtom), teams: store.get(teamsAtom), levels: store.get(criticalityLevelsAtom),
    markers: store.get(markersAtom), settings: store.get(settingsAtom), positions: store.get(linePositionsAtom),
    lines: store.get(linesAtom),
  };
  await (await outboxDb()).put('snapshots', snap);
}

/** Fills the small tables from the user's snapshot and the points from the replica; false when there is none. */
export async function loadSnapshot(userId: string): Promise<boolean> {
  const snap = await (await outboxDb()).get('snapshots', userId);
  if (!snap) return false;
  if (snap.lines?.length) store.set(linesAtom, snap.lines); // the line shown: its image, name and picker
  await restorePoints(userId); // the points from the replica (the outbox overlay follows its change)
  store.set(zonesAtom, snap.zones);
  store.set(teamsAtom, snap.teams);
  store.set(criticalityLevelsAtom, snap.levels);
  store.set(markersAtom, snap.markers);
  store.set(settingsAtom, snap.settings);
  if (snap.positions) store.set(linePositionsAtom, snap.positions);
  store.set(teamsLoadErrorAtom, null);
  store.set(levelsLoadErrorAtom, null);
  store.set(lastSyncAtom, snap.savedAt);
  return true;
}

/** An online start: the snapshot's lines until the session reads them, so the remembered line is named and drawn with
 * its own image at once (not the bundled image while the lines load). */
export async function showSnapshotLines(userId: string): Promise<void> {
  const scope = currentSession();
  const lines = (await (await outboxDb()).get('snapshots', userId))?.lines;
  if (lines?.length && scope.active) linesCollection.showUntilLoaded(lines);
}

export async function lastSnapshotTime(userId: string): Promise<number | null> {
  return (await (await outboxDb()).get('snapshots', userId))?.savedAt ?? null;
}

export async function clearSnapshots(): Promise<void> {
  await (await outboxDb()).clear('snapshots');
}
