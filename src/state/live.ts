// Live updates (docs/product.md#realtime) through Broadcast from the database: one private channel per app table
// ('changes:<table>', authorised once at join by the database) carrying small invalidations, and the first load at
// once. Points are pulled through the sync cursor (one sync per burst, never per change); a small table is reloaded
// (debounced). 'user:<id>' says when an admin ended this account's access: the page signs out at once, idle or not.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import { LIVE_TABLES, loadAll, reloadTable, type TableName } from './actions';
import { syncPoints } from './pointsCollection';
import { liveStatusAtom } from './status';
import { store } from './store';

export const TABLE_RELOAD_DEBOUNCE_MS = 250; // coalesce a burst of invalidations to one reload per table
export const POINT_SYNC_DEBOUNCE_MS = 50; // coalesce a burst of point invalidations to one sync

export interface LiveOptions {
  userId: string;
  /** The account's access was ended by an admin (deactivated or deleted). */
  onAccessRevoked(): void;
}

let channels: RealtimeChannel[] = [];
let generation = 0;
const timers = new Map<TableName, ReturnType<typeof setTimeout>>();
let syncTimer: ReturnType<typeof setTimeout> | undefined;
let syncRunning = false;
let invalidatedDuringSync = false;

function scheduleReload(table: TableName): void {
  clearTimeout(timers.get(table));
  timers.set(table, setTimeout(() => { timers.delete(table); void reloadTable(table); }, TABLE_RELOAD_DEBOUNCE_MS));
}

/** One sync for a burst; an invalidation that arrives while a sync runs gets one more sync after it. */
function schedulePointSync(): void {
  if (syncRunning) { invalidatedDuringSync = true; return; }
  syncTimer ??= setTimeout(() => {
    syncTimer = undefined;
    syncRunning = true;
    invalidatedDuringSync = false;
    const gen = generation;
    void syncPoints().finally(() => {
      syncRunning = false;
      if (gen === generation && invalidatedDuringSync) schedulePointSync();
    });
  }, POINT_SYNC_DEBOUNCE_MS);
}

function invalidate(table: TableName): void {
  if (table === 'points') schedulePointSync();
  else scheduleReload(table);
}

/** Joins every live topic and loads the data; resolves after the first load. */
export function startLive(opts: LiveOptions): Promise<void> {
  stopLive();
  const gen = ++generation;
  store.set(liveStatusAtom, 'connecting');
  // The first load starts at once, without waiting for the channels: the load's catch-up pass (changes since its
  // reading time) and the sync once every channel joined cover whatever changed before.
  const firstLoad = loadAll();
  const joined = new Set<string>();
  const total = LIVE_TABLES.length + 1;
  const onStatus = (topic: string, rejoined: () => void) => (status: string, err?: Error) => {
    if (gen !== generation) return;
    if (status === 'SUBSCRIBED') {
      const again = joined.has(topic);
      joined.add(topic);
      if (again) rejoined(); // reconnected: fetch what changed on this topic, never everything
      else if (joined.size === total) void firstLoad.then(() => syncPoints()); // what changed before every join
      store.set(liveStatusAtom, 'live');
    } else {
      if (err) console.warn('Temps réel :', topic, status, err);
      store.set(liveStatusAtom, 'offline');
    }
  };
  for (const table of LIVE_TABLES) {
    const topic = `changes:${table}`;
    const ch = supabase().channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'invalidate' }, () => { if (gen === generation) invalidate(table); });
    ch.subscribe(onStatus(topic, () => invalidate(table)));
    channels.push(ch);
  }
  const userTopic = `user:${opts.userId}`;
  const notices = supabase().channel(userTopic, { config: { private: true } })
    .on('broadcast', { event: 'access_revoked' }, () => { if (gen === generation) opts.onAccessRevoked(); });
  notices.subscribe(onStatus(userTopic, () => undefined));
  channels.push(notices);
  return firstLoad.then(() => undefined);
}

export function stopLive(): void {
  generation++;
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  clearTimeout(syncTimer);
  syncTimer = undefined;
  invalidatedDuringSync = false;
  const old = channels;
  channels = [];
  for (const ch of old) void supabase().removeChannel(ch);
  store.set(liveStatusAtom, 'idle');
}
