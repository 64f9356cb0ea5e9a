// Tells the admin whether the server sends e-mail (docs/product.md#notifications): without SMTP, notifications stay
// in the app and invitation links are copied by hand.
import { useEffect, useState } from 'react';
import { Alert } from '../../ui';
import { mailEnabled } from '../../state/notifications';
import { A } from './strings';

export function MailStatusNote() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    mailEnabled().then((v) => { if (alive) setEnabled(v); }).catch((e) => console.warn('mail_status indisponible', e));
    return () => { alive = false; };
  }, []);
  if (enabled === null) return null;
  return enabled
    ? <p className="admin-note" data-testid="mail-status">{A.mail.on}</p>
    : <Alert kind="info"><span data-testid="mail-status">{A.mail.off}</span></Alert>;
}
