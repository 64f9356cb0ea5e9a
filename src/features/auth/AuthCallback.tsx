// The /auth/callback page (docs/product.md#single-sign-on): 'Connexion en cours...', the session from the URL (fragment read by
// supabase-js, or ?code= exchanged here), the profile ensured, then '/'; on failure the error parameters.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Spinner } from '../../ui';
import { completeSsoCallback } from '../../state/ssoActions';
import { Logo } from '../layout/Logo';
import { SSO_ERROR_HELP, SSO_TEXT as T } from './ssoStrings';

interface Failure { error: string; code: string | null; description: string | null; fromUrl: boolean }

/** Query and fragment parameters of the current URL (the query wins, like supabase-js). */
export function callbackParams(href: string): Record<string, string> {
  const url = new URL(href);
  const out: Record<string, string> = {};
  new URLSearchParams(url.hash.replace(/^#/, '')).forEach((v, k) => { out[k] = v; });
  url.searchParams.forEach((v, k) => { out[k] = v; });
  return out;
}

const DD = { margin: 0, fontFamily: 'var(--font-mono, monospace)' } as const;
const goHome = () => window.history.replaceState(null, '', '/');

export function AuthCallback() {
  const [failure, setFailure] = useState<Failure | null>(null);

  const run = useCallback(async () => {
    setFailure(null);
    const p = callbackParams(window.location.href);
    if (p.error || p.error_code || p.error_description) {
      setFailure({ error: p.error || T.ssoAuthError, code: p.error_code ?? null, description: p.error_description ?? null, fromUrl: true });
      return;
    }
    const r = await completeSsoCallback(p);
    if (r.ok) goHome();
    else setFailure({ error: r.message, code: r.code, description: r.description, fromUrl: false });
  }, []);

  useEffect(() => { void run(); }, [run]);

  if (!failure) {
    return (
      <div className="loading-screen">
        <Logo size={64} />
        <Spinner size="lg" label={T.connecting} />
      </div>
    );
  }
  const help = failure.code ? SSO_ERROR_HELP[failure.code] : undefined;
  return (
    <div className="login-page">
      <main className="login-card auth-callback-error">
        <h1 className="login-title">{T.authError}</h1>
        <Alert kind="error">
          {help && <p>{help}</p>}
          <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 8px', marginTop: help ? 8 : 0, overflowWrap: 'anywhere' }}>
            <dt>{T.errorLabel}</dt><dd style={DD} data-testid="sso-error">{failure.error}</dd>
            {failure.code && <><dt>{T.errorCodeLabel}</dt><dd style={DD} data-testid="sso-error-code">{failure.code}</dd></>}
            {failure.description && <><dt>{T.errorDescriptionLabel}</dt><dd style={DD} data-testid="sso-error-description">{failure.description}</dd></>}
          </dl>
        </Alert>
        <div style={{ display: 'flex', gap: 8, marginTop: 16, flexWrap: 'wrap' }}>
          <Button variant="primary" onClick={goHome}>{T.backHome}</Button>
          {/* An error sent by the server cannot be replayed: retrying means signing in again from the login screen. */}
          <Button onClick={() => (failure.fromUrl ? goHome() : void run())}>{T.retry}</Button>
        </div>
      </main>
    </div>
  );
}
