// Everything of the offline mode on the main screen, mounted once: banner, outbox panel, sign-out warning.
import { OfflineBanner } from './OfflineBanner';
import { OutboxPanel } from './OutboxPanel';
import { SignOutWarning } from './SignOutWarning';
import './offline.css';

export function OfflineLayer() {
  return (
    <>
      <OfflineBanner />
      <OutboxPanel />
      <SignOutWarning />
    </>
  );
}
