// Who receives accessibility reports (the 'Accessibilité' page's contact): set by the operator at deployment.
export const ACCESSIBILITY_CONTACT_EMAIL = 'accessibilite@rail.local';
/** The day the statement was written (docs/product.md#accessibility-page); updated with the statement. */
export const ACCESSIBILITY_STATEMENT_DATE = '2026-12-05';
