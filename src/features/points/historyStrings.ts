// French texts of the point history section (issue 12).
export const HISTORY_TEXT = {
  title: 'Historique',
  loading: "Chargement de l'historique...",
  error: "Impossible de charger l'historique.",
  retry: 'Réessayer',
  empty: 'Aucune modification enregistrée.',
};
