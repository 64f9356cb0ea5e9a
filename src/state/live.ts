// Live updates (docs/product.md#realtime): one realtime channel on the app tables; subscribe first, then load; reload after every
// reconnect. Point changes are patched in place (batched); other tables are reloaded, debounced per table.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import { LIVE_TABLES, loadAll, patchPoints, pointFromRealtimeRow, reloadTable, type TableName } from './actions';
import { liveStatusAtom } from './status';
import { store } from './store';
import type { Point } from '../core/types';

export const TABLE_RELOAD_DEBOUNCE_MS = 250; // coalesce bursts of changes to one reload per table
export const POINT_PATCH_BATCH_MS = 50; // collect point changes this long before one state update
export const FIRST_LOAD_WAIT_MS = 3000; // load anyway when the channel has not joined by then

let channel: RealtimeChannel | null = null;
const timers = new Map<TableName, ReturnType<typeof setTimeout>>();
let pendingUpserts = new Map<string, Point>();
let pendingDeletes = new Set<string>();
let patchTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleReload(table: TableName): void {
  clearTimeout(timers.get(table));
  timers.set(table, setTimeout(() => { timers.delete(table); void reloadTable(table); }, TABLE_RELOAD_DEBOUNCE_MS));
}

function flushPointPatches(): void {
  patchTimer = undefined;
  const ups = [...pendingUpserts.values()];
  const dels = [...pendingDeletes];
  pendingUpserts = new Map();
  pendingDeletes = new Set();
  patchPoints(ups, dels);
}

type Change = { eventType: 'INSERT' | 'UPDATE' | 'DELETE'; new: Record<string, unknown>; old: Record<string, unknown> };

function onPointChange(c: Change): void {
  if (c.eventType === 'DELETE') {
    const id = c.old?.id as string | undefined;
    if (!id) return scheduleReload('points');
    pendingUpserts.delete(id);
    pendingDeletes.add(id);
  } else {
    if (!c.new?.id) return scheduleReload('points');
    const p = pointFromRealtimeRow(c.new);
    pendingDeletes.delete(p.id);
    pendingUpserts.set(p.id, p);
  }
  patchTimer ??= setTimeout(flushPointPatches, POINT_PATCH_BATCH_MS);
}

/** Subscribes to every live table, then loads the data; resolves after the first load. */
export function startLive(): Promise<void> {
  stopLive();
  store.set(liveStatusAtom, 'connecting');
  let ch = supabase().channel('app-data');
  for (const table of LIVE_TABLES) {
    ch = ch.on('postgres_changes', { event: '*', schema: 'public', table }, (payload: Change) => {
      if (table === 'points') onPointChange(payload);
      else {
        scheduleReload(table);
        // A renamed team changes the joined team name of its points.
        if (table === 'teams') scheduleReload('points');
      }
    });
  }
  channel = ch;
  let firstLoad: Promise<unknown> | null = null;
  let joinedOnce = false;
  return new Promise<void>((resolve) => {
    const load = () => { firstLoad ??= loadAll().finally(resolve); };
    const fallback = setTimeout(load, FIRST_LOAD_WAIT_MS);
    ch.subscribe((status, err) => {
      if (channel !== ch) return;
      if (status === 'SUBSCRIBED') {
        store.set(liveStatusAtom, 'live');
        clearTimeout(fallback);
        if (!joinedOnce) { joinedOnce = true; load(); } else void loadAll(); // reconnected: changes may be lost
      } else {
        if (err) console.warn('Temps réel :', status, err);
        store.set(liveStatusAtom, 'offline');
      }
    });
  });
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
