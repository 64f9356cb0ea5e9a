// A short toast when the outbox has emptied after sending changes that waited for the network:
// the agent knows that what stayed on the device reached the server. Not for an online save (it has its own toast).
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { offlineAtom, outboxItemsAtom, recentlySentAtom } from '../../state/offline/atoms';
import { toast } from '../../ui/toast';
import { OFFLINE_UI as T } from './strings';

export function QueueSentToast() {
  const waiting = useAtomValue(outboxItemsAtom).length;
  const sent = useAtomValue(recentlySentAtom).length;
  const offline = useAtomValue(offlineAtom);
  const since = useRef<number | null>(null); // sent count when changes started waiting for the network
  useEffect(() => {
    if (waiting > 0 && offline && since.current === null) since.current = sent;
    if (waiting === 0 && since.current !== null) {
      const n = sent - since.current;
      since.current = null;
      if (n > 0) toast(T.queueSent(n), 'success', 3000);
    }
  }, [waiting, sent, offline]);
  return null;
}
