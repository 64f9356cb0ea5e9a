// French texts of the zone form (docs/product.md#zone-form, #zone-rules).
export const ZONE_TEXT = {
  createTitle: 'Créer une zone',
  editTitle: 'Modifier la zone',
  name: 'Nom de la zone',
  namePlaceholder: 'Ex. : Gare de Villeneuve',
  track: 'Voie',
  color: 'Couleur',
  vertices: (n: number) => `${n} sommets`,
  cancel: 'Annuler',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  saveFailed: 'Erreur lors de la sauvegarde de la zone',
  saveFailedKeep: 'Vos saisies sont conservées : vérifiez la connexion puis réessayez.',
  notFound: "Cette zone n'existe plus.",
  savedToast: 'Zone enregistrée',
  pkRange: (a: string, b: string) => `PK ${a} – ${b}`,
} as const;
