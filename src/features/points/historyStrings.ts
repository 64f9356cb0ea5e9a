// French texts of the point history section.
export const HISTORY_TEXT = {
  title: 'Historique',
  loading: "Chargement de l'historique...",
  error: "Impossible de charger l'historique.",
  retry: 'Réessayer',
  empty: 'Aucune modification enregistrée.',
};
