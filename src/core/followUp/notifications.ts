// Notifications as the app shows them (docs/product.md#notifications): the kinds a member may choose, the e-mail
// modes, the bell's accessible name, and the settings row as stored (kinds null: every kind).
export const NOTIFICATION_KINDS = ['assigned', 'team_assigned', 'comment', 'resolved', 'deadline_50', 'deadline_75', 'deadline_breach'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const KIND_LABELS: Record<NotificationKind, string> = {
  assigned: 'Un signalement m’est assigné',
  team_assigned: 'Des signalements sont donnés à mon équipe',
  comment: 'Un commentaire ou une intervention sur un signalement que je suis',
  resolved: 'Mon signalement est résolu',
  deadline_50: 'Échéance : la moitié du délai est passée',
  deadline_75: 'Échéance : les trois quarts du délai sont passés',
  deadline_breach: 'Échéance dépassée',
};

export type EmailMode = 'immediat' | 'quotidien' | 'jamais';
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = { immediat: 'Immédiat', quotidien: 'Résumé quotidien', jamais: 'Jamais' };

export interface AppNotification {
  id: string; kind: string; pointId: string | null; count: number; title: string; body: string; link: string;
  readAt: string | null; createdAt: string;
}

export interface NotificationSettings { kinds: NotificationKind[]; emailMode: EmailMode }
export const DEFAULT_SETTINGS: NotificationSettings = { kinds: [...NOTIFICATION_KINDS], emailMode: 'immediat' };

/** The bell's accessible name: 'Notifications (3 non lues)', 'Notifications (1 non lue)', 'Notifications'. */
export function bellLabel(unread: number): string {
  if (unread <= 0) return 'Notifications';
  return `Notifications (${unread} non lue${unread > 1 ? 's' : ''})`;
}

/** The badge on the bell: the count, '99+' above 99, nothing at 0. */
export const bellBadge = (unread: number): string | null => (unread <= 0 ? null : unread > 99 ? '99+' : String(unread));

/** The settings row read from the database (no row: the defaults); unknown kinds are dropped. */
export function settingsFromRow(row: { kinds: string[] | null; email_mode: string } | null): NotificationSettings {
  if (!row) return DEFAULT_SETTINGS;
  const kinds = row.kinds === null ? [...NOTIFICATION_KINDS] : NOTIFICATION_KINDS.filter((k) => row.kinds!.includes(k));
  const emailMode = (['immediat', 'quotidien', 'jamais'] as const).find((m) => m === row.email_mode) ?? 'immediat';
  return { kinds, emailMode };
}

/** The row to store: every kind chosen is stored as null (new kinds added later are then received too). */
export function settingsToRow(s: NotificationSettings): { kinds: NotificationKind[] | null; email_mode: EmailMode } {
  const all = NOTIFICATION_KINDS.every((k) => s.kinds.includes(k));
  return { kinds: all ? null : NOTIFICATION_KINDS.filter((k) => s.kinds.includes(k)), email_mode: s.emailMode };
}
