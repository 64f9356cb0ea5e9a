// The 'Hors ligne' banner under the header, with the time of the last sync (and a warning when the network went
// before the app and the data were on the device); and the expired-session notice when the outbox waits for a sign-in.
import { useAtomValue } from 'jotai';
import { CloudOff, LogIn } from 'lucide-react';
import { Button } from '../../ui';
import { formatDateTimeFr } from '../../core/format';
import { authBlockedAtom, lastSyncAtom, offlineAtom, offlineReadyAtom, pendingCountAtom } from '../../state/offline/atoms';
import { confirmSignOut } from '../../state/offline/signOut';
import { OFFLINE_UI as T } from './strings';

export function OfflineBanner() {
  const offline = useAtomValue(offlineAtom);
  const lastSync = useAtomValue(lastSyncAtom);
  const blocked = useAtomValue(authBlockedAtom);
  const pending = useAtomValue(pendingCountAtom);
  const ready = useAtomValue(offlineReadyAtom);
  return (
    <>
      {offline && (
        <div className="offline-banner" role="status" aria-label={T.offline}>
          <CloudOff size={18} aria-hidden="true" />
          <strong>{T.offline}</strong>
          <span className="offline-sync">{T.lastSync(lastSync ? formatDateTimeFr(lastSync) : null)}</span>
          <span className="offline-hint">{T.offlineHint}</span>
          {!ready && <span className="offline-not-ready" role="alert">{T.notReadyOffline}</span>}
        </div>
      )}
      {blocked && !offline && pending > 0 && (
        <div className="offline-banner offline-auth" role="alert">
          <span>{T.authBlocked(pending)}</span>
          <Button size="sm" icon={<LogIn size={16} aria-hidden="true" />} onClick={() => void confirmSignOut()}>{T.signInAgain}</Button>
        </div>
      )}
    </>
  );
}
