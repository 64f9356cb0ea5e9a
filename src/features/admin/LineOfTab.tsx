// The line a per-line tab ('Règle PK et image', Zones) edits, at its top, with the picker to change it. Nothing when the
// user reads one line only.
import { LinePicker } from '../layout/LinePicker';
import { useAtomValue } from 'jotai';
import { manyLinesAtom } from '../../state/tables';
import { LINES_TEXT as T } from './linesStrings';

export function LineOfTab() {
  const many = useAtomValue(manyLinesAtom);
  if (!many) return null;
  return (
    <div className="admin-line-of-tab">
      <span className="muted">{T.lineOfTab}</span>
      <LinePicker />
    </div>
  );
}
