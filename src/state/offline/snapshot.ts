// The last loaded data per user in IndexedDB, so the app opens offline on the map (a stopgap until the local
// replica of issue 10 lands: then the replica is the source and this file goes). Written after each load made
// online (debounced), read when the session starts without network.
import { store } from '../store';
import { criticalityLevelsAtom, markersAtom, settingsAtom, teamsAtom, zonesAtom } from '../data';
import { pointsForSnapshot, restorePointsSnapshot } from './pointsPort';
import { profileAtom } from '../session';
import { levelsLoadErrorAtom, teamsLoadErrorAtom } from '../status';
import { outboxDb, type DataSnapshot } from './db';
import { lastSyncAtom, outboxItemsAtom } from './atoms';

export async function saveSnapshot(userId: string): Promise<void> {
  const items = store.get(outboxItemsAtom);
  const pendingIds = new Set(items.map((i) => i.op.pointId));
  // Server data only: points with a waiting change are kept as they were before it (the overlay redoes the rest).
  const points = pointsForSnapshot().flatMap((p) => {
    if (!pendingIds.has(p.id)) return [p];
    const first = items.filter((i) => i.op.pointId === p.id).sort((a, b) => a.seq - b.seq)[0];
    return first?.before ? [first.before] : [];
  });
  const snap: DataSnapshot = {
    userId, savedAt: Date.now(), profile: store.get(profileAtom), points,
    zones: store.get(zonesAtom), teams: store.get(teamsAtom), levels: store.get(criticalityLevelsAtom),
    markers: store.get(markersAtom), settings: store.get(settingsAtom),
  };
  await (await outboxDb()).put('snapshots', snap);
}

/** Fills the data atoms from the user's snapshot; false when there is none. */
export async function loadSnapshot(userId: string): Promise<boolean> {
  const snap = await (await outboxDb()).get('snapshots', userId);
  if (!snap) return false;
  restorePointsSnapshot(snap.points, store.get(outboxItemsAtom));
  store.set(zonesAtom, snap.zones);
  store.set(teamsAtom, snap.teams);
  store.set(criticalityLevelsAtom, snap.levels);
  store.set(markersAtom, snap.markers);
  store.set(settingsAtom, snap.settings);
  store.set(teamsLoadErrorAtom, null);
  store.set(levelsLoadErrorAtom, null);
  store.set(lastSyncAtom, snap.savedAt);
  return true;
}

export async function lastSnapshotTime(userId: string): Promise<number | null> {
  return (await (await outboxDb()).get('snapshots', userId))?.savedAt ?? null;
}

export async function clearSnapshots(): Promise<void> {
  await (await outboxDb()).clear('snapshots');
}
