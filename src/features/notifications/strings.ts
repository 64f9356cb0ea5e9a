// French texts of the bell, the 'Notifications' list and the notification settings (docs/product.md#notifications).
import { NOTIFICATION_SETTINGS_FAILURE } from '../../state/strings';

export const NOTIF_TEXT = {
  title: 'Notifications',
  empty: 'Aucune notification.',
  loadError: 'Impossible de charger les notifications.',
  retry: 'Réessayer',
  markAll: 'Tout marquer comme lu',
  unread: 'Non lue',
  close: 'Fermer',
  gone: "Ce signalement n'existe plus.",
  settings: 'Paramètres des notifications',
  kindsLegend: 'Me prévenir quand',
  emailLegend: 'Par e-mail',
  emailOff: "L'envoi d'e-mails n'est pas configuré sur ce serveur : les notifications restent dans l'application.",
  save: 'Enregistrer',
  saved: 'Paramètres des notifications enregistrés',
  saveError: NOTIFICATION_SETTINGS_FAILURE,
  settingsLoadError: 'Impossible de lire vos paramètres de notification.',
};
