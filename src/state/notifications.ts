// The bell's state (docs/product.md#notifications): the member's newest notifications and unread count, kept live
// by the member's private topic 'user:<id>' (src/state/live.ts: its 'notifications' Broadcast and each rejoin reload
// the list, debounced), and the actions
// of the list: open one (marks it read, opens its point), mark all read, read and save the settings.
import { atom } from 'jotai';
import type { AppNotification, NotificationSettings } from '../core/followUp/notifications';
import * as repo from '../data/notificationsRepository';
import { definePart } from '../core/session/scope';
import { currentSession } from './userSession';
import { openPointFromSearch } from './links';
import { store } from './store';
import { fail, ok, type Result } from '../core/result';
import { NOTIFICATION_SETTINGS_FAILURE } from './strings';
import { resetAtSignOut } from './signOutReset';

export const notificationsAtom = resetAtSignOut(atom<AppNotification[]>([]));
export const unreadCountAtom = resetAtSignOut(atom(0));
export const notificationsErrorAtom = resetAtSignOut(atom(false));

const RELOAD_DEBOUNCE_MS = 150;

const livePart = definePart('notifications', () => ({
  started: false, timer: undefined as ReturnType<typeof setTimeout> | undefined,
}), (s) => { clearTimeout(s.timer); });

/** Reads the list and the count now. */
export async function reloadNotifications(): Promise<void> {
  const scope = currentSession();
  try {
    const r = await repo.listNotifications();
    if (!scope.active) return;
    store.set(notificationsAtom, r.items);
    store.set(unreadCountAtom, r.unread);
    store.set(notificationsErrorAtom, false);
  } catch (e) {
    console.warn('Notifications : lecture impossible', e);
    if (scope.active) store.set(notificationsErrorAtom, true);
  }
}

/** Reads the list again soon (debounced): the live topic said notifications changed, or it joined again. */
export function notificationsChanged(): void {
  const s = currentSession().part(livePart);
  if (!s.started) return;
  clearTimeout(s.timer);
  s.timer = setTimeout(() => void reloadNotifications(), RELOAD_DEBOUNCE_MS);
}

/** Starts the session's notifications once (the bell calls it when it mounts). */
export function startNotifications(): void {
  const s = currentSession().part(livePart);
  if (s.started) return;
  s.started = true;
  void reloadNotifications();
}

/** Opens a notification: marked read, then its point opened (a notification about many points opens nothing). */
export async function openNotification(n: AppNotification): Promise<Result> {
  if (!n.readAt) {
    store.set(notificationsAtom, (l) => l.map((x) => (x.id === n.id ? { ...x, readAt: new Date().toISOString() } : x)));
    store.set(unreadCountAtom, (c) => Math.max(0, c - 1));
    void repo.markNotificationsRead([n.id]).catch((e) => console.warn('Notification : lecture non enregistrée', e));
  }
  return n.pointId ? openPointFromSearch(n.pointId) : ok();
}

export async function markAllRead(): Promise<void> {
  await repo.markNotificationsRead(null);
  await reloadNotifications();
}

export const loadNotificationSettings = (userId: string): Promise<NotificationSettings> => repo.getNotificationSettings(userId);
export async function saveNotificationSettings(userId: string, s: NotificationSettings): Promise<Result> {
  try {
    await repo.saveNotificationSettings(userId, s);
    return ok();
  } catch (e) {
    console.error(e);
    return fail('error', NOTIFICATION_SETTINGS_FAILURE);
  }
}
export const mailEnabled = (): Promise<boolean> => repo.mailEnabled();
export const mailStatus = (): Promise<{ enabled: boolean; digestHour: number }> => repo.mailStatus();
export const saveDigestHour = (hour: number): Promise<number> => repo.setDigestHour(hour);
