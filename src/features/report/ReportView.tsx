// 'Rapport de parcours' (SPEC §2): header with range and zone count, Imprimer / Télécharger Word / Fermer,
// information block, track chips, stat cards, a section per zone, the points outside zones or the empty message.
import { useMemo } from 'react';
import type { CriticalityLevel, ReportResult } from '../../core/types';
import { TRACK_LABELS } from '../../core/constants';
import { formatDateTimeFr, formatKm } from '../../core/format';
import { isEmptyReport, reportStats } from '../../core/report/assemble';
import { Alert, Button, Dialog, ProgressBar } from '../../ui';
import { ReportSection } from './ReportSection';
import { StatCards } from './StatCards';
import { useWordDownload } from './useWordDownload';
import { printReport } from './printReport';
import { REPORT_TEXT, WORD_PROGRESS } from './strings';
import '../../styles/print.css';

export interface ReportViewProps { report: ReportResult; levels: readonly CriticalityLevel[]; generatedAt: Date; onClose: () => void }

export function ReportView({ report, levels, generatedAt, onClose }: ReportViewProps) {
  const stats = useMemo(() => reportStats(report), [report]);
  const word = useWordDownload(report, levels);
  const { request } = report;
  const running = word.state.kind === 'running';
  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={REPORT_TEXT.viewTitle} size="full" className="report-view">
      <div className="report-head">
        <div className="report-head-text">
          <p className="report-range-title">PK {formatKm(request.displayStartPoint)} → PK {formatKm(request.displayEndPoint)}</p>
          <p className="muted">{REPORT_TEXT.zonesSelected(request.selectedZones.length)}</p>
        </div>
        <div className="report-head-actions no-print">
          <Button onClick={() => { void printReport(); }}>{REPORT_TEXT.print}</Button>
          <Button variant="primary" onClick={word.start} busy={running}>{REPORT_TEXT.download}</Button>
          <Button onClick={onClose}>{REPORT_TEXT.close}</Button>
        </div>
      </div>
      {word.state.kind === 'running' && (
        <div className="report-progress no-print" aria-live="polite">
          <ProgressBar value={word.state.value} label={word.state.label} />
          <span className="muted">{word.state.label}</span>
        </div>
      )}
      {word.state.kind === 'error' && <div className="no-print"><Alert kind="error">{word.state.message}</Alert></div>}
      {word.state.kind === 'done' && <p className="muted no-print" role="status">{WORD_PROGRESS.downloaded(word.state.fileName)}</p>}

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
    </Dialog>
  );
}
