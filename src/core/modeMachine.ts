// The mode machine of docs/product.md#modes as pure functions: which mode results from a request.
/** `select`: the lasso of bulk selection (docs/product.md#bulk-changes). */
export type AppMode = 'view' | 'draw-point' | 'draw-zone' | 'route-report' | 'select';

/**
 * Mode after the user asks for `requested` while in `current`.
 * Asking for the active drawing mode again toggles back to view; from route-report any other request gives view.
 */
export function nextMode(current: AppMode, requested: AppMode): AppMode {
  if (current === 'route-report' && requested !== 'route-report') return 'view';
  if (current === requested && current !== 'view') return 'view';
  return requested;
}

/** Whether a role may enter a mode (draw-zone is admin only, docs/product.md#roles). */
export function modeAllowed(mode: AppMode, isAdmin: boolean): boolean {
  return mode !== 'draw-zone' || isAdmin;
}
