// French failure messages of the position actions (docs/product.md#position).
export const POSITION_FAILURE = {
  importError: 'Import impossible. Vérifiez votre connexion et réessayez.',
  loadError: 'Impossible de charger les tracés des lignes.',
  recordError: 'Enregistrement impossible. Vérifiez votre connexion et réessayez.',
} as const;
