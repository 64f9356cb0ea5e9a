// French texts of the shared components (docs/product.md#delete-confirmation delete confirmation).
export const UI_TEXT = {
  close: 'Fermer',
  cancel: 'Annuler',
  confirmTitle: 'Confirmer la suppression',
  confirmQuestion: (name: string) => `Êtes-vous sûr de vouloir supprimer ${name} ?`,
  confirmIrreversible: 'Cette action est irréversible et supprimera définitivement',
  confirmYes: 'Oui, supprimer définitivement',
  deleting: 'Suppression...',
  loading: 'Chargement...',
  hexLabel: 'Code hexadécimal',
  palette: 'Couleurs prédéfinies',
  colorPreset: (hex: string) => `Choisir la couleur ${hex}`,
  noTrack: 'Aucune voie',
} as const;
