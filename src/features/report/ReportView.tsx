// 'Rapport de parcours' (SPEC §2): header with range and zone count, Imprimer / Télécharger Word / Fermer, the Word
// progress, then the (memoised) report body.
import type { CriticalityLevel, ReportResult } from '../../core/types';
import { formatKm } from '../../core/format';
import { Alert, Button, Dialog, ProgressBar } from '../../ui';
import { ReportBody } from './ReportBody';
import { useWordDownload } from './useWordDownload';
import { OnlineOnlyNotice } from '../offline/OnlineOnlyNotice';
import { printReport } from './printReport';
import { REPORT_TEXT, WORD_PROGRESS } from './strings';
import '../../styles/print.css';

export interface ReportViewProps { report: ReportResult; levels: readonly CriticalityLevel[]; generatedAt: Date; onClose: () => void }

export function ReportView({ report, levels, generatedAt, onClose }: ReportViewProps) {
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
      {/* Fixed-size, contained status line: progress updates never re-lay out the report below. */}
      <div className="report-status no-print" aria-live="polite">
        <OnlineOnlyNotice what="Le chargement des photos du rapport Word" />
        {word.state.kind === 'running' && (
          <div className="report-progress">
            <ProgressBar value={word.state.value} label={word.state.label} />
            <span className="muted">{word.state.label}</span>
          </div>
        )}
        {word.state.kind === 'error' && <Alert kind="error">{word.state.message}</Alert>}
        {word.state.kind === 'done' && <p className="muted" role="status">{WORD_PROGRESS.downloaded(word.state.fileName)}</p>}
      </div>
      <ReportBody report={report} levels={levels} generatedAt={generatedAt} />
    </Dialog>
  );
}
