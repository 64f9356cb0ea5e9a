// Everything of the offline mode on the main screen, mounted once: banner, outbox panel, sign-out warning, 'sent' and
// 'Disponible hors ligne' toasts.
import { OfflineBanner } from './OfflineBanner';
import { OutboxPanel } from './OutboxPanel';
import { SignOutWarning } from './SignOutWarning';
import { QueueSentToast } from './QueueSentToast';
import { OfflineReadyNotice } from './OfflineReadyNotice';
import './offline.css';

export function OfflineLayer() {
  return (
    <>
      <OfflineBanner />
      <OutboxPanel />
      <SignOutWarning />
      <QueueSentToast />
      <OfflineReadyNotice />
    </>
  );
}
