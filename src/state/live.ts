// Live updates (docs/product.md#realtime) through Broadcast from the database: private channels authorised once at
// join by the database, carrying small invalidations: 'line:<id>' of the line shown (points, zones, markers) and
// 'changes:<table>' for the shared tables; the first load starts at once. Points are pulled through the sync cursor
// (one sync per burst, never per change), a point that moved to another line is dropped at once; a small table is
// reloaded (debounced). 'user:<id>' says when an admin ended this account's access: the page signs out at once.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { supabase } from '../data/client';
import type { Tables } from '../data/database.types';
import { LIVE_TABLES, loadAll, reloadTable, type TableName } from './actions';
import { removePoints, syncPoints } from './pointsCollection';
import { activeLineAtom, activeLineId } from './tables';
import { liveStatusAtom } from './status';
import { store } from './store';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';
import { afterNextPaint } from '../platform/afterNextPaint';
import { notificationsChanged } from './notifications';

export const TABLE_RELOAD_DEBOUNCE_MS = 250; // coalesce a burst of invalidations to one reload per table
export const POINT_SYNC_DEBOUNCE_MS = 50; // coalesce a burst of point invalidations to one sync

/** Tables whose rows belong to a line: their invalidations come on the line's topic. */
const PER_LINE: readonly TableName[] = ['points', 'zones', 'kilometer_markers'];
const SHARED = (): TableName[] => LIVE_TABLES.filter((t) => !PER_LINE.includes(t));

/** Columns of public.points an invalidation names for each changed row (supabase/migrations/*_broadcast_invalidations.sql). */
type InvalidatedPoint = Partial<Record<keyof Pick<Tables<'points'>, 'id' | 'line_id'>, unknown>>;
/** An invalidation's payload: JSON from the wire, each value checked before use. */
interface Invalidation { table?: string; rows?: InvalidatedPoint[] }

export interface LiveOptions {
  userId: string;
  /** The account's access was ended by an admin (deactivated or deleted). */
  onAccessRevoked(): void;
}

/** The session's live state: its channels, the line follower, the debounced reloads and the point sync. */
interface Live {
  channels: RealtimeChannel[];
  unfollowLine: () => void;
  generation: number;
  timers: Map<TableName, ReturnType<typeof setTimeout>>;
  syncTimer: ReturnType<typeof setTimeout> | undefined;
  syncRunning: boolean;
  invalidatedDuringSync: boolean;
}
const livePart = definePart<Live>('live', () => ({
  channels: [], unfollowLine: () => undefined, generation: 0, timers: new Map(),
  syncTimer: undefined, syncRunning: false, invalidatedDuringSync: false,
}), (L) => stopRun(L));
const live = (): Live => currentSession().part(livePart);

function scheduleReload(L: Live, table: TableName): void {
  clearTimeout(L.timers.get(table));
  L.timers.set(table, setTimeout(() => { L.timers.delete(table); void reloadTable(table); }, TABLE_RELOAD_DEBOUNCE_MS));
}

/** One sync for a burst; an invalidation that arrives while a sync runs gets one more sync after it. */
function schedulePointSync(L: Live): void {
  if (L.syncRunning) { L.invalidatedDuringSync = true; return; }
  L.syncTimer ??= setTimeout(() => {
    L.syncTimer = undefined;
    L.syncRunning = true;
    L.invalidatedDuringSync = false;
    const gen = L.generation;
    void syncPoints().finally(() => {
      L.syncRunning = false;
      if (gen === L.generation && L.invalidatedDuringSync) schedulePointSync(L);
    });
  }, POINT_SYNC_DEBOUNCE_MS);
}

function invalidate(L: Live, table: TableName): void {
  if (table === 'points') schedulePointSync(L);
  else scheduleReload(L, table);
}

/** An invalidation on the line's topic: points that now belong to another line leave the index at once. */
function onLineInvalidation(L: Live, m: Invalidation): void {
  const table = m.table as TableName | undefined;
  if (!table || !PER_LINE.includes(table)) return;
  if (table === 'points') {
    const line = activeLineId();
    const gone = (m.rows ?? []).filter((r) => typeof r.line_id === 'string' && r.line_id !== line).map((r) => String(r.id));
    if (gone.length) removePoints(gone);
  }
  invalidate(L, table);
}

/** Joins every live topic and loads the data; resolves after the first load. */
export function startLive(opts: LiveOptions): Promise<void> {
  stopLive();
  const L = live();
  const gen = ++L.generation;
  store.set(liveStatusAtom, 'connecting');
  // The first load starts at once, without waiting for the channels: the load's catch-up pass (changes since its
  // reading time) and the sync once every channel joined cover whatever changed before.
  const firstLoad = loadAll();
  const joined = new Set<string>();
  const total = SHARED().length + 2; // the shared tables, the line, the user's notices
  const onStatus = (topic: string, rejoined: () => void) => (status: string, err?: Error) => {
    if (gen !== L.generation) return;
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
  for (const table of SHARED()) {
    const topic = `changes:${table}`;
    const ch = supabase().channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'invalidate' }, () => { if (gen === L.generation) invalidate(L, table); });
    ch.subscribe(onStatus(topic, () => invalidate(L, table)));
    L.channels.push(ch);
  }
  // The line shown is known once the lines are read, and may change: its channel follows it.
  let lineChannel: RealtimeChannel | null = null;
  let lineTopic: string | null = null;
  const followLine = () => {
    const id = activeLineId();
    const topic = id ? `line:${id}` : null;
    if (gen !== L.generation || topic === lineTopic) return;
    if (lineChannel) { const old = lineChannel; L.channels = L.channels.filter((c) => c !== old); void supabase().removeChannel(old); }
    lineTopic = topic;
    lineChannel = null;
    if (!topic) return;
    const ch = supabase().channel(topic, { config: { private: true } })
      .on('broadcast', { event: 'invalidate' }, (m: { payload?: Invalidation }) => { if (gen === L.generation) onLineInvalidation(L, m.payload ?? {}); });
    ch.subscribe(onStatus('line', () => { for (const t of PER_LINE) invalidate(L, t); }));
    lineChannel = ch;
    L.channels.push(ch);
  };
  // On a switch the channel follows once the switch's frame is painted (leaving one is work the click need not wait for); the
  // catch-up sync after the switch (SYNC_AFTER_SWITCH_MS) fetches what changed meanwhile.
  L.unfollowLine = store.sub(activeLineAtom, () => afterNextPaint(followLine));
  followLine();
  const userTopic = `user:${opts.userId}`;
  const notices = supabase().channel(userTopic, { config: { private: true } })
    .on('broadcast', { event: 'access_revoked' }, () => { if (gen === L.generation) opts.onAccessRevoked(); })
    .on('broadcast', { event: 'notifications' }, () => { if (gen === L.generation) notificationsChanged(); });
  notices.subscribe(onStatus(userTopic, () => notificationsChanged()));
  L.channels.push(notices);
  return firstLoad.then(() => undefined);
}

/** Leaves every channel and stops the timers of a live run (the session's end does it too). */
function stopRun(L: Live): void {
  L.generation++;
  L.unfollowLine();
  L.unfollowLine = () => undefined;
  for (const t of L.timers.values()) clearTimeout(t);
  L.timers.clear();
  clearTimeout(L.syncTimer);
  L.syncTimer = undefined;
  L.invalidatedDuringSync = false;
  const old = L.channels;
  L.channels = [];
  for (const ch of old) void supabase().removeChannel(ch);
}

export function stopLive(): void {
  stopRun(live());
  store.set(liveStatusAtom, 'idle');
}
