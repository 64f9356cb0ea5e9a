// Everything of the offline mode on the main screen, mounted once: banner, outbox panel, sign-out warning, 'sent' toast.
import { OfflineBanner } from './OfflineBanner';
import { OutboxPanel } from './OutboxPanel';
import { SignOutWarning } from './SignOutWarning';
import { QueueSentToast } from './QueueSentToast';
import './offline.css';

export function OfflineLayer() {
  return (
    <>
      <OfflineBanner />
      <OutboxPanel />
      <SignOutWarning />
      <QueueSentToast />
    </>
  );
}
