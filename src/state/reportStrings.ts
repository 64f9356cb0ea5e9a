// French failure messages of the route report actions (docs/product.md#report-form, #word-document).
export const REPORT_FAILURE = {
  classifyFailed: 'Impossible de générer le rapport. Vos choix sont conservés : veuillez réessayer.',
  printFailed: "Impossible de préparer l'impression. Veuillez réessayer.",
} as const;
