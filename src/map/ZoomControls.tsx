// Zoom overlay: Zoom avant / Zoom arrière / Ajuster à la ligne, keyboard reachable buttons with French labels.
import { Maximize2, Minus, Plus } from 'lucide-react';
import type { ViewportController } from './viewportController';
import { MAP_STRINGS } from './strings';

export function ZoomControls({ controller }: { controller: ViewportController }) {
  return (
    <div className="map-zoom" role="group" aria-label={MAP_STRINGS.zoomControls}>
      <button type="button" className="map-zoom-btn" aria-label={MAP_STRINGS.zoomIn} title={MAP_STRINGS.zoomIn} onClick={() => controller.zoomStep(1)}>
        <Plus size={20} aria-hidden="true" />
      </button>
      <button type="button" className="map-zoom-btn" aria-label={MAP_STRINGS.zoomOut} title={MAP_STRINGS.zoomOut} onClick={() => controller.zoomStep(-1)}>
        <Minus size={20} aria-hidden="true" />
      </button>
      <button type="button" className="map-zoom-btn" aria-label={MAP_STRINGS.fit} title={MAP_STRINGS.fit} onClick={() => controller.fit()}>
        <Maximize2 size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
