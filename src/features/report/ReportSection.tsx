// One zone section of the report (or the points outside zones): heading with colour, track and PK range, then the table.
import type { CriticalityLevel, Zone } from '../../core/types';
import type { ListedPhoto } from '../../core/photos/listed';
import { formatKm } from '../../core/format';
import { TrackBadge } from '../../ui';
import { AnomalyTable, type ReportPoint } from './AnomalyTable';
import { REPORT_TEXT } from './strings';

export function ReportSection({ zone, points, photos, levels, now }: { zone: Zone | null; points: readonly ReportPoint[]; photos?: ReadonlyMap<string, ListedPhoto[]>; levels: readonly CriticalityLevel[]; now: number }) {
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
      <AnomalyTable points={points} photos={photos} levels={levels} now={now} />
    </section>
  );
}
