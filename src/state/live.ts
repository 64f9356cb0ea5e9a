// Live updates (docs/product.md#realtime): one realtime channel on the app tables, and the first load at once. Point changes are
// patched into the point index (batched); rows of the small tables are patched into their collection. After a
// reconnect only what changed is fetched (points since the last sync, never everything).
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import { catchUp, LIVE_TABLES, loadAll, reloadTable, type TableName } from './actions';
import { collectionOf, type RealtimeChange } from './collections';
import { patchPointRows, syncPoints } from './pointsCollection';
import { activeLineId, teamsAtom } from './tables';
import { liveStatusAtom } from './status';
import { store } from './store';

export const TABLE_RELOAD_DEBOUNCE_MS = 250; // coalesce bursts of unusable changes to one reload per table
export const POINT_PATCH_BATCH_MS = 30; // collect point changes this long before one state update

let channel: RealtimeChannel | null = null;
const timers = new Map<TableName, ReturnType<typeof setTimeout>>();
let pendingUpserts = new Map<string, Record<string, unknown>>();
let pendingDeletes = new Set<string>();
let patchTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleReload(table: TableName): void {
  clearTimeout(timers.get(table));
  timers.set(table, setTimeout(() => { timers.delete(table); void reloadTable(table); }, TABLE_RELOAD_DEBOUNCE_MS));
}

const teamName = (id: string | null) => (id ? store.get(teamsAtom).find((t) => t.id === id)?.name ?? null : null);

function flushPointPatches(): void {
  patchTimer = undefined;
  const ups = [...pendingUpserts.values()];
  const dels = [...pendingDeletes];
  pendingUpserts = new Map();
  pendingDeletes = new Set();
  patchPointRows(ups, dels, teamName);
}

function onPointChange(c: RealtimeChange): void {
  if (c.eventType === 'DELETE') {
    const id = c.old?.id as string | undefined;
    if (!id) return scheduleReload('points');
    pendingUpserts.delete(id);
    pendingDeletes.add(id);
  } else {
    const id = c.new?.id as string | undefined;
    if (!id) return scheduleReload('points');
    const line = activeLineId();
    if (line && typeof c.new.line_id === 'string' && c.new.line_id !== line) {
      // A point of another line (or moved there): not shown here.
      pendingUpserts.delete(id);
      pendingDeletes.add(id);
    } else {
      pendingDeletes.delete(id);
      pendingUpserts.set(id, c.new);
    }
  }
  patchTimer ??= setTimeout(flushPointPatches, POINT_PATCH_BATCH_MS);
}

/** Subscribes to every live table and loads the data; resolves after the first load. */
export function startLive(): Promise<void> {
  stopLive();
  store.set(liveStatusAtom, 'connecting');
  let ch = supabase().channel('app-data');
  for (const table of LIVE_TABLES) {
    ch = ch.on('postgres_changes', { event: '*', schema: 'public', table }, (payload: RealtimeChange) => {
      if (table === 'points') onPointChange(payload);
      else if (!collectionOf(table)?.applyChange(payload)) scheduleReload(table);
    });
  }
  channel = ch;
  // The first load starts at once, without waiting for the channel: the load's catch-up pass (changes since its
  // reading time) and the sync on SUBSCRIBED cover whatever changed before the channel joined.
  const firstLoad = loadAll();
  let joinedOnce = false;
  ch.subscribe((status, err) => {
    if (channel !== ch) return;
    if (status === 'SUBSCRIBED') {
      store.set(liveStatusAtom, 'live');
      if (joinedOnce) void catchUp(); // reconnected: fetch what changed, never everything
      else void firstLoad.then(() => syncPoints()); // what changed between the load's reading and the join
      joinedOnce = true;
    } else {
      if (err) console.warn('Temps réel :', status, err);
      store.set(liveStatusAtom, 'offline');
    }
  });
  return firstLoad.then(() => undefined);
}

export function stopLive(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  clearTimeout(patchTimer);
  patchTimer = undefined;
  pendingUpserts = new Map();
  pendingDeletes = new Set();
  if (channel) {
    const ch = channel;
    channel = null;
    void supabase().removeChannel(ch);
  }
  store.set(liveStatusAtom, 'idle');
}
