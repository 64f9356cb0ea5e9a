// 'Aller au plan': the first stop of the tab order, hidden until focused; it moves the focus to
// the map (arrows pan, +/− zoom, Entrée places a point in Signaler mode).
import { LAYOUT_TEXT as T } from './strings';

export function SkipToMap() {
  return (
    <a className="skip-link" href="#plan" onClick={(e) => {
      const map = document.querySelector<HTMLElement>('[data-testid="map-canvas"]');
      if (!map) return;
      e.preventDefault();
      map.focus();
    }}>{T.skipToMap}</a>
  );
}
