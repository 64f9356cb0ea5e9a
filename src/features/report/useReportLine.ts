// The line a report is about: its label ('L2 · Ligne B') when the user reads several lines, else null
// (a one-line installation's report reads as before).
import { useAtomValue } from 'jotai';
import { activeLineAtom, manyLinesAtom } from '../../state/tables';
import { lineLabel } from '../../core/lines/filterLines';

export function useReportLine(): string | null {
  const many = useAtomValue(manyLinesAtom);
  const line = useAtomValue(activeLineAtom);
  return many && line ? lineLabel(line) : null;
}
