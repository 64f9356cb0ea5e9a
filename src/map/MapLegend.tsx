// The map's legend (docs/product.md#accessibility): each criticality level's colour with its icon and name, and what a
// cluster's colour and number mean, and the marks of selected and late points, so that no colour on the map speaks alone. Folded by default ('Légende').
import type { CriticalityLevel } from '../core/types';
import { levelIcon } from './levelIcons';
import { MAP_STRINGS } from './strings';

/** `lateTooMany`: more late points than the map marks (none is marked). */
export function MapLegend({ levels, lateTooMany = false }: { levels: readonly CriticalityLevel[]; lateTooMany?: boolean }) {
  return (
    <details className="map-legend">
      <summary>{MAP_STRINGS.legend}</summary>
      <ul>
        {levels.map((l) => {
          const Icon = levelIcon(l.icon);
          return (
            <li key={l.id}>
              <span className="map-legend-mark" style={{ background: l.color }} aria-hidden="true"><Icon size={14} color="#fff" /></span>
              {l.name}
            </li>
          );
        })}
        <li>
          <span className="map-legend-mark map-legend-cluster" aria-hidden="true">12</span>
          {MAP_STRINGS.legendCluster}
        </li>
        <li>
          <span className="map-legend-mark map-legend-cluster map-legend-selected" aria-hidden="true">12</span>
          {MAP_STRINGS.legendSelected}
        </li>
        <li>
          <span className="map-legend-mark map-legend-late" aria-hidden="true">!</span>
          {MAP_STRINGS.legendLate}
        </li>
        {lateTooMany && <li className="map-legend-note">{MAP_STRINGS.legendLateTooMany}</li>}
      </ul>
    </details>
  );
}
