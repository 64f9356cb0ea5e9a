// The print cycle of the report view: ask (PrintDialog) → fetch the chosen rows' details page by page → render the
// print body → wait for its photos → window.print() → drop the print body after 'afterprint'.
import { useCallback, useEffect, useState } from 'react';
import { reportPointId } from '../../core/report/reportIndex';
import { printDetails } from '../../state/reportDetails';
import type { PrintChoice } from './PrintDialog';
import { printSections } from './PrintBody';
import { printReport } from './printReport';
import type { ReportSession } from './reportSession';
import { toast } from '../../ui';

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
    const r = await printDetails(ids, (done) => setState({ kind: 'preparing', done, total: ids.length }));
    if (r.ok) setState({ kind: 'ready', choice, sections: printSections(session, choice, r.value) });
    else {
      toast(r.message, 'error');
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
