// Word download state for the report view: progress from the docx worker, SPEC §8 error text and alert.
import { useCallback, useState } from 'react';
import type { CriticalityLevel, ReportResult } from '../../core/types';
import { downloadWordReport } from '../../state/reportActions';
import type { DocxStage } from '../../../workers/docx.worker';
import { REPORT_MESSAGES, WORD_PROGRESS } from './strings';

export type WordState =
  | { kind: 'idle' }
  | { kind: 'running'; label: string; value?: number }
  | { kind: 'done'; fileName: string }
  | { kind: 'error'; message: string };

function progressOf(stage: DocxStage, done: number, total: number): { label: string; value?: number } {
  if (stage === 'images') return { label: WORD_PROGRESS.images(done, total), value: total ? (0.7 * done) / total : 0 };
  if (stage === 'build') return { label: WORD_PROGRESS.build, value: 0.75 };
  if (stage === 'pack') return { label: WORD_PROGRESS.pack, value: 0.85 };
  return { label: WORD_PROGRESS.done, value: 1 };
}

export function useWordDownload(report: ReportResult, levels: readonly CriticalityLevel[]) {
  const [state, setState] = useState<WordState>({ kind: 'idle' });
  const start = useCallback(async () => {
    setState({ kind: 'running', label: WORD_PROGRESS.images(0, 0), value: 0 });
    try {
      const fileName = await downloadWordReport(report, levels, (stage, done, total) => setState({ kind: 'running', ...progressOf(stage, done, total) }));
      setState({ kind: 'done', fileName });
    } catch (err) {
      console.error('Word report generation failed', err);
      setState({ kind: 'error', message: REPORT_MESSAGES.wordError });
      window.alert(REPORT_MESSAGES.wordAlert);
    }
  }, [report, levels]);
  return { state, start };
}
