// One zone section of the report (or the points outside zones): heading with colour, track and PK range, then the table.
import type { CriticalityLevel, Point, Zone } from '../../core/types';
import type { ListedPhoto } from '../../core/photos/listed';
import { formatKm } from '../../core/format';
import { TrackBadge } from '../../ui';
import { AnomalyTable } from './AnomalyTable';
import { REPORT_TEXT } from './strings';

export function ReportSection({ zone, points, photos, levels }: { zone: Zone | null; points: readonly Point[]; photos?: ReadonlyMap<string, ListedPhoto[]>; levels: readonly CriticalityLevel[] }) {
  return (
    <section className="report-section" aria-label={zone ? zone.name : REPORT_TEXT.outsideZones}>
      <header className="report-section-head" style={zone ? { borderLeftColor: zone.color } : undefined}>
        <h3>{zone ? zone.name : REPORT_TEXT.outsideZones}</h3>
        <div className="report-section-meta">
          {zone && <TrackBadge track={zone.track} showNone />}
          {zone && <span>PK {formatKm(zone.kmStart)} → PK {formatKm(zone.kmEnd)}</span>}
          <span className="badge count-badge">{REPORT_TEXT.anomalies(points.length)}</span>
        </div>
      </header>
      <AnomalyTable points={points} photos={photos} levels={levels} />
    </section>
  );
}
