// In-app navigation to a route (the app follows pushState: src/App.tsx), keeping the signed-in session and its data.
export function goTo(path: string): void {
  if (window.location.pathname !== path) window.history.pushState(null, '', path);
}

/** The route of the 'Accessibilité' page. */
export const ACCESSIBILITY_PATH = '/accessibilite';
