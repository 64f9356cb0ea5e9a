// Who may delete points (docs/product.md#point-delete-setting): app_settings 'point_delete' is 'membres' (every
// member, also when absent) or 'admins' (administrators only). The database enforces it; this only reads it.
export type PointDeleteMode = 'membres' | 'admins';
export const POINT_DELETE_KEY = 'point_delete';

/** The mode a stored value means: 'admins' only when it says so, 'membres' otherwise (absent, empty, unknown). */
export function pointDeleteMode(value: string | null | undefined): PointDeleteMode {
  return value === 'admins' ? 'admins' : 'membres';
}

/** Whether a user may delete a point under the mode. */
export function mayDeletePoints(mode: PointDeleteMode, isAdmin: boolean): boolean {
  return isAdmin || mode === 'membres';
}
