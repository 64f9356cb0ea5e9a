// The signed-in member's notifications (public.notifications, own rows only), their settings
// (public.notification_settings), whether the server sends e-mail (public.mail_status) and the live channel
// that tells when a notification of theirs is added or read.
import { supabase } from './client';
import { rpc } from './rpc';
import type { AppNotification, NotificationSettings } from '../core/followUp/notifications';
import { settingsFromRow, settingsToRow } from '../core/followUp/notifications';
import type { Tables } from './database.types';

const toNotification = (r: Tables<'notifications'>): AppNotification => ({
  id: r.id, kind: r.kind, pointId: r.point_id, count: r.count, title: r.title, body: r.body,
  link: r.link, readAt: r.read_at, createdAt: r.created_at,
});

/** The newest notifications and the number unread. */
export async function listNotifications(limit = 50): Promise<{ items: AppNotification[]; unread: number }> {
  const [list, count] = await Promise.all([
    supabase().from('notifications').select('*').order('created_at', { ascending: false }).limit(limit),
    supabase().from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
  ]);
  if (list.error) throw list.error;
  if (count.error) throw count.error;
  return { items: (list.data ?? []).map(toNotification), unread: count.count ?? 0 };
}

/** Marks these notifications read (null: all of the member's). */
export async function markNotificationsRead(ids: string[] | null): Promise<void> {
  const { error } = await rpc('mark_notifications_read', { p_ids: ids });
  if (error) throw error;
}

export async function getNotificationSettings(userId: string): Promise<NotificationSettings> {
  const { data, error } = await supabase().from('notification_settings').select('kinds, email_mode').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return settingsFromRow(data);
}

export async function saveNotificationSettings(userId: string, s: NotificationSettings): Promise<void> {
  const { error } = await supabase().from('notification_settings').upsert({ user_id: userId, ...settingsToRow(s) }, { onConflict: 'user_id' });
  if (error) throw error;
}

/** Whether the server sends e-mail (SMTP configured). */
export async function mailEnabled(): Promise<boolean> {
  const { data, error } = await supabase().rpc('mail_status');
  if (error) throw error;
  return !!(data as { enabled?: boolean } | null)?.enabled;
}

/** Whether the server sends e-mail and the daily digest's hour (Europe/Paris, 7 when unknown). */
export async function mailStatus(): Promise<{ enabled: boolean; digestHour: number }> {
  const { data, error } = await supabase().rpc('mail_status');
  if (error) throw error;
  const d = data as { enabled?: boolean; digest_hour?: number } | null;
  return { enabled: !!d?.enabled, digestHour: Number.isInteger(d?.digest_hour) ? d!.digest_hour! : 7 };
}

/** public.set_digest_hour (administrators): the daily digest's hour, 0 to 23. */
export async function setDigestHour(hour: number): Promise<number> {
  const { data, error } = await rpc('set_digest_hour', { p_hour: hour });
  if (error) throw error;
  return data as number;
}

/** Calls `onChange` when one of the member's notifications is added or changes (row-level security filters them). */

