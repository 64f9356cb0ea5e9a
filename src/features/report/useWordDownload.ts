// Word download state for the report view: progress of the streamed export (rows written, size so far), docs/product.md#word-document
// error text and alert.
import { useCallback, useState } from 'react';
import { downloadStreamedWordReport } from '../../state/reportActions';
import type { ReportSession } from './reportSession';
import { REPORT_MESSAGES, WORD_PROGRESS } from './strings';

export type WordState =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; value?: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'error'; message: string };

export function useWordDownload(session: ReportSession) {
  const [state, setState] = useState<WordState>({ kind: 'idle' });
  const start = useCallback(async () => {
    setState({ kind: 'running', label: WORD_PROGRESS.rows(0, session.plan.rows.length), value: 0 });
    const r = await downloadStreamedWordReport(session, (done, total, bytes) =>
      setState({ kind: 'running', label: WORD_PROGRESS.rows(done, total, bytes), value: total ? done / total : 1 }));
    if (r.ok) setState({ kind: 'done', fileName: r.value });
    else {
      setState({ kind: 'error', message: r.message });
      window.alert(REPORT_MESSAGES.wordAlert);
    }
  }, [session]);
  return { state, start };
}
