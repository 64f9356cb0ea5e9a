// Choosing the line shown: the header picker, a '?line=<id>' link, a search result or a point link on
// another line. The choice is remembered per user on this device (the next session opens it); switching reloads
// the line's zones and markers and its points: a line shown lately comes back at once from memory (its points
// parked by ./pointsCollection, its zones and markers kept here), else from its replica record, else from the
// server; what changed since is fetched after it is drawn.
import { lineOfLink } from '../core/links';
import { createRecentCache } from '../core/lines/recentCache';
import type { KilometerMarker, Line, Zone } from '../core/types';
import { atom } from 'jotai';
import { markersCollection, zonesCollection } from './collections';
import { loadPoints, SYNC_AFTER_SWITCH_MS } from './pointsCollection';
import { closeSelectionAndForms } from './selection';
import { sessionAtom } from './session';
import { activeLineAtom, currentLineIdAtom, manyLinesAtom, markersAtom, zonesAtom } from './tables';
import { store } from './store';
import { RECENT_LINES } from './recentLineIndexes';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';
import { afterNextPaint } from '../platform/afterNextPaint';
import { resetAtSignOut } from './signOutReset';

const LAST_LINE_KEY = 'rail.lastLine.';

/** Of the user's session: the zones and markers of the lines shown lately (drawn at once on a switch back, then
 * reloaded), and the lines this user archived here (their own 'Lignes' tab says so: no notice). */
const linesPart = definePart('recentLines', () => ({
  tables: createRecentCache<{ zones: Zone[]; markers: KilometerMarker[] }>(RECENT_LINES, Number.MAX_SAFE_INTEGER),
  archivedHere: new Set<string>(),
}));
const lines = () => currentSession().part(linesPart);

/** The line whose data (points, zones, markers) are shown: set when the line shown is settled or chosen. */
export const shownLineAtom = resetAtSignOut(atom<Line | null>(null));
export function noteArchivedHere(lineId: string): void { lines().archivedHere.add(lineId); }
export function forgetArchivedHere(lineId: string): void { lines().archivedHere.delete(lineId); }

/** The line a session starts on: the address's '?line=' (or the one kept for after sign-in), else the last one. */
export function initialLine(userId: string, pendingSearch: string | null): string | null {
  const fromLink = lineOfLink(window.location.search) ?? lineOfLink(pendingSearch ?? '');
  return fromLink ?? rememberedLine(userId);
}

/** The line this user was last shown on this device (null: none, the app was never opened here). */
function rememberedLine(userId: string): string | null {
  try { return localStorage.getItem(LAST_LINE_KEY + userId); } catch { return null; }
}

/** Whether this user has been shown a line on this device (the app was opened here before). */
export const hasRememberedLine = (userId: string): boolean => rememberedLine(userId) !== null;

function rememberLine(userId: string, lineId: string): void {
  try { localStorage.setItem(LAST_LINE_KEY + userId, lineId); } catch { /* storage unavailable: not remembered */ }
}

/** Keeps the line shown in the address ('?line=<id>') without a history entry. */
function showLineInAddress(lineId: string): void {
  const u = new URL(window.location.href);
  if (u.searchParams.get('line') === lineId) return;
  u.searchParams.set('line', lineId);
  window.history.replaceState(window.history.state, '', u.pathname + u.search + u.hash);
}

/** Records the line shown once the lines are known (remembered, in the address). `afterPaint` (a switch): the
 * address and the remembered line are written once the switch's frame is painted (history.replaceState is not
 * free), for the line shown then. */
export function settleActiveLine(afterPaint = false): void {
  const line = store.get(activeLineAtom);
  if (line) store.set(shownLineAtom, line);
  if (afterPaint) afterNextPaint(recordShownLine); else recordShownLine();
}

function recordShownLine(): void {
  const line = store.get(activeLineAtom);
  const user = store.get(sessionAtom)?.user.id;
  if (!line || !user) return;
  rememberLine(user, line.id);
  // A one-line installation's address stays as it always was ('/'): the line is named only in a network.
  if (store.get(manyLinesAtom)) showLineInAddress(line.id);
}

/** Shows another line (`force`: reload even if it is already the one shown, e.g. the shown one was archived):
 * what was selected or drafted closes, the line's data loads. Resolves when it is drawn. */
export async function selectLine(lineId: string, force = false): Promise<void> {
  const before = store.get(activeLineAtom)?.id ?? null;
  store.set(currentLineIdAtom, lineId);
  const now = store.get(activeLineAtom)?.id ?? null;
  if (now === before && !force) return;
  closeSelectionAndForms();
  const left = store.get(shownLineAtom)?.id ?? before;
  if (left && left !== now) lines().tables.put(left, { zones: store.get(zonesAtom), markers: store.get(markersAtom) }, 1);
  const kept = now ? lines().tables.take(now) : undefined;
  store.set(zonesAtom, kept?.zones ?? []);
  store.set(markersAtom, kept?.markers ?? []);
  settleActiveLine(true);
  const user = store.get(sessionAtom)?.user.id;
  // Zones and markers kept from memory are refreshed once the switch is drawn (a read for a line left is dropped).
  const tables = () => Promise.all([zonesCollection.load(), markersCollection.load()]);
  const refreshed = kept ? new Promise((r) => setTimeout(r, SYNC_AFTER_SWITCH_MS)).then(() => (store.get(activeLineAtom)?.id === now ? tables() : null)) : tables();
  await Promise.all([refreshed, user ? loadPoints(user, { syncAfter: true }) : null]);
}

/**
 * After the lines changed (live): when the line shown was archived meanwhile, or can no longer be read, the line shown
 * by default is loaded instead. Returns the line left and the one now shown when the user must be told (archived by
 * another admin), else null.
 */
export function followShownLine(): { left: Line; to: Line } | null {
  const shown = store.get(shownLineAtom);
  const active = store.get(activeLineAtom);
  if (!shown || !active || shown.id === active.id || store.get(currentLineIdAtom) !== shown.id) return null;
  const mine = lines().archivedHere.delete(shown.id);
  selectLine(active.id, true).catch((e) => console.error('Changement de ligne impossible', e));
  return mine ? null : { left: shown, to: active };
}
