// French texts of the offline mode: banner, outbox counter and panel, conflicts, sign-out warning, update prompt.
import type { OutboxState } from '../../core/outbox/types';

export const OFFLINE_UI = {
  offline: 'Hors ligne',
  lastSync: (when: string | null) => (when ? `Dernière synchronisation : ${when}` : 'Jamais synchronisé sur cet appareil'),
  offlineHint: 'Vos signalements sont enregistrés sur l’appareil et partiront au retour du réseau.',
  authBlocked: (n: number) => `Session expirée : reconnectez-vous pour envoyer ${n === 1 ? 'la modification en attente' : `les ${n} modifications en attente`} (rien n’est perdu).`,
  signInAgain: 'Se reconnecter',
  pendingCount: (n: number) => `${n} en attente`,
  queueSent: (n: number) => (n === 1 ? 'Modification hors ligne envoyée.' : `${n} modifications hors ligne envoyées.`),
  conflictCount: (n: number) => `${n} conflit${n > 1 ? 's' : ''}`,
  outboxTitle: 'Modifications en attente d’envoi',
  outboxEmpty: 'Tout est envoyé.',
  sending: 'Envoi en cours…',
  state: { pending: 'En attente', sending: 'Envoi en cours', failed: 'Échec', conflict: 'Conflit' } as Record<OutboxState, string>,
  sent: 'Envoyé',
  sentTitle: 'Envoyés pendant cette session',
  retry: 'Réessayer',
  discard: 'Abandonner',
  sendNow: 'Envoyer maintenant',
  close: 'Fermer',
  pendingBadge: 'en attente',
  conflictBadge: 'conflit',
  failedBadge: 'échec',
  queuedAt: (when: string) => `Enregistré le ${when}`,
  photo: 'avec photo',
  // Conflicts
  conflictTitle: 'Deux versions de ce point',
  conflictIntro: 'Ce point a été modifié sur le serveur pendant que vous le modifiiez hors ligne. Choisissez la version à garder.',
  conflictDeletedIntro: 'Ce point a été supprimé sur le serveur pendant que vous le modifiiez hors ligne.',
  field: 'Champ', mine: 'Ma version', theirs: 'Version du serveur',
  keepMine: 'Garder ma version', keepServer: 'Garder la version du serveur',
  resolve: 'Résoudre le conflit…',
  recreate: 'Recréer le point', dropMine: 'Abandonner ma modification',
  fieldLabels: {
    name: 'Libellé', description: 'Description', kilometer: 'PK', kmValue: 'PK', position: 'Position', imageUrl: 'Photo',
    status: 'Statut', criticality: 'Criticité', ticketNumber: 'N° OT/Dépêche', teamId: 'Équipe',
  } as Record<string, string>,
  none: '—',
  // Sign-out
  signOutTitle: 'Des modifications ne sont pas encore envoyées',
  signOutBody: (n: number) => (n === 1
    ? 'Une modification attend le réseau pour partir. Elle reste sur cet appareil et sera envoyée à votre prochaine connexion ; un autre utilisateur ne la verra pas.'
    : `${n} modifications attendent le réseau pour partir. Elles restent sur cet appareil et seront envoyées à votre prochaine connexion ; un autre utilisateur ne les verra pas.`),
  signOutAnyway: 'Se déconnecter quand même',
  cancel: 'Annuler',
  // Update
  updateReady: 'Une nouvelle version de l’application est prête : elle sera utilisée à la prochaine ouverture.',
  updateNow: 'Mettre à jour maintenant',
  later: 'Plus tard',
  offlineReady: 'Disponible hors ligne : l’application et les données de la ligne sont sur cet appareil.',
  notReadyOffline: 'Cet appareil n’a pas encore tout enregistré pour le hors ligne : gardez cette page ouverte jusqu’au retour du réseau.',
  // Online-only
  onlineOnly: (what: string) => `${what} nécessite une connexion réseau. Reconnectez-vous au réseau pour l’utiliser.`,
};
