// The content of the report view: information block, track chips, stat cards, the zone sections, the points outside
// zones or the empty message. Memoised so Word-progress updates in the header never re-render the tables.
import { memo, useMemo } from 'react';
import type { CriticalityLevel, ReportResult } from '../../core/types';
import { TRACK_LABELS } from '../../core/constants';
import { formatDateTimeFr } from '../../core/format';
import { isEmptyReport, reportStats } from '../../core/report/assemble';
import { ReportSection } from './ReportSection';
import { StatCards } from './StatCards';
import { REPORT_TEXT } from './strings';

export interface ReportBodyProps { report: ReportResult; levels: readonly CriticalityLevel[]; generatedAt: Date }

export const ReportBody = memo(function ReportBody({ report, levels, generatedAt }: ReportBodyProps) {
  const stats = useMemo(() => reportStats(report), [report]);
  return (
    <>
      <div className="report-info">
        <p>{REPORT_TEXT.info}</p>
        <p><strong>{REPORT_TEXT.generatedOn}</strong> {formatDateTimeFr(generatedAt)}</p>
        <div className="chips report-tracks-chips" aria-label={REPORT_TEXT.tracks}>
          {report.tracks.map((t) => <span key={t} className="chip chip-active">{TRACK_LABELS[t]}</span>)}
        </div>
      </div>
      <StatCards stats={stats} />
      {isEmptyReport(report) ? (
        <p className="report-empty">{REPORT_TEXT.empty}</p>
      ) : (
        <>
          {report.pointsInZones.map((s) => <ReportSection key={s.zone.id} zone={s.zone} points={s.points} levels={levels} />)}
          {report.pointsOutsideZones.length > 0 && <ReportSection zone={null} points={report.pointsOutsideZones} levels={levels} />}
        </>
      )}
    </>
  );
});
