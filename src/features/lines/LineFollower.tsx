// Keeps the line shown readable: when another admin archives the line on screen (or it can no longer be
// read), the app moves to the default line and says so in French. Renders nothing.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { linesAtom } from '../../state/tables';
import { followShownLine } from '../../state/lineActions';
import { lineLabel } from '../../core/lines/filterLines';
import { toast } from '../../ui/toast';
import { LINES_TEXT as T } from './strings';

export function LineFollower() {
  const lines = useAtomValue(linesAtom);
  useEffect(() => {
    const moved = followShownLine();
    if (moved) toast(T.lineArchived(`« ${lineLabel(moved.left)} »`, `« ${lineLabel(moved.to)} »`), 'warning');
  }, [lines]);
  return null;
}
