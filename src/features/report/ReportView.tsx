// 'Rapport de parcours' (docs/product.md#report-view): header with range and zone count, Imprimer / Télécharger Word / Fermer, the Word
// and print progress, then the (memoised) report body; the print body exists only while a confirmed print runs.
import { formatKm } from '../../core/format';
import { Alert, Button, Dialog, ProgressBar } from '../../ui';
import { ReportBody } from './ReportBody';
import { PrintBody } from './PrintBody';
import { PrintDialog } from './PrintDialog';
import { usePrint } from './usePrint';
import { useReportLine } from './useReportLine';
import { reportTitle } from '../../core/report/strings';
import { useWordDownload } from './useWordDownload';
import { OnlineOnlyNotice } from '../offline/OnlineOnlyNotice';
import type { ReportSession } from './reportSession';
import { PRINT_TEXT, REPORT_TEXT, WORD_PROGRESS } from './strings';
import '../../styles/print.css';
import { useState } from 'react';
import { SaveInspectionDialog } from '../inspections/SaveInspectionDialog';
import { InspectionsDialog } from '../inspections/InspectionsDialog';
import { INSPECTION_TEXT } from '../inspections/strings';

export interface ReportViewProps { session: ReportSession; onClose: () => void }

export function ReportView({ session, onClose }: ReportViewProps) {
  const word = useWordDownload(session);
  const print = usePrint(session);
  const { request } = session;
  const line = useReportLine();
  const running = word.state.kind === 'running';
  const preparing = print.state.kind === 'preparing';
  const [inspection, setInspection] = useState<'save' | 'list' | null>(null);
  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={reportTitle(line)} size="full" className="report-view">
      <div className="report-head">
        <div className="report-head-text">
          <p className="report-range-title">PK {formatKm(request.displayStartPoint)} → PK {formatKm(request.displayEndPoint)}</p>
          <p className="muted">{REPORT_TEXT.zonesSelected(request.selectedZones.length)}</p>
        </div>
        <div className="report-head-actions no-print">
          <Button onClick={print.ask} busy={preparing}>{REPORT_TEXT.print}</Button>
          <Button variant="primary" onClick={word.start} busy={running}>{REPORT_TEXT.download}</Button>
          <Button onClick={() => setInspection('save')}>{INSPECTION_TEXT.save}</Button>
          <Button onClick={() => setInspection('list')}>{INSPECTION_TEXT.list}</Button>
          <Button onClick={onClose}>{REPORT_TEXT.close}</Button>
        </div>
        {inspection === 'save' && <SaveInspectionDialog session={session} onClose={() => setInspection(null)} />}
        {inspection === 'list' && <InspectionsDialog onClose={() => setInspection(null)} />}
      </div>
      {/* Status line: takes no room while empty, one fixed height while something runs. */}
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
        {print.state.kind === 'preparing' && (
          <div className="report-progress">
            <ProgressBar value={print.state.total ? print.state.done / print.state.total : 0} label={PRINT_TEXT.preparing(print.state.done, print.state.total)} />
            <span className="muted">{PRINT_TEXT.preparing(print.state.done, print.state.total)}</span>
          </div>
        )}
      </div>
      <ReportBody session={session} />
      {print.state.kind === 'ready' && <PrintBody session={session} choice={print.state.choice} sections={print.state.sections} />}
      {print.state.kind === 'asking' && <PrintDialog session={session} onPrint={(c) => { void print.confirm(c); }} onClose={print.cancel} />}
    </Dialog>
  );
}
