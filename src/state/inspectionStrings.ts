// French failure messages of the inspection record actions (docs/product.md#inspection-records).
export const INSPECTION_FAILURE = {
  removeFailed: "La suppression de la tournée a échoué. Vérifiez la connexion puis réessayez.",
  removeRefused: "Cette tournée n'a pas été supprimée : seuls les administrateurs suppriment une tournée verrouillée ou annotée.",
  saveFailed: "L'enregistrement de la tournée a échoué. Vérifiez la connexion puis réessayez.",
  offline: "Hors ligne : la tournée n'a pas été enregistrée (elle n'est pas mise en attente sur l'appareil). Vos saisies sont conservées : réessayez une fois la connexion revenue.",
  annotateFailed: "L'annotation n'a pas été enregistrée.",
  wordFailed: "Le document Word n'a pas pu être créé. Vérifiez la connexion et réessayez.",
} as const;
