// French texts of bulk changes (docs/product.md#bulk-changes) produced by the state actions.
export const BULK_STATE_TEXT = {
  offline: 'Hors ligne : la modification groupée n\'a pas été envoyée. Réessayez une fois la connexion revenue.',
  failed: (done: number) => `La modification groupée s'est arrêtée (${done} signalement(s) déjà enregistré(s)). Réessayez.`,
  deleteRefused: 'Seuls les administrateurs peuvent supprimer plusieurs signalements à la fois.',
} as const;
