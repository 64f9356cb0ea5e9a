// French failure messages of the position administration (docs/product.md#position).
export const POSITION_FAILURE = {
  importError: 'Import impossible. Vérifiez votre connexion et réessayez.',
  recordError: 'Enregistrement impossible. Vérifiez votre connexion et réessayez.',
} as const;
