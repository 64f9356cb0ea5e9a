// French failure messages of the inspection record actions (docs/product.md#inspection-records).
export const INSPECTION_FAILURE = {
  removeFailed: "La suppression de la tournée a échoué. Vérifiez la connexion puis réessayez.",
  removeRefused: "Cette tournée n'a pas été supprimée : seuls les administrateurs suppriment une tournée verrouillée ou annotée.",
} as const;
