// 'Disponible hors ligne': said once, in a toast, when the app (service worker) and the user's data reach this
// device during the page; never on an open where both were already there.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { offlineReadyNewsAtom } from '../../state/offline/atoms';
import { toast } from '../../ui/toast';
import { OFFLINE_UI as T } from './strings';

const SHOWN_MS = 8000;

export function OfflineReadyNotice() {
  const news = useAtomValue(offlineReadyNewsAtom);
  useEffect(() => {
    if (news) toast(T.offlineReady, 'success', SHOWN_MS);
  }, [news]);
  return null;
}
