// The single-sign-on block of the login screen (docs/product.md#single-sign-on, #constants): work email → domain → signInWithSSO,
// then the browser goes to the identity provider; a manual link (and a retry) if it has not left after 5 s.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, TextInput } from '../../ui';
import { emailDomain, validateSsoEmail } from '../../core/validation';
import { SSO_MANUAL_RETRY_MS, SSO_REDIRECT_TIMEOUT_MS } from '../../core/constants';
import { startSso } from '../../state/ssoActions';
import { SSO_TEXT as T } from './ssoStrings';

export function SsoBlock() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const go = (url: string) => {
    window.location.assign(url);
    // Still here after 5 s (blocked navigation, slow network): offer the link, and try once more 1 s later.
    timers.current.push(window.setTimeout(() => {
      setManualUrl(url);
      setBusy(false);
      timers.current.push(window.setTimeout(() => window.location.assign(url), SSO_MANUAL_RETRY_MS));
    }, SSO_REDIRECT_TIMEOUT_MS));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = validateSsoEmail(email);
    setFieldError(invalid);
    setError(null);
    setManualUrl(null);
    const domain = emailDomain(email);
    if (invalid || !domain) return;
    setBusy(true);
    const r = await startSso(domain, `${window.location.origin}/auth/callback`);
    if (r.ok) go(r.value);
    else {
      setError(r.message);
      setBusy(false);
    }
  };

  return (
    <form className="login-form sso-block" onSubmit={submit} noValidate aria-label={T.title}
      style={{ marginTop: 18, borderTop: '1px solid var(--c-border)', paddingTop: 14 }}>
      <p style={{ fontWeight: 600, marginBottom: 8 }}>{T.title}</p>
      <TextInput label={T.emailLabel} type="email" name="sso-email" autoComplete="email" inputMode="email" placeholder={T.emailPlaceholder}
        value={email} onChange={(e) => setEmail(e.target.value)} error={fieldError} />
      {error && <Alert kind="error">{error}</Alert>}
      {manualUrl && (
        <Alert kind="warning">
          {T.redirectSlow} <a href={manualUrl}>{T.redirectManual}</a>
        </Alert>
      )}
      <Button type="submit" variant="secondary" className="btn-block" busy={busy}>{busy ? T.submitting : T.submit}</Button>
    </form>
  );
}
