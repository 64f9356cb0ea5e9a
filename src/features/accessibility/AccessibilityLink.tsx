// The 'Accessibilité' link of the sign-in screen and the main screen: opens the statement page without reloading the app.
import { ACCESSIBILITY_TEXT as T } from './strings';
import { ACCESSIBILITY_PATH, goTo } from './navigate';

export function AccessibilityLink({ className }: { className?: string }) {
  return (
    <a className={className} href={ACCESSIBILITY_PATH} onClick={(e) => { e.preventDefault(); goTo(ACCESSIBILITY_PATH); }}>{T.link}</a>
  );
}
