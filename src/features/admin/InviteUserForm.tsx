// Invite form of the Utilisateurs tab: email → invite_user; shows 'Invitation créée pour {email}' and the one-time link.
import { useState, type FormEvent } from 'react';
import { Copy, Send } from 'lucide-react';
import { Alert, Button, TextInput } from '../../ui';
import { isValidEmail } from '../../core/admin/settingsValidation';
import { COPY_CONFIRMATION_MS } from '../../core/constants';
import { MailStatusNote } from './MailStatusNote';
import { A } from './strings';
import { useFlash } from './useLoad';

export type InviteView = { kind: 'success'; email: string; url: string | null } | { kind: 'error'; message: string } | null;

export function InviteUserForm({ result, onInvite }: { result: InviteView; onInvite: (email: string) => Promise<boolean> }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(email)) { setError(A.users.emailRequired); return; }
    setError(null);
    setBusy(true);
    const ok = await onInvite(email);
    setBusy(false);
    if (ok) setEmail('');
  };

  return (
    <section className="admin-section invite-form" aria-labelledby="invite-title">
      <h3 id="invite-title" className="admin-subheading">{A.users.inviteTitle}</h3>
      <MailStatusNote />
      <form className="invite-row" onSubmit={submit} noValidate>
        <TextInput
          label={A.users.emailLabel} type="email" name="invite-email" autoComplete="off" placeholder={A.users.emailPlaceholder}
          value={email} onChange={(e) => { setEmail(e.target.value); setError(null); }} error={error} fieldClassName="invite-email"
        />
        <Button type="submit" variant="primary" busy={busy} icon={<Send size={16} aria-hidden="true" />}>
          {busy ? A.users.inviting : A.users.invite}
        </Button>
      </form>
      {result?.kind === 'error' && <Alert kind="error">{result.message}</Alert>}
      {result?.kind === 'success' && <InviteLink email={result.email} url={result.url} />}
    </section>
  );
}

/** invite_user may return a path ('/invitation?token=…'): make it a full link to send. */
function absoluteUrl(url: string): string {
  try { return new URL(url, window.location.origin).toString(); } catch { return url; }
}

function InviteLink({ email, url: rawUrl }: { email: string; url: string | null }) {
  const url = rawUrl ? absoluteUrl(rawUrl) : null;
  const [copied, flash] = useFlash(COPY_CONFIRMATION_MS);
  const [copyError, setCopyError] = useState(false);
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopyError(false);
      flash(A.users.copied);
    } catch {
      setCopyError(true);
    }
  };
  return (
    <Alert kind="success">
      <p className="invite-success">{A.users.invited(email)}</p>
      {url && (
        <>
          <p className="invite-once">{A.users.linkOnce}</p>
          <div className="invite-link-row">
            <input className="input invite-link" readOnly value={url} aria-label={A.users.linkLabel} onFocus={(e) => e.currentTarget.select()} />
            <Button size="sm" icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>{A.users.copyLink}</Button>
          </div>
          {copied && <p className="invite-copied" role="status">{copied}</p>}
          {copyError && <p className="field-error">{A.users.copyFailed}</p>}
        </>
      )}
    </Alert>
  );
}
