// What an empty point list says: that the points are still loading during the session's first load (an empty
// list then is not an answer), that no point passes the filter after it.
import { useAtomValue } from 'jotai';
import { firstLoadDoneAtom } from '../../state/firstLoad';
import { SIDEBAR_TEXT as T } from './strings';

export function useEmptyListText(): string {
  return useAtomValue(firstLoadDoneAtom) ? T.noPoints : T.loadingPoints;
}
