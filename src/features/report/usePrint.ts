// The print cycle of the report view: ask (PrintDialog) → fetch the chosen rows' details page by page → render the
// print body → wait for its photos → window.print() → drop the print body after 'afterprint'.
import { useCallback, useEffect, useState } from 'react';
import { reportPointId, type PointDetails } from '../../core/report/reportIndex';
import { forEachDetailsPage } from '../../state/reportDetails';
import type { PrintChoice } from './PrintDialog';
import { printSections } from './PrintBody';
import { printReport } from './printReport';
import type { ReportSession } from './reportSession';
import { toast } from '../../ui';
import { PRINT_TEXT } from './strings';

export type PrintState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'preparing'; done: number; total: number }
  | { kind: 'ready'; choice: PrintChoice; sections: ReturnType<typeof printSections> };

export function usePrint(session: ReportSession) {
  const [state, setState] = useState<PrintState>({ kind: 'idle' });
  const ask = useCallback(() => setState({ kind: 'asking' }), []);
  const cancel = useCallback(() => setState({ kind: 'idle' }), []);
  const confirm = useCallback(async (choice: PrintChoice) => {
    const ids = [...choice.plan.rows].map((i) => reportPointId(session.index, i));
    setState({ kind: 'preparing', done: 0, total: ids.length });
    try {
      const details = new Map<string, PointDetails>();
      await forEachDetailsPage(ids, (rows, done) => {
        for (const r of rows) details.set(r.id, r);
        setState({ kind: 'preparing', done, total: ids.length });
      });
      setState({ kind: 'ready', choice, sections: printSections(session, choice, details) });
    } catch (err) {
      console.error('print preparation failed', err);
      toast(PRINT_TEXT.failed, 'error');
      setState({ kind: 'idle' });
    }
  }, [session]);

  // Once the print body is in the DOM: photos, then the browser's print dialog; the body goes after printing.
  const ready = state.kind === 'ready';
  useEffect(() => {
    if (!ready) return;
    const done = () => setState({ kind: 'idle' });
    window.addEventListener('afterprint', done, { once: true });
    const t = requestAnimationFrame(() => { void printReport(document, '.report-print img'); });
    return () => { cancelAnimationFrame(t); window.removeEventListener('afterprint', done); };
  }, [ready]);
  return { state, ask, cancel, confirm };
}
