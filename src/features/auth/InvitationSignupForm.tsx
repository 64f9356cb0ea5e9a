// Invite mode: checks the token ('Vérification de l'invitation...'), shows the invited email, then creates the account.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Spinner } from '../../ui';
import { validateInviteSignup } from '../../core/validation';
import { checkInvitation, signUpWithInvitation } from '../../state/auth';
import { toast } from '../../ui/toast';
import { tokenErrorMessage } from '../../state/authErrors';
import { PasswordInput } from './PasswordInput';
import { AUTH_TEXT as T } from './strings';

type Check = { state: 'checking' } | { state: 'ok'; email: string } | { state: 'error'; message: string };

export function InvitationSignupForm({ token, onDone }: { token: string | null; onDone: (notice: string | null) => void }) {
  const [check, setCheck] = useState<Check>(token ? { state: 'checking' } : { state: 'error', message: T.tokenMissing });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    checkInvitation(token)
      .then((email) => { if (alive) setCheck(email ? { state: 'ok', email } : { state: 'error', message: T.tokenNotFound }); })
      .catch((err) => { console.error(err); if (alive) setCheck({ state: 'error', message: tokenErrorMessage(err) }); });
    return () => { alive = false; };
  }, [token]);

  if (check.state === 'checking') return <div className="login-checking"><Spinner label={T.checkingInvitation} /></div>;
  if (check.state === 'error') {
    return (
      <div className="login-form">
        <Alert kind="error">{check.message}</Alert>
        <Button variant="secondary" className="btn-block" onClick={() => onDone(null)}>{T.backToSignin}</Button>
      </div>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = validateInviteSignup(token, password, confirm);
    setError(v);
    if (v || !token) return;
    setBusy(true);
    try {
      const res = await signUpWithInvitation(token, check.email, password);
      if (!res.ok) { setError(res.message); return; }
      toast(T.accountCreated, 'success');
      onDone(res.value ? null : `${T.accountCreated}. ${T.pleaseLogin}`);
    } catch (err) {
      console.error(err);
      setError(T.accountError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <Alert kind="info">{T.pleaseCreate}</Alert>
      <div className="field">
        <span className="field-label">{T.invitedAs}</span>
        <input className="input" type="email" name="email" autoComplete="username" value={check.email} readOnly aria-label={T.email} />
      </div>
      <PasswordInput label={T.password} name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordInput label={T.passwordConfirm} name="confirm-password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      {error && <Alert kind="error">{error}</Alert>}
      <Button type="submit" variant="primary" className="btn-block" busy={busy}>{busy ? T.creatingAccount : T.createAccount}</Button>
    </form>
  );
}
