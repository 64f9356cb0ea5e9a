// 'Imprimer' on a report of any size: tells the number of anomalies and the estimated A4 page count
// first, lets the user narrow the PK range, and refuses more than PRINT_MAX_ROWS rows (the print DOM is built whole).
import { useMemo, useState } from 'react';
import { formatKm, parseKmInput } from '../../core/format';
import { estimatePrintPages, planSubRange, type ReportPlan } from '../../core/report/plan';
import { Button, Dialog, pkInputProps } from '../../ui';
import type { ReportSession } from './reportSession';
import { PRINT_TEXT } from './strings';

export const PRINT_MAX_ROWS = 2000; // about 60 A4 pages; beyond, the browser's print preview itself struggles

export interface PrintChoice { plan: ReportPlan; start: number; end: number; whole: boolean }

export function PrintDialog({ session, onPrint, onClose }: { session: ReportSession; onPrint: (c: PrintChoice) => void; onClose: () => void }) {
  const { request, plan, index } = session;
  const [startText, setStartText] = useState(formatKm(request.startPoint));
  const [endText, setEndText] = useState(formatKm(request.endPoint));
  const a = parseKmInput(startText), b = parseKmInput(endText);
  const valid = a !== null && b !== null;
  const lo = valid ? Math.min(a, b) : request.startPoint, hi = valid ? Math.max(a, b) : request.endPoint;
  const whole = lo <= request.startPoint && hi >= request.endPoint;
  const sub = useMemo(() => (whole ? plan : planSubRange(plan, index.km, lo, hi)), [plan, index, lo, hi, whole]);
  const n = sub.rows.length;
  const pages = estimatePrintPages(sub);
  const tooMany = n > PRINT_MAX_ROWS;
  const canPrint = valid && n > 0 && !tooMany;
  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={PRINT_TEXT.title} size="md" className="print-dialog"
      footer={<>
        <Button onClick={onClose}>{PRINT_TEXT.cancel}</Button>
        <Button variant="primary" disabled={!canPrint} onClick={() => onPrint({ plan: sub, start: lo, end: hi, whole })}>{PRINT_TEXT.confirm}</Button>
      </>}>
      <p className="print-summary" role="status">{PRINT_TEXT.summary(n, pages)}</p>
      <div className="report-range">
        <label className="field"><span className="field-label">{PRINT_TEXT.from}</span>
          <input className="input" {...pkInputProps(startText, setStartText)} /></label>
        <label className="field"><span className="field-label">{PRINT_TEXT.to}</span>
          <input className="input" {...pkInputProps(endText, setEndText)} /></label>
      </div>
      <p className="field-hint">{PRINT_TEXT.hint(formatKm(request.startPoint), formatKm(request.endPoint))}</p>
      {!valid && <p className="field-error" role="alert">{PRINT_TEXT.invalid}</p>}
      {valid && tooMany && <p className="field-error" role="alert">{PRINT_TEXT.tooMany(PRINT_MAX_ROWS)}</p>}
      {valid && n === 0 && <p className="field-error" role="alert">{PRINT_TEXT.none}</p>}
    </Dialog>
  );
}
