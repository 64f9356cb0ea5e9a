// The line shown, named in the header where the line picker is not (a phone or tablet, whose picker is in the
// drawer, or an installation of one line): its code, then its name as far as there is room.
import { useAtomValue } from 'jotai';
import { activeLineAtom } from '../../state/tables';
import { lineLabel } from '../../core/lines/filterLines';
import { LAYOUT_TEXT as T } from './strings';

export function HeaderLineName() {
  const active = useAtomValue(activeLineAtom);
  if (!active) return null;
  return (
    <span className="header-line" title={T.lineShown(lineLabel(active))} data-testid="header-line">
      <span className="sr-only">{T.lineShown('')}</span>
      <span className="line-picker-code">{active.code}</span>
      <span className="header-line-name">{active.name}</span>
    </span>
  );
}
