// French messages produced by the state actions (docs/product.md#loading-messages).
export const DATA_TEXT = {
  teamsLoadError: 'Impossible de charger la liste des équipes',
  levelsLoadError: 'Impossible de charger les niveaux de criticité',
  imagePathUnknown: "Impossible de déterminer le chemin de l'image",
  imageDeleteError: "Erreur lors de la suppression de l'image",
  imageUploadError: "Erreur lors de l'upload de l'image",
  zoneDeleteError: 'Erreur lors de la suppression de la zone',
  noLine: 'Aucune ligne : créez-en une dans l\'onglet Lignes.',
  configError: 'Impossible de charger la configuration du serveur.',
  pointGone: "Ce signalement n'existe plus ou ne vous est pas accessible.",
  pointDeleteFailed: 'La suppression a échoué. Veuillez réessayer.',
  pointsLoadError: 'Impossible de charger les signalements. Vérifiez la connexion puis réessayez.',
  refreshFailed: "L'actualisation a échoué : les données affichées peuvent ne pas être à jour. Vérifiez la connexion puis réessayez.",
} as const;

/** The notification settings could not be saved (docs/product.md#notifications). */
export const NOTIFICATION_SETTINGS_FAILURE = "L'enregistrement des paramètres a échoué. Réessayez.";

/** A comment or an intervention was not sent, or an 'après' photo not removed (docs/product.md#follow-up). */
export const FOLLOW_UP_FAILURE = "L'envoi a échoué. Votre texte est conservé : réessayez.";

/** A photo could not be opened for drawing, or its drawing not stored (docs/product.md#photo-drawing). */
export const DRAW_FAILURE = {
  loadError: 'Impossible de charger la photo. Vérifiez la connexion puis réessayez.',
  saveError: 'Le dessin n’a pas pu être enregistré. Réessayez.',
} as const;
