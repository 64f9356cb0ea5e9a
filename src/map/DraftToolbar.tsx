// Draw-zone overlay: vertex count hint, 'Valider la zone' (enabled from 3 vertices) and 'Annuler'.
import { MAP_STRINGS } from './strings';
import { MIN_ZONE_VERTICES } from '../core/constants';

export function DraftToolbar({ vertexCount, onValidate, onCancel }: { vertexCount: number; onValidate: () => void; onCancel: () => void }) {
  return (
    <div className="map-toolbar" role="toolbar" aria-label={MAP_STRINGS.zoneToolbar}>
      <span className="map-toolbar-hint" aria-live="polite">{MAP_STRINGS.drawZoneHint(vertexCount)}</span>
      <button type="button" className="btn btn-secondary" onClick={onCancel}>{MAP_STRINGS.cancel}</button>
      <button type="button" className="btn btn-primary" disabled={vertexCount < MIN_ZONE_VERTICES} onClick={onValidate}>
        {MAP_STRINGS.validateZone}
      </button>
    </div>
  );
}
