// Operator-specific contact of the personal-data notice (docs/product.md#sign-in). Change here for another operator.
export const DATA_PROTECTION_OFFICER_EMAIL = 'dpo@exploitant-ferroviaire.fr';
export const DATA_CONTROLLER_NAME = "l'exploitant ferroviaire";
