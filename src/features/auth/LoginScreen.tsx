// Login screen (docs/product.md#sign-in): signin or invite mode, the invitation help text (signin only), the SSO block
// (only when a provider is configured) and the privacy notice.
import { useEffect, useState } from 'react';
import { Logo } from '../layout/Logo';
import { SsoBlock } from './SsoBlock';
import { SigninForm } from './SigninForm';
import { InvitationSignupForm } from './InvitationSignupForm';
import { PrivacyNotice } from './PrivacyNotice';
import { AccessRevokedNotice } from './AccessRevokedNotice';
import { AUTH_TEXT as T } from './strings';
import { OnlineOnlyNotice } from '../offline/OnlineOnlyNotice';
import { AccessibilityLink } from '../accessibility/AccessibilityLink';
import { ssoConfigured } from '../../state/ssoActions';

export function LoginScreen({ inviteToken }: { inviteToken: string | null }) {
  const [mode, setMode] = useState<'signin' | 'invite'>(inviteToken !== null ? 'invite' : 'signin');
  const [notice, setNotice] = useState<string | null>(null);
  const [sso, setSso] = useState(false);
  useEffect(() => { let live = true; void ssoConfigured().then((on) => { if (live) setSso(on); }); return () => { live = false; }; }, []);

  const leaveInvite = (n: string | null) => {
    if (window.location.pathname !== '/' || window.location.search) window.history.replaceState(null, '', '/');
    setNotice(n);
    setMode('signin');
  };

  return (
    <div className="login-page">
      <main className="login-card">
        <div className="login-brand">
          <Logo size={44} />
          <div>
            <p className="login-app-title">{T.appTitle}</p>
            <p className="login-app-subtitle">{T.appSubtitle}</p>
          </div>
        </div>
        <h1 className="login-title">{mode === 'signin' ? T.titleSignin : T.titleInvite}</h1>
        <AccessRevokedNotice />
        <OnlineOnlyNotice what={mode === 'signin' ? 'La connexion' : 'L’inscription sur invitation'} />
        {mode === 'signin' ? <SigninForm notice={notice} /> : <InvitationSignupForm token={inviteToken || null} onDone={leaveInvite} />}
        {mode === 'signin' && sso && <SsoBlock />}
        {mode === 'signin' && <p className="login-help">{T.noAccount}</p>}
        <PrivacyNotice />
        <p className="login-footer"><AccessibilityLink /></p>
      </main>
    </div>
  );
}
